/**
 * What the search worker does with each message, apart from the worker's script (./worker.ts) so
 * that it can be tested in Node. Messages: `{id, indexUrl, requests}` answers a query; `{id,
 * indexUrl}` only starts loading the first shard. Answers: `{id, results}` or `{id, error}`.
 */
import {ShardedSearch, type Fetcher} from './sharded';
import type {SearchRequest} from './engine';

/** For the engine run on the page's own thread (./client.ts), from the same chunk as the worker's. */
export {ShardedSearch};

export interface WorkerRequest {
  id: number;
  indexUrl: string;
  requests?: SearchRequest[];
}

export type WorkerResponse = {id: number; results: unknown[]} | {id: number; error: string};

export type WorkerHost = (message: WorkerRequest) => void;

export function createWorkerHost(post: (message: WorkerResponse) => void, fetcher: Fetcher): WorkerHost {
  let search: ShardedSearch | undefined;
  return (message) => {
    search ??= new ShardedSearch(message.indexUrl, fetcher);
    const work = message.requests
      ? search.search(message.requests).then((r) => r.results)
      : search.loadHead().then(() => []);
    work.then(
      (results) => post({id: message.id, results}),
      (error: unknown) => post({id: message.id, error: error instanceof Error ? error.message : String(error)}),
    );
  };
}
