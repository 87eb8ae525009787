/**
 * A search client with the surface of Algolia's lite client (`search` over a multi-query request)
 * answered by Pagefind, for the bench's comparison with the embedded engine (client.ts). The site
 * does not ship it: the production search is the embedded engine. pagefind-map.ts turns Pagefind's
 * pages and sections into DocSearch hits.
 */
import {readRequest, type SearchResponse} from '../../src/search/engine/engine';
import {requestsOf, RetryError} from '../../src/search/page/client';
import {hitCount, pagesToLoad, toResponse, type PagefindResultData} from './pagefind-map';

/** What the client needs of the module `pagefind.js` (Pagefind's browser API). */
export interface PagefindModule {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (
    term: string,
  ) => Promise<{results: {id: string; score: number; data: () => Promise<PagefindResultData>}[]} | null>;
}

export interface PagefindClientOptions {
  /** Loads `pagefind.js`, e.g. `() => import('/pagefind/pagefind.js')`. */
  load: () => Promise<PagefindModule>;
  /** Words in an excerpt; Pagefind sets it once for every search (the modal asks for 10). */
  excerptLength?: number;
  /** Put before Pagefind's URLs, which are paths. */
  origin?: string;
}

export function createPagefindClient(options: PagefindClientOptions) {
  let ready: Promise<PagefindModule> | undefined;
  const pagefind = () => {
    ready ??= (async () => {
      const module = await options.load();
      await module.options({excerptLength: options.excerptLength ?? 10, excerptEllipsis: '…'});
      await module.init();
      return module;
    })();
    ready.catch(() => {
      ready = undefined;
    });
    return ready;
  };

  async function one(request: Parameters<typeof readRequest>[0]): Promise<SearchResponse> {
    const started = Date.now();
    const opts = readRequest(request);
    const index = String(request.indexName ?? '');
    if (opts.query.trim() === '') return toResponse(opts, [], 0, index, options.origin);
    const found = (await (await pagefind()).search(opts.query))?.results ?? [];
    const pages: PagefindResultData[] = [];
    let hits = 0;
    // Only the pages needed for the requested page of hits are loaded, a batch at a time.
    for (
      let n = pagesToLoad(opts, 0, 0, found.length);
      n > 0;
      n = pagesToLoad(opts, pages.length, hits, found.length)
    ) {
      const batch = await Promise.all(found.slice(pages.length, pages.length + n).map((r) => r.data()));
      pages.push(...batch);
      hits += batch.reduce((sum, data) => sum + hitCount(data), 0);
    }
    return toResponse(opts, pages, found.length, index, options.origin, Date.now() - started);
  }

  return {
    appId: 'pagefind',
    addAlgoliaAgent: () => undefined,
    clearCache: async () => undefined,
    /** Loads Pagefind's script and WebAssembly ahead of the first query. */
    preload: () => pagefind().catch(() => undefined),
    search: async (arg: unknown): Promise<{results: SearchResponse[]}> => {
      const requests = requestsOf(arg);
      try {
        return {results: await Promise.all(requests.map(one))};
      } catch (error) {
        throw new RetryError(`Pagefind could not answer: ${(error as Error).message}`);
      }
    },
  };
}
