/**
 * The not-found page. It follows a redirect rule first, so an old link still reaches its page when
 * the host serves this page instead of answering with a redirect. Only when no rule matches does
 * the reader see "Page Not Found", with the pages whose titles best match the words of the address
 * (src/search/engine/suggest.ts), and the ways on: the home page and a search for those words.
 *
 * It matches the address as the browser holds it (`window.location`, still percent-encoded), never
 * the router's decoded path: `/docs/%5Cevil.example/` must not become `/\evil.example/`. The rules
 * answer only safe targets (`src/redirects/safe.ts`). Once it has looked, it says so on `<html>`
 * (`data-redirect-checked`), which the browser tests wait for.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import {usePluginData} from '@docusaurus/useGlobalData';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {PageMetadata} from '@docusaurus/theme-common';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {REDIRECT_RULES} from '@site/src/redirects/rules';
import {resolveRedirect, rulesUnder} from '@site/src/redirects/match';
import {offBase} from '@site/src/config/base-url';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData} from '@site/src/search/constants';
import {addressWords, suggestPages, type PageTitle, type Suggestion} from '@site/src/search/engine/suggest';

export default function NotFoundContent({className}: Props): ReactNode {
  const {titlesUrl} = usePluginData(SEARCH_PLUGIN_NAME) as SearchGlobalData;
  const {baseUrl} = useDocusaurusContext().siteConfig;
  // The router's location only tells when the address changes; the address itself is read raw.
  const routerLocation = useLocation();
  const [words, setWords] = useState<string[]>([]);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  useEffect(() => {
    const {pathname, search, hash} = window.location;
    const match = resolveRedirect(rulesUnder(REDIRECT_RULES, baseUrl), pathname, search, baseUrl);
    const follow = match !== undefined && match.location !== pathname + search;
    document.documentElement.dataset.redirectChecked = follow ? 'following' : 'none';
    if (follow) {
      window.location.replace(match.location + hash);
      return undefined;
    }
    // The words of the address below the base path (a page outside it has all its words).
    const sitePath = offBase(baseUrl, pathname) ?? pathname;
    setWords(addressWords(sitePath));
    let current = true;
    fetch(titlesUrl)
      .then((response) => (response.ok ? (response.json() as Promise<PageTitle[]>) : []))
      .then((pages) => current && setSuggestions(suggestPages(sitePath, pages)))
      // Without suggestions the page still offers the home page and search.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [routerLocation, titlesUrl, baseUrl]);

  return (
    <>
      <PageMetadata
        title="Page Not Found"
        description="This address is not a page of the authentik documentation. Search the docs or start from the home page."
      />
      <main className={clsx('container margin-vert--xl', className)}>
        <div className="row">
          <div className="col col--6 col--offset-3">
            <Heading as="h1" className="hero__title">
              Page Not Found
            </Heading>
            <p>
              We could not find what you were looking for. If a link brought you here, the page may have moved or the
              link may be mistyped.
            </p>
            <div aria-live="polite">
              {suggestions.length > 0 && (
                <>
                  <Heading as="h2">Pages with a similar name</Heading>
                  <ul className="ak-suggestions">
                    {suggestions.map(({route, title}) => (
                      <li key={route}>
                        <Link to={route}>{title}</Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
            <p>
              <Link to="/">Go to the home page</Link>
              {' or '}
              <Link to={words.length ? `/search/?q=${encodeURIComponent(words.join(' '))}` : '/search/'}>
                search the documentation
              </Link>
              .
            </p>
          </div>
        </div>
      </main>
    </>
  );
}
