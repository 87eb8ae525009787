/**
 * Starts the search worker the moment a reader shows intent (hover, focus, touch, a shortcut), from
 * the page's own bundle: the worker's script and the first index shard then load while the modal's
 * code is still on its way, instead of after it. A few hundred bytes; the engine loads inside the
 * worker (./worker-entry.ts). The embedded client (./embedded-client.ts) takes the started worker over.
 */
import globalData from '@generated/globalData';
import type {WorkerLike} from './client';
import {createWorkerStarter} from './worker-starter';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData} from './constants';

const data = (globalData as Record<string, Record<string, SearchGlobalData> | undefined>)[SEARCH_PLUGIN_NAME]?.default;

/** The index URL in full: the worker resolves addresses against its own script. */
export function searchIndexUrl(): string | undefined {
  if (!data?.indexUrl) return undefined;
  return typeof window === 'undefined' ? data.indexUrl : new URL(data.indexUrl, window.location.href).href;
}

/**
 * Makes a search worker, named after the first shard's address: the worker starts fetching it as
 * soon as its script runs, without waiting for a message (./worker-entry.ts).
 */
export function makeSearchWorker(indexUrl: string): WorkerLike {
  return new Worker(new URL('./worker.ts', import.meta.url), {name: indexUrl}) as unknown as WorkerLike;
}

const starter = createWorkerStarter(makeSearchWorker);

/**
 * Starts the worker once and has it load the first shard (./worker-starter.ts). Nothing happens in
 * hosted (Algolia) mode, or where no worker can be made: the embedded client then makes its own, or
 * runs the engine in place.
 */
export function startSearchWorker(): void {
  const indexUrl = searchIndexUrl();
  if (indexUrl && typeof Worker !== 'undefined') starter.start(indexUrl);
}

/** The worker started by `startSearchWorker`, if any, handed to the embedded client once. */
export function takeStartedWorker(): WorkerLike | undefined {
  return starter.take();
}
