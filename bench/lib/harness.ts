/**
 * Browser code of the bench's engine comparison (bench-engines.ts bundles it with esbuild and serves
 * it to a page of the site). It makes either search client, the embedded engine as the site runs it
 * (in the site's own search worker) or Pagefind, and times queries through the same Algolia-shaped
 * surface, all inside the page so that no round trip to the test driver falls inside a figure.
 */
import {createEmbeddedClient, type WorkerLike} from '../../src/search/page/client';
import type {SearchRequest, SearchResponse} from '../../src/search/engine/engine';
import {createPagefindClient, type PagefindModule} from './pagefind-client';

export type EngineName = 'site' | 'pagefind';

export interface EngineSetup {
  engine: EngineName;
  /** site: the index file of the built index. */
  indexUrl?: string;
  /** site: the site's built search worker. */
  workerUrl?: string;
  /** pagefind: the folder of `pagefind.js`. */
  pagefindBase?: string;
}

interface Client {
  search: (arg: unknown) => Promise<{results: SearchResponse[]}>;
}

export interface Timed {
  ms: number;
  start: number;
  end: number;
  nbHits: number;
  urls: string[];
}

export interface Harness {
  /** Makes the client if needed and answers one request; times both. */
  first: (setup: EngineSetup, request: SearchRequest) => Promise<Timed>;
  query: (request: SearchRequest) => Promise<Timed>;
  /** The whole response to one request, to look at the hits themselves. */
  response: (request: SearchRequest) => Promise<SearchResponse>;
  /** Every request once, in order, each timed. */
  all: (requests: SearchRequest[]) => Promise<Timed[]>;
  /** Main-thread tasks over 50 ms seen so far: start and duration. */
  longTasks: () => {start: number; duration: number}[];
}

let client: Client | undefined;
const tasks: {start: number; duration: number}[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) tasks.push({start: entry.startTime, duration: entry.duration});
}).observe({type: 'longtask', buffered: true});

function make(setup: EngineSetup): Client {
  if (setup.engine === 'site') {
    return createEmbeddedClient(setup.indexUrl!, {
      worker: () => new Worker(setup.workerUrl!, {name: 'search'}) as unknown as WorkerLike,
    });
  }
  const url = `${setup.pagefindBase!}pagefind.js`;
  return createPagefindClient({load: () => import(/* webpackIgnore: true */ url) as Promise<PagefindModule>});
}

async function timed(request: SearchRequest): Promise<Timed> {
  const start = performance.now();
  const {results} = await client!.search([request]);
  const end = performance.now();
  const result = results[0]!;
  return {ms: end - start, start, end, nbHits: result.nbHits, urls: result.hits.map((hit) => hit.url)};
}

const harness: Harness = {
  first: async (setup, request) => {
    const start = performance.now();
    client = make(setup);
    const answer = await timed(request);
    return {...answer, ms: answer.end - start, start};
  },
  query: timed,
  response: async (request) => (await client!.search([request])).results[0]!,
  all: async (requests) => {
    const out: Timed[] = [];
    for (const request of requests) out.push(await timed(request));
    return out;
  },
  longTasks: () => [...tasks],
};

(window as unknown as {benchHarness: Harness}).benchHarness = harness;
