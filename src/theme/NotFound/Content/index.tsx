/**
 * The not-found page follows a redirect rule first, so an old link still reaches its page when the
 * host serves this page instead of answering with a redirect. Only when no rule matches does the
 * reader see "Page not found".
 *
 * It matches the address as the browser holds it (`window.location`, still percent-encoded), never
 * the router's decoded path: `/docs/%5Cevil.example/` must not become `/\evil.example/`. The rules
 * answer only safe targets (`src/redirects/safe.ts`). Once it has looked, it says so on `<html>`
 * (`data-redirect-checked`), which the browser tests wait for.
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
  // The router's location only tells when the address changes; the address itself is read raw.
  const routerLocation = useLocation();
  useEffect(() => {
    const {pathname, search, hash} = window.location;
    const match = resolveRedirect(REDIRECT_RULES, pathname, search);
    const follow = match !== undefined && match.location !== pathname + search;
    document.documentElement.dataset.redirectChecked = follow ? 'following' : 'none';
    if (follow) window.location.replace(match.location + hash);
  }, [routerLocation]);
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
