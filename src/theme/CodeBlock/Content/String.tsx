/**
 * The theme's string code block, plus the build-time tokens (the `tokens` property that
 * src/remark/code-tokens.ts gives every fenced block), carried in the block's context for
 * `@theme/CodeBlock/Content` to render.
 */
import React, {type ReactNode} from 'react';
import {useThemeConfig} from '@docusaurus/theme-common';
import {CodeBlockContextProvider, createCodeBlockMetadata, useCodeWordWrap} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content/String';
import CodeBlockLayout from '@theme/CodeBlock/Layout';
import type {TokenizedMetadata} from '../Content';

export default function CodeBlockString(props: Props & {tokens?: string}): ReactNode {
  const {prism} = useThemeConfig();
  const metadata: TokenizedMetadata = {
    ...createCodeBlockMetadata({
      code: props.children,
      className: props.className,
      metastring: props.metastring,
      magicComments: prism.magicComments,
      defaultLanguage: prism.defaultLanguage,
      language: props.language,
      title: props.title,
      showLineNumbers: props.showLineNumbers,
    }),
    tokens: props.tokens,
  };
  const wordWrap = useCodeWordWrap();
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <CodeBlockLayout />
    </CodeBlockContextProvider>
  );
}
