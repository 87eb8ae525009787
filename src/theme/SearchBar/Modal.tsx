/**
 * DocSearch's modal, loaded on first use. In embedded mode its search client is swapped for the
 * local engine; with Algolia configured it talks to Algolia. Everything else is DocSearch's own.
 */
import React, {useCallback, useMemo, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchModal} from '@docsearch/react/modal';
import '@docsearch/css';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useSearchLinkCreator} from '@docusaurus/theme-common';
import {
  mergeFacetFilters,
  useAlgoliaContextualFacetFilters,
  useSearchResultUrlProcessor,
} from '@docusaurus/theme-search-algolia/client';
import {embeddedClient} from '@site/src/search/lite-client';
import {MAX_RESULTS_PER_GROUP, PLACEHOLDER} from '@site/src/search/constants';
import './modal.css';

type Hit = {url: string};
type AlgoliaConfig = {appId: string; apiKey: string; indexName: string; searchParameters?: {facetFilters?: unknown}};

/** Starts fetching the engine and the index before the reader types. */
export function preloadSearch(): void {
  void embeddedClient()?.preload();
}

function HitLink({hit, children}: {hit: Hit; children: ReactNode}) {
  return <Link to={hit.url}>{children}</Link>;
}

export default function Modal({initialQuery, onClose}: {initialQuery?: string; onClose: () => void}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const algolia = siteConfig.themeConfig.algolia as AlgoliaConfig;
  const history = useHistory();
  const processUrl = useSearchResultUrlProcessor();
  const createSearchLink = useSearchLinkCreator();
  const contextual = useAlgoliaContextualFacetFilters();
  const facetFilters = mergeFacetFilters(contextual, (algolia.searchParameters?.facetFilters ?? []) as never);
  const embedded = embeddedClient();

  const navigator = useMemo(
    () => ({
      navigate({itemUrl}: {itemUrl: string}) {
        if (/^https?:\/\//.test(itemUrl)) window.location.href = itemUrl;
        else history.push(itemUrl);
      },
    }),
    [history],
  );
  const transformItems = useCallback(
    (items: Hit[]) => items.map((item) => ({...item, url: processUrl(item.url)})),
    [processUrl],
  );
  const transformSearchClient = useCallback(
    <T,>(client: T): T => (embedded ? (embedded as unknown as T) : client),
    [embedded],
  );
  const Footer = useCallback(
    ({state}: {state: {query: string; context: {nbHits?: number}}}) => (
      <Link to={createSearchLink(state.query)} onClick={onClose}>
        See all {state.context.nbHits} results
      </Link>
    ),
    [createSearchLink, onClose],
  );

  return createPortal(
    <div className={embedded ? 'ak-search--embedded' : undefined}>
      <DocSearchModal
        appId={algolia.appId}
        apiKey={algolia.apiKey}
        indexName={algolia.indexName}
        placeholder={PLACEHOLDER}
        searchParameters={{facetFilters: facetFilters as never}}
        maxResultsPerGroup={MAX_RESULTS_PER_GROUP}
        initialScrollY={window.scrollY}
        {...(initialQuery ? {initialQuery} : {})}
        onClose={onClose}
        navigator={navigator as never}
        transformItems={transformItems as never}
        hitComponent={HitLink as never}
        transformSearchClient={transformSearchClient as never}
        resultsFooterComponent={Footer as never}
      />
    </div>,
    document.body,
  );
}
