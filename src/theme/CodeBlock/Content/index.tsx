/**
 * The lines of a code block from the tokens made at build time (src/code-highlight/tokens.ts), in
 * place of the theme's in-browser Prism. The markup is the theme's: `pre.prism-code > code >` one
 * line element per line, tokens as `span.token.<type>`; colours come from CSS per colour mode.
 */
import React, {useMemo, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext, type CodeBlockMetadata} from '@docusaurus/theme-common/internal';
import type {LineInputProps, LineOutputProps, TokenInputProps, TokenOutputProps} from 'prism-react-renderer';
import type {Props} from '@theme/CodeBlock/Content';
import Line from '@theme/CodeBlock/Line';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import {decodeTokens} from '../../../code-highlight/tokens';

/** The theme's metadata plus the encoded tokens from the build. */
export type TokenizedMetadata = CodeBlockMetadata & {tokens?: string};

function getLineProps({className, line: _line, ...rest}: LineInputProps): LineOutputProps {
  return {...rest, className: clsx('token-line', className)};
}

function getTokenProps({className, token, ...rest}: TokenInputProps): TokenOutputProps {
  return {...rest, className: clsx('token', ...token.types, className), children: token.content};
}

export default function CodeBlockContent({className}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const {code, codeInput, language, lineNumbersStart, lineClassNames, tokens} = metadata as TokenizedMetadata;
  const lines = useMemo(() => decodeTokens(tokens, codeInput, code), [tokens, codeInput, code]);
  const numbered = lineNumbersStart !== undefined;
  const codeProps: ComponentProps<'code'> = {
    className: clsx(styles.codeBlockLines, numbered && styles.codeBlockLinesWithNumbering),
    style: numbered ? {counterReset: `line-count ${lineNumbersStart - 1}`} : undefined,
  };
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      tabIndex={0}
      className={clsx(className, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}
    >
      <code {...codeProps}>
        {lines.map((line, i) => (
          <Line
            key={i}
            line={line}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={lineClassNames[i]}
            showLineNumbers={numbered}
          />
        ))}
      </code>
    </pre>
  );
}
