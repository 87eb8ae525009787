/**
 * The first thing the search worker runs, kept small so that it starts at once: it starts fetching
 * the index file and loading the engine (./answer.ts: the ranking and the reading of the index's
 * pieces) side by side. Where the index file is comes with the worker itself (`startUrl`, the
 * worker's name), so neither the fetch nor the reading of the file once the engine is in waits for the page's first
 * message, which a busy page delivers late (it passes through the page's own thread, which is busy
 * opening the search box); without it, the first message starts both. Messages wait for the
 * engine; if it cannot load (offline, a deploy that removed its file) each waiting message is
 * answered with an error, and the next message tries again.
 */
import type {Fetcher} from '../engine/term-search';
import type {WorkerAnswerer, WorkerRequest, WorkerResponse} from './answer';

/** The engine's constructor, named by type only: its module loads on demand. */
type MakeAnswerer = typeof import('./answer').createWorkerAnswerer;

export function createWorkerBoot(
  post: (message: WorkerResponse) => void,
  fetcher: Fetcher,
  loadHost: () => Promise<MakeAnswerer>,
  startUrl?: string,
): (message: WorkerRequest) => void {
  let host: WorkerAnswerer | undefined;
  let loading: Promise<void> | undefined;
  const waiting: WorkerRequest[] = [];
  let early: {url: string; response: ReturnType<Fetcher>} | undefined;

  /** The early fetch of the index file, used once; every other fetch goes to the network. */
  const fetchOnce: Fetcher = (url) => {
    if (early?.url !== url) return fetcher(url);
    const {response} = early;
    early = undefined;
    return response;
  };

  const start = (indexUrl: string) => {
    if (!early && !loading) {
      const response = fetcher(indexUrl);
      response.catch(() => undefined);
      early = {url: indexUrl, response};
    }
    loading ??= loadHost().then(
      (makeHost) => {
        host = makeHost(post, fetchOnce);
        host.load(indexUrl);
        for (const waited of waiting.splice(0)) host(waited);
      },
      (error: unknown) => {
        loading = undefined;
        const text = `The search engine could not load: ${error instanceof Error ? error.message : String(error)}`;
        for (const waited of waiting.splice(0)) post({id: waited.id, error: text});
      },
    );
  };
  if (startUrl) start(startUrl);

  return (message) => {
    if (host) {
      host(message);
      return;
    }
    waiting.push(message);
    start(message.indexUrl);
  };
}
