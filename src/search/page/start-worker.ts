/**
 * Starts the search worker the moment a reader shows intent (hover, focus, touch, a shortcut), from
 * the page's own bundle: the worker's script and the index file then load while the modal's
 * code is still on its way, instead of after it. A few hundred bytes; the engine loads inside the
 * worker (../worker/boot.ts). The embedded client (./embedded-client.ts) takes the started worker over.
 */
import globalData from '@generated/globalData';
import type {WorkerLike} from './client';
import type {WorkerRequest} from '../worker/answer';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData} from '../constants';

const data = (globalData as Record<string, Record<string, SearchGlobalData> | undefined>)[SEARCH_PLUGIN_NAME]?.default;

/** The index URL in full: the worker resolves addresses against its own script. */
export function searchIndexUrl(): string | undefined {
  if (!data?.indexUrl) return undefined;
  return typeof window === 'undefined' ? data.indexUrl : new URL(data.indexUrl, window.location.href).href;
}

/**
 * Makes a search worker, named after the index file's address: the worker starts fetching it as
 * soon as its script runs, without waiting for a message (../worker/boot.ts).
 */
export function makeSearchWorker(indexUrl: string): WorkerLike {
  return new Worker(new URL('../worker/main.ts', import.meta.url), {name: indexUrl}) as unknown as WorkerLike;
}

/**
 * The search worker started ahead of the client, as a small state machine so it can be tested
 * apart from the page's globals: `start` makes the worker once and has it load the index file;
 * `take` hands it to the client, after which `start` does nothing (the client owns the worker from
 * then on, and makes a new one itself if it fails). A worker that fails before it is taken (its
 * script could not load) is dropped, so the next `start` makes a new one.
 */
export interface WorkerStarter {
  start: (indexUrl: string) => void;
  take: () => WorkerLike | undefined;
}

export function createWorkerStarter(make: (indexUrl: string) => WorkerLike): WorkerStarter {
  let started: WorkerLike | undefined;
  let taken = false;
  return {
    start(indexUrl) {
      if (started || taken) return;
      let worker: WorkerLike;
      try {
        worker = make(indexUrl);
      } catch {
        return;
      }
      // Once taken, the client's own handler replaces this one.
      worker.onerror = () => {
        if (started === worker) started = undefined;
      };
      started = worker;
      // Id 0 is never waited for: the answer to this message is dropped.
      worker.postMessage({id: 0, indexUrl} satisfies WorkerRequest);
    },
    take() {
      taken = true;
      const worker = started;
      started = undefined;
      return worker;
    },
  };
}

const starter = createWorkerStarter(makeSearchWorker);

/**
 * Starts the worker once and has it load the index file (createWorkerStarter). Nothing happens in
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
