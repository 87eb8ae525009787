/**
 * The page's content, plus its Markdown copy: a `<link rel="alternate" type="text/markdown">` in the
 * head, and the Copy page button with the View as Markdown link beside the title.
 */
import React, {type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import Head from '@docusaurus/Head';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyPage from '@site/src/components/CopyPage';

export default function ContentWrapper(props: WrapperProps<typeof ContentType>): ReactNode {
  // `markdownPath` of src/markdown-copies/paths.ts, written out: every permalink ends in a slash.
  const href = `${useDoc().metadata.permalink}index.html.md`;
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={href} />
      </Head>
      <CopyPage href={href} />
      <Content {...props} />
    </>
  );
}
