/**
 * A search client with the surface of Algolia's lite client (`search` over a multi-query request),
 * answered by the embedded engine over the index in pieces. In the browser the engine runs in a Web
 * Worker, so fetching, indexing and searching never hold up the page; where no worker can be made
 * (Node, the tests) it runs in place.
 */
import type {SearchRequest, SearchResponse} from '../engine/request';
import type {Fetcher} from '../engine/term-search';
import type {WorkerRequest, WorkerResponse} from '../worker/answer';

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
  appId: string;
}

/** What the client needs of a Web Worker. */
export interface WorkerLike {
  postMessage: (message: WorkerRequest) => void;
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface ClientOptions {
  /** Used when the engine runs in place. */
  fetcher?: Fetcher;
  /** Makes the search worker; without it, or when it throws, the engine runs in place. */
  worker?: () => WorkerLike;
}

type Run = (requests: SearchRequest[]) => Promise<SearchResponse[]>;

/** Runs the engine in a worker: one message per call, answered by id. */
function inWorker(indexUrl: string, make: () => WorkerLike): Run {
  let next = 0;
  const waiting = new Map<number, {resolve: (r: SearchResponse[]) => void; reject: (e: Error) => void}>();
  const start = () => {
    const made = make();
    made.onmessage = ({data}) => {
      const call = waiting.get(data.id);
      waiting.delete(data.id);
      if ('error' in data) call?.reject(new Error(data.error));
      else call?.resolve(data.results as SearchResponse[]);
    };
    // A worker that cannot start fails every call in flight; the next call makes a new one.
    made.onerror = () => {
      worker = undefined;
      for (const call of waiting.values()) call.reject(new Error('The search worker failed'));
      waiting.clear();
    };
    return made;
  };
  // Made at once, so that a browser that cannot make it falls back to running in place.
  let worker: WorkerLike | undefined = start();
  return (requests) =>
    new Promise((resolve, reject) => {
      worker ??= start();
      const id = (next += 1);
      waiting.set(id, {resolve, reject});
      worker.postMessage({id, indexUrl, requests});
    });
}

/**
 * Runs the engine on this thread (Node, the tests). It loads the worker's own engine module, so that
 * the bundler makes one chunk of the engine for both.
 */
function inPlace(indexUrl: string, fetcher: Fetcher): Run {
  let search: Promise<import('../engine/term-search').TermSearch> | undefined;
  return async (requests) => {
    search ??= import('../worker/answer').then(({TermSearch}) => new TermSearch(indexUrl, fetcher));
    return (await (await search).search(requests)).results;
  };
}

export function createEmbeddedClient(indexUrl: string, options: ClientOptions = {}): EmbeddedClient {
  const fetcher: Fetcher = options.fetcher ?? ((url) => fetch(url));
  let run: Run | undefined;
  const runner = (): Run => {
    if (run) return run;
    try {
      run = options.worker ? inWorker(indexUrl, options.worker) : inPlace(indexUrl, fetcher);
    } catch {
      run = inPlace(indexUrl, fetcher);
    }
    return run;
  };
  return {
    appId: 'embedded',
    addAlgoliaAgent: () => undefined,
    clearCache: async () => undefined,
    search: async (arg) => {
      const requests = requestsOf(arg);
      try {
        return {results: await runner()(requests)};
      } catch (error) {
        throw new RetryError(`Unable to load the search index: ${(error as Error).message}`);
      }
    },
  };
}
