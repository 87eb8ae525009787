/**
 * One line of a code block. The lines sit inside `<code>`, where only phrasing content is valid, so
 * each line is a `<span>` displayed as a block (the stock theme uses a `<div>`).
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import LineToken from '@theme/CodeBlock/Line/Token';
import type {Props} from '@theme/CodeBlock/Line';
import numbered from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';
import styles from './styles.module.css';

export default function CodeBlockLine({
  line,
  classNames,
  showLineNumbers,
  getLineProps,
  getTokenProps,
}: Props): ReactNode {
  // A line that is only a newline renders empty: the closing <br> is its line break.
  const tokens = line.length === 1 && line[0]!.content === '\n' ? [{...line[0]!, content: ''}] : line;
  const content = tokens.map((token, key) => {
    const tokenProps = getTokenProps({token});
    return (
      <LineToken key={key} {...tokenProps} line={tokens} token={token}>
        {tokenProps.children}
      </LineToken>
    );
  });
  const lineProps = getLineProps({
    line: tokens,
    className: clsx(classNames, showLineNumbers ? numbered.codeLine : styles.line),
  });
  return (
    <span {...lineProps}>
      {showLineNumbers ? (
        <>
          <span className={numbered.codeLineNumber} />
          <span className={numbered.codeLineContent}>{content}</span>
        </>
      ) : (
        content
      )}
      <br />
    </span>
  );
}
