/**
 * Stands in for `algoliasearch/lite` in the browser bundle (see the search plugin's alias), so the
 * theme's search page runs unchanged in both modes: in embedded mode every query is answered by the
 * local engine; with Algolia configured, queries go to Algolia. Either way a page holds 20 hits, and
 * snippets lose their own trailing ellipsis, since the page adds one.
 */
import globalData from '@generated/globalData';
// The real client, reached through an alias of its own (the plain name points at this file).
import {liteClient as algoliaLiteClient} from 'algoliasearch-original-lite';
import {createEmbeddedClient, type WorkerLike} from './client';
import {withoutTrailingEllipsis} from './page-snippets';
import {HITS_PER_PAGE, SEARCH_PLUGIN_NAME, type SearchGlobalData} from './constants';

const data = (globalData as Record<string, Record<string, SearchGlobalData> | undefined>)[SEARCH_PLUGIN_NAME]?.default;

let embedded: ReturnType<typeof createEmbeddedClient> | undefined;

/** The embedded client of this page, created once. */
export function embeddedClient(): ReturnType<typeof createEmbeddedClient> | undefined {
  if (!data?.indexUrl) return undefined;
  // The worker fetches the shards; it resolves addresses against its own script, so give it a full one.
  const indexUrl = typeof window === 'undefined' ? data.indexUrl : new URL(data.indexUrl, window.location.href).href;
  embedded ??= createEmbeddedClient(indexUrl, {
    // Fetching, indexing and searching happen in a worker, off the page's main thread.
    worker: () => new Worker(new URL('./worker.ts', import.meta.url), {name: 'search'}) as unknown as WorkerLike,
  });
  return embedded;
}

function withPageSize(arg: unknown): unknown {
  const fix = (request: Record<string, unknown>) =>
    request.params && typeof request.params === 'object'
      ? {...request, params: {...(request.params as object), hitsPerPage: HITS_PER_PAGE}}
      : {...request, hitsPerPage: HITS_PER_PAGE};
  if (Array.isArray(arg)) return arg.map(fix);
  const requests = (arg as {requests?: Record<string, unknown>[]}).requests;
  return requests ? {...(arg as object), requests: requests.map(fix)} : arg;
}

export function liteClient(appId: string, apiKey: string, options?: object) {
  const client = embeddedClient() ?? algoliaLiteClient(appId, apiKey, options);
  const search = client.search.bind(client) as (arg: unknown) => Promise<unknown>;
  return Object.assign(client, {search: (arg: unknown) => search(withPageSize(arg)).then(withoutTrailingEllipsis)});
}
