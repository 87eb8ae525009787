/**
 * A search client with the surface of Algolia's lite client (`search` over a multi-query request),
 * answered in the browser by the embedded engine. The index is fetched on the first query and kept.
 */
import type {SearchRequest, SearchResponse} from './engine';

type Engine = {multiSearch: (requests: readonly SearchRequest[]) => {results: SearchResponse[]}};

/** The error DocSearch recognises as "could not reach the search service". */
export class RetryError extends Error {
  override name = 'RetryError';
}

/** Algolia's clients take `search([...])` (v4) or `search({requests: [...]})` (v5). */
export function requestsOf(arg: unknown): SearchRequest[] {
  if (Array.isArray(arg)) return arg as SearchRequest[];
  if (arg && typeof arg === 'object' && Array.isArray((arg as {requests?: unknown}).requests)) {
    return (arg as {requests: SearchRequest[]}).requests;
  }
  throw new TypeError('search() expects a list of requests or {requests: [...]}');
}

export interface EmbeddedClient {
  search: (arg: unknown) => Promise<{results: SearchResponse[]}>;
  addAlgoliaAgent: (...args: unknown[]) => void;
  clearCache: () => Promise<void>;
  /** Starts loading the index ahead of the first query. */
  preload: () => Promise<unknown>;
  appId: string;
}

export function createEmbeddedClient(indexUrl: string, fetcher: typeof fetch = (...a) => fetch(...a)): EmbeddedClient {
  let loading: Promise<Engine> | undefined;
  const load = () => {
    loading ??= (async () => {
      const [{SearchEngine}, {unpackIndex}, response] = await Promise.all([
        import('./engine'),
        import('./pack'),
        fetcher(indexUrl),
      ]);
      if (!response.ok) throw new Error(`The search index answered ${response.status}`);
      // Titles and headings answer at once; body text joins in the background.
      return new SearchEngine(unpackIndex(await response.json()), {deferContent: true});
    })();
    // A failed load is forgotten, so the next query tries again.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    appId: 'embedded',
    preload: () => load().catch(() => undefined),
    addAlgoliaAgent: () => undefined,
    clearCache: async () => undefined,
    search: async (arg) => {
      const requests = requestsOf(arg);
      let engine: Engine;
      try {
        engine = await load();
      } catch (error) {
        throw new RetryError(`Unable to load the search index: ${(error as Error).message}`);
      }
      return engine.multiSearch(requests);
    },
  };
}
