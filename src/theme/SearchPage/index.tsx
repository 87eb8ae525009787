/** The theme's search page, with a description of its own for search engines and link previews. */
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import SearchPage from '@theme-original/SearchPage';

const DESCRIPTION =
  'Search every page of the authentik documentation: guides, references, release notes and advisories.';

export default function SearchPageWrapper(): ReactNode {
  return (
    <>
      <Head>
        <meta name="description" content={DESCRIPTION} />
        <meta property="og:description" content={DESCRIPTION} />
      </Head>
      <SearchPage />
    </>
  );
}
