/**
 * The search worker: fetches the index shards, indexes them and answers queries, so that none of
 * that work runs on the page's main thread. ./worker-entry.ts starts it, ./worker-host.ts does the work.
 */
import {createWorkerEntry} from './worker-entry';
import type {WorkerRequest, WorkerResponse} from './worker-host';

export type {WorkerRequest, WorkerResponse} from './worker-host';

interface WorkerScope {
  name: string;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: WorkerResponse) => void;
}

const scope = self as unknown as WorkerScope;
const entry = createWorkerEntry(
  (message) => scope.postMessage(message),
  (url) => fetch(url),
  () => import('./worker-host').then((m) => m.createWorkerHost),
  // The page names the worker after the first shard's address (./start-worker.ts).
  /^https?:\/\/.*\.json$/.test(scope.name) ? scope.name : undefined,
);
scope.onmessage = ({data}) => entry(data);
