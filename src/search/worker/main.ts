/**
 * The search worker: fetches the pieces of the index that queries need and answers them, so that none of
 * that work runs on the page's main thread. ./boot.ts starts it, ./answer.ts does the work.
 */
import {createWorkerBoot} from './boot';
import type {WorkerRequest, WorkerResponse} from './answer';

export type {WorkerRequest, WorkerResponse} from './answer';

interface WorkerScope {
  name: string;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: WorkerResponse) => void;
}

const scope = self as unknown as WorkerScope;
const entry = createWorkerBoot(
  (message) => scope.postMessage(message),
  (url) => fetch(url),
  () => import('./answer').then((m) => m.createWorkerAnswerer),
  // The page names the worker after the index file's address (../page/start-worker.ts).
  /^https?:\/\/.*\.json$/.test(scope.name) ? scope.name : undefined,
);
scope.onmessage = ({data}) => entry(data);
