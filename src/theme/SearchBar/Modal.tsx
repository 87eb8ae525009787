/**
 * DocSearch's modal, loaded on first use. In embedded mode its search client is swapped for the
 * local engine; with Algolia configured it talks to Algolia. Everything else is DocSearch's own.
 */
import React, {useCallback, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
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
import {embeddedClient} from '@site/src/search/page/embedded-client';
import {MAX_RESULTS_PER_GROUP, PLACEHOLDER} from '@site/src/search/constants';
import './modal.css';

type Hit = {url: string};
type Client = {search: (arg: unknown) => Promise<unknown>};

/** DocSearch's own words for a search service it cannot reach. */
export const ERROR_TITLE = 'Unable to fetch results';
export const ERROR_HELP = 'You might want to check your network connection.';

/**
 * DocSearch 3 sets its "error" status and then resets it to idle in the same tick, so its error
 * screen never stays up. We follow the client's outcome ourselves and draw the same screen, with
 * DocSearch's classes and texts, in place of the misleading "No results" screen. `onAnswer` hears
 * of every outcome, results or failure.
 */
function useFailureTracking(onAnswer?: () => void): [boolean, <T extends Client>(client: T) => T] {
  const [failed, setFailed] = useState(false);
  const answered = useRef(onAnswer);
  answered.current = onAnswer;
  const track = useCallback(<T extends Client>(client: T): T => {
    const search = client.search.bind(client);
    return Object.assign(Object.create(client) as T, {
      search: (arg: unknown) =>
        search(arg).then(
          (result) => {
            setFailed(false);
            answered.current?.();
            return result;
          },
          (error: unknown) => {
            setFailed(true);
            answered.current?.();
            throw error;
          },
        ),
    });
  }, []);
  return [failed, track];
}

function ErrorScreen(): ReactNode {
  const [dropdown, setDropdown] = useState<Element | null>(null);
  useEffect(() => setDropdown(document.querySelector('.DocSearch-Dropdown')), []);
  if (!dropdown) return null;
  return createPortal(
    <div className="DocSearch-ErrorScreen" role="alert">
      <p className="DocSearch-Title">{ERROR_TITLE}</p>
      <p className="DocSearch-Help">{ERROR_HELP}</p>
    </div>,
    dropdown,
  );
}
/**
 * Attributes DocSearch 3.9 sets on its backdrop. They make the backdrop a focusable button (named by
 * the search label) that holds the whole dialog: a control nested around controls. The backdrop
 * keeps its click-to-close; the dialog inside gets the dialog role instead.
 */
const BACKDROP_ATTRIBUTES = ['role', 'tabindex', 'aria-expanded', 'aria-haspopup', 'aria-labelledby', 'aria-controls'];

/** The ids in an id list that name an element of the page. */
function existingIds(list: string, exists: (id: string) => boolean): string {
  return list
    .split(/\s+/)
    .filter((id) => id && exists(id))
    .join(' ');
}

/**
 * Repairs DocSearch 3.9's markup while the modal is open: the backdrop's button semantics (above),
 * and the field's `aria-controls`, which names a result list for every group, also for groups that
 * have no results and so no list.
 */
function useDialogSemantics(): void {
  useEffect(() => {
    const backdrop = document.querySelector('.DocSearch-Container');
    const dialog = backdrop?.querySelector('.DocSearch-Modal');
    if (!backdrop || !dialog) return undefined;
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'Search');
    // What DocSearch declared, and what we last wrote in its place.
    let declared = '';
    let written: string | null = null;
    const repair = () => {
      BACKDROP_ATTRIBUTES.forEach((name) => backdrop.removeAttribute(name));
      const input = dialog.querySelector('.DocSearch-Input');
      if (!input) return;
      const current = input.getAttribute('aria-controls');
      if (current !== written && current !== null) declared = current;
      const present = existingIds(declared, (id) => document.getElementById(id) !== null);
      written = present || null;
      if (current === written) return;
      if (written) input.setAttribute('aria-controls', written);
      else input.removeAttribute('aria-controls');
    };
    repair();
    // DocSearch sets them again as results come and go.
    const observer = new MutationObserver(repair);
    observer.observe(backdrop, {
      attributes: true,
      childList: true,
      subtree: true,
      attributeFilter: BACKDROP_ATTRIBUTES,
    });
    return () => observer.disconnect();
  }, []);
}

type AlgoliaConfig = {appId: string; apiKey: string; indexName: string; searchParameters?: {facetFilters?: unknown}};

/** Opens a result: here, or in a new tab on a middle click or a click with Ctrl, Cmd or Shift. */
function openResult(
  url: string,
  event: {button: number; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean},
  go: (url: string) => void,
): void {
  if (event.button === 1 || event.ctrlKey || event.metaKey || event.shiftKey) window.open(url, '_blank', 'noopener');
  else if (event.button === 0) go(url);
}

/**
 * A result is an option of DocSearch's list: the arrow keys move through the options and Enter opens
 * one. An option's content is presentational, so a link inside it would be a control nested in a
 * control; the result is an `<a>` without `href` (not focusable, not a control) that opens its page
 * on click.
 */
function HitLink({hit, children}: {hit: Hit; children: ReactNode}) {
  const history = useHistory();
  const go = (url: string) => (/^https?:\/\//.test(url) ? window.location.assign(url) : history.push(url));
  return (
    // Not a link (no href): an option's content; DocSearch's styles for the result still apply.
    // eslint-disable-next-line @docusaurus/no-html-links
    <a
      className="ak-search-hit"
      data-url={hit.url}
      onClick={(event) => openResult(hit.url, event, go)}
      onAuxClick={(event) => openResult(hit.url, event, go)}
    >
      {children}
    </a>
  );
}

export default function Modal({
  initialQuery,
  onClose,
  onAnswer,
}: {
  initialQuery?: string;
  onClose: () => void;
  /** Called as each search settles, with results or an error; DocSearch draws the outcome next. */
  onAnswer?: () => void;
}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const algolia = siteConfig.themeConfig.algolia as AlgoliaConfig;
  const history = useHistory();
  const processUrl = useSearchResultUrlProcessor();
  const createSearchLink = useSearchLinkCreator();
  const contextual = useAlgoliaContextualFacetFilters();
  const facetFilters = mergeFacetFilters(contextual, (algolia.searchParameters?.facetFilters ?? []) as never);
  const embedded = embeddedClient();
  const [failed, track] = useFailureTracking(onAnswer);
  useDialogSemantics();

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
    <T,>(client: T): T => track((embedded ?? client) as unknown as Client) as unknown as T,
    [embedded, track],
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
    <div
      className={
        [embedded ? 'ak-search--embedded' : '', failed ? 'ak-search--failed' : ''].join(' ').trim() || undefined
      }
    >
      {failed && <ErrorScreen />}
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
