/**
 * The search worker: fetches the index shards, indexes them and answers queries, so that none of
 * that work runs on the page's main thread. Messages: `{id, indexUrl, requests}` in,
 * `{id, results}` or `{id, error}` out; `{id, indexUrl}` with no requests only starts loading.
 */
import {ShardedSearch} from './sharded';
import type {SearchRequest} from './engine';

export interface WorkerRequest {
  id: number;
  indexUrl: string;
  requests?: SearchRequest[];
}

export type WorkerResponse = {id: number; results: unknown[]} | {id: number; error: string};

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: WorkerResponse) => void;
}

const scope = self as unknown as WorkerScope;
let search: ShardedSearch | undefined;

scope.onmessage = ({data}) => {
  search ??= new ShardedSearch(data.indexUrl, (url) => fetch(url));
  const work = data.requests ? search.search(data.requests).then((r) => r.results) : search.loadHead().then(() => []);
  work.then(
    (results) => scope.postMessage({id: data.id, results}),
    (error: unknown) => scope.postMessage({id: data.id, error: error instanceof Error ? error.message : String(error)}),
  );
};
