/**
 * The embedded search client of this page, created once: its engine runs in a Web Worker, which
 * fetches the index's pieces and answers off the page's main thread. It takes over the worker that the
 * search button started (./start-worker.ts) when there is one.
 */
import {createEmbeddedClient} from './client';
import {makeSearchWorker, searchIndexUrl, takeStartedWorker} from './start-worker';

let embedded: ReturnType<typeof createEmbeddedClient> | undefined;

/** The client, or undefined when the site searches Algolia instead (no embedded index). */
export function embeddedClient(): ReturnType<typeof createEmbeddedClient> | undefined {
  const indexUrl = searchIndexUrl();
  if (!indexUrl) return undefined;
  embedded ??= createEmbeddedClient(indexUrl, {worker: () => takeStartedWorker() ?? makeSearchWorker(indexUrl)});
  return embedded;
}
