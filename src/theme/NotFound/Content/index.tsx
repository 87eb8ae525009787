/**
 * The not-found page follows a redirect rule first, so an old link still reaches its page when the
 * host serves this page instead of answering with a redirect. Only when no rule matches does the
 * reader see "Page not found".
 */
import React, {useEffect, type ReactNode} from 'react';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import {REDIRECT_RULES} from '@site/src/redirects/rules';
import {resolveRedirect} from '@site/src/redirects/match';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {pathname, search, hash} = useLocation();
  useEffect(() => {
    const match = resolveRedirect(REDIRECT_RULES, pathname, search);
    if (match && match.location !== pathname + search) window.location.replace(match.location + hash);
  }, [pathname, search, hash]);
  // Inside the docs (served at /), the theme shows this content without a page title of its own.
  return (
    <>
      <PageMetadata
        title="Page Not Found"
        description="This address is not a page of the authentik documentation. Search the docs or start from the home page."
      />
      <Content {...props} />
    </>
  );
}
