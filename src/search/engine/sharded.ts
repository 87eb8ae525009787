/**
 * Searches a sharded index (see shards.ts): the first shard answers at once, from its records read
 * one by one (./scan.ts) until it is indexed. It is indexed only when the index is wanted: with the
 * other shards, which load one after another in the background once the reader has had an answer,
 * or at once for a query that finds fewer than `enough` hits without them (it waits for them). Until
 * then the worker leaves the processor to the page, which is drawing the search box and the first
 * results. Runs in the search worker, and in Node for the tests and the bench.
 */
import {SearchEngine, type SearchRequest, type SearchResponse} from './engine';
import {bodyRecords, headRecords, type BodyShard, type HeadShard, type ShardRef} from '../format/shards';

export type Fetcher = (url: string) => Promise<{ok: boolean; status: number; json: () => Promise<unknown>}>;

/** Fewer hits than this from the loaded shards, and a query waits for the rest. */
export const ENOUGH_HITS = 5;
/** Shorter queries never wait for the other shards. */
export const MIN_QUERY_FOR_REST = 3;

async function getJson(fetcher: Fetcher, url: string): Promise<unknown> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

export class ShardedSearch {
  private engine: SearchEngine | undefined;
  private head: HeadShard | undefined;
  private headLoading: Promise<void> | undefined;
  private headIndexed: Promise<void> | undefined;
  /** Lets the first shard's indexing begin. */
  private indexHead: (() => void) | undefined;
  private readonly loaded = new Set<string>();
  private bodyLoading: Promise<void> | undefined;

  constructor(
    private readonly headUrl: string,
    private readonly fetcher: Fetcher,
    private readonly enough = ENOUGH_HITS,
    /**
     * How long after an answer the background loading starts, so its bytes are not the first open's;
     * negative: never (the relevance test measures the first shard alone).
     */
    private readonly backgroundDelayMs = 1000,
  ) {}

  /** The shards not loaded yet. */
  get pending(): ShardRef[] {
    return this.head ? this.head.shards.filter((s) => !this.loaded.has(s.file)) : [];
  }

  get complete(): boolean {
    return this.head !== undefined && this.pending.length === 0;
  }

  /** True once the first shard is indexed (before, queries read its records). */
  get indexed(): boolean {
    return this.engine !== undefined && !this.engine.indexing;
  }

  private shardUrl(file: string): string {
    return this.headUrl.replace(/[^/]*$/, file);
  }

  /** Loads the first shard once; a failure is forgotten, so the next call tries again. */
  loadHead(): Promise<void> {
    this.headLoading ??= (async () => {
      const head = (await getJson(this.fetcher, this.headUrl)) as HeadShard;
      const engine = new SearchEngine();
      // Indexed in slices once wanted (`ready`); until it is done, queries read the records.
      const wanted = new Promise<void>((resolve) => (this.indexHead = resolve));
      this.headIndexed = engine.stage(headRecords(head), 0, new Map(head.leads), {after: wanted});
      // Its failure reaches whoever waits for it (`ready`); none is left unhandled.
      this.headIndexed.catch(() => undefined);
      this.head = head;
      this.engine = engine;
    })();
    this.headLoading.catch(() => {
      this.headLoading = undefined;
    });
    return this.headLoading;
  }

  /** Loads the first shard once, has it indexed, and waits until it is. */
  async ready(): Promise<void> {
    await this.loadHead();
    this.indexHead?.();
    await this.headIndexed;
  }

  /** Loads every other shard, one at a time; a failed one stays pending for the next call. */
  loadBody(): Promise<void> {
    this.bodyLoading ??= (async () => {
      await this.ready();
      for (const ref of this.pending) {
        const shard = (await getJson(this.fetcher, this.shardUrl(ref.file))) as BodyShard;
        this.engine!.add(bodyRecords(this.head!, shard), shard.start);
        this.loaded.add(ref.file);
      }
    })();
    const done = this.bodyLoading.finally(() => {
      this.bodyLoading = undefined;
    });
    done.catch(() => undefined);
    return this.bodyLoading;
  }

  /**
   * Answers a multi-query request. Without the first shard it fails (the caller reports "unable to
   * fetch"). With it, a query that finds enough answers at once; one that finds too little waits for
   * the other shards, and if they cannot load, answers from what is loaded — unless that is nothing.
   */
  async search(requests: readonly SearchRequest[]): Promise<{results: SearchResponse[]}> {
    await this.loadHead();
    let answer = this.engine!.multiSearch(requests);
    // One or two letters typed are the start of a word, not a query that needs every shard.
    const tooFew = answer.results.some(
      (r) => (r.nbHits < this.enough && r.query.trim().length >= MIN_QUERY_FOR_REST) || r.page > 0,
    );
    if (!this.complete && tooFew) {
      try {
        await this.loadBody();
      } catch (error) {
        if (answer.results.every((r) => r.nbHits === 0)) throw error;
        return answer;
      }
      answer = this.engine!.multiSearch(requests);
    } else if (!this.complete) {
      this.loadLater();
    }
    return answer;
  }

  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Loads the other shards in the background, once the reader has had the first results. */
  loadLater(): void {
    if (this.timer !== undefined || this.complete || this.backgroundDelayMs < 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.loadBody().catch(() => undefined);
    }, this.backgroundDelayMs);
  }
}
