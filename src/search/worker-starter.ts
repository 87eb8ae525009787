/**
 * The search worker started ahead of the client, as a small state machine apart from the page's
 * globals so it can be tested: `start` makes the worker once and has it load the first shard;
 * `take` hands it to the client, after which `start` does nothing (the client owns the worker from
 * then on, and makes a new one itself if it fails). A worker that fails before it is taken (its
 * script could not load) is dropped, so the next `start` makes a new one.
 */
import type {WorkerLike} from './client';
import type {WorkerRequest} from './worker-host';

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
