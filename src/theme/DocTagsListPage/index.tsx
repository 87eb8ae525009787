/** The list of all tags, with a description of its own for search engines and link previews. */
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import DocTagsListPage from '@theme-original/DocTagsListPage';
import type DocTagsListPageType from '@theme/DocTagsListPage';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof DocTagsListPageType>;

const DESCRIPTION = 'Every topic tag of the authentik documentation, with the number of pages under each.';

export default function DocTagsListPageWrapper(props: Props): ReactNode {
  return (
    <>
      <Head>
        <meta name="description" content={DESCRIPTION} />
        <meta property="og:description" content={DESCRIPTION} />
      </Head>
      <DocTagsListPage {...props} />
    </>
  );
}
