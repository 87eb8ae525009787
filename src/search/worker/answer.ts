/**
 * What the search worker does with each message, apart from the worker's script (./main.ts) so
 * that it can be tested in Node. Messages: `{id, indexUrl, requests}` answers a query; `{id,
 * indexUrl}` only starts loading the index file. Answers: `{id, results}` or `{id, error}`.
 */
import {TermSearch, type Fetcher} from '../engine/term-search';
import type {SearchRequest} from '../engine/request';

/** For the engine run on the page's own thread (../page/client.ts), from the same chunk as the worker's. */
export {TermSearch};

export interface WorkerRequest {
  id: number;
  indexUrl: string;
  requests?: SearchRequest[];
}

export type WorkerResponse = {id: number; results: unknown[]} | {id: number; error: string};

export interface WorkerAnswerer {
  /** Answers a message. */
  (message: WorkerRequest): void;
  /** Loads the index file ahead of any message, answering none; a failure is tried again by the next message. */
  load: (indexUrl: string) => void;
}

export function createWorkerAnswerer(post: (message: WorkerResponse) => void, fetcher: Fetcher): WorkerAnswerer {
  let search: TermSearch | undefined;
  const searchAt = (indexUrl: string) => (search ??= new TermSearch(indexUrl, fetcher));
  const answer = (message: WorkerRequest) => {
    const at = searchAt(message.indexUrl);
    const work = message.requests ? at.search(message.requests).then((r) => r.results) : at.loadMeta().then(() => []);
    work.then(
      (results) => post({id: message.id, results}),
      (error: unknown) => post({id: message.id, error: error instanceof Error ? error.message : String(error)}),
    );
  };
  return Object.assign(answer, {
    load: (indexUrl: string) =>
      void searchAt(indexUrl)
        .loadMeta()
        .catch(() => undefined),
  });
}
