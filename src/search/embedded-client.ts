/**
 * The embedded search client of this page, created once: its engine runs in a Web Worker, which
 * fetches and indexes the shards off the page's main thread. A module of its own, without
 * Algolia's client or DocSearch, so the search button can start the worker and the first shard
 * loading beside the modal's code rather than after it.
 */
import globalData from '@generated/globalData';
import {createEmbeddedClient, type WorkerLike} from './client';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData} from './constants';

const data = (globalData as Record<string, Record<string, SearchGlobalData> | undefined>)[SEARCH_PLUGIN_NAME]?.default;

let embedded: ReturnType<typeof createEmbeddedClient> | undefined;

/** The client, or undefined when the site searches Algolia instead (no embedded index). */
export function embeddedClient(): ReturnType<typeof createEmbeddedClient> | undefined {
  if (!data?.indexUrl) return undefined;
  // The worker fetches the shards; it resolves addresses against its own script, so give it a full one.
  const indexUrl = typeof window === 'undefined' ? data.indexUrl : new URL(data.indexUrl, window.location.href).href;
  embedded ??= createEmbeddedClient(indexUrl, {
    worker: () => new Worker(new URL('./worker.ts', import.meta.url), {name: 'search'}) as unknown as WorkerLike,
  });
  return embedded;
}

/** Starts the worker fetching and indexing the first shard, ahead of the first query. */
export function preloadSearch(): void {
  void embeddedClient()?.preload();
}
