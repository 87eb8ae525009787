/**
 * Answers queries from the index in pieces (../format/terms.ts), fetching only what a query needs:
 * the vocabulary blocks where its words and their completions lie, the postings of the terms they
 * match, and the records of the hits on the page asked for. What is fetched stays for the next query.
 *
 * It scores as MiniSearch does over the whole index (./engine.ts), step for step: the same BM25 over
 * the same frequencies and lengths, the same weights of whole, completed and mistyped words, the
 * same combination of words (all of them, or any when no record has all), so the answers are the
 * whole index's. One difference, to keep a query's fetches small: a mistyped word is looked up
 * among the terms that share its first three letters (`FUZZY_STEM`), where the whole index looks
 * among all terms. Pure: runs in the search worker, and in Node for the tests and the bench.
 */
import {unpackRecords} from '../format/pack';
import {
  blocksFor,
  classOf,
  decodePostings,
  postingsFileOf,
  prefixEnd,
  TERM_INDEX_VERSION,
  type FieldPostings,
  type IndexMeta,
  type PostingsFile,
  type RecordFile,
  type VocabularyBlock,
} from '../format/terms';
import {DOCS_TAG, LANGUAGE, type SearchRecord} from '../format/types';
import {editDistance} from './highlight';
import {
  BM25,
  BOOST,
  byScore,
  documentBoost,
  exactTitleFirst,
  FIELDS,
  FUZZY_WEIGHT,
  fuzzyDistance,
  NEWS_WEIGHT,
  PREFIX_WEIGHT,
  prefixMatches,
  queryTerms,
  titleKey,
} from './ranking';
import {
  facetTest,
  readRequest,
  respond,
  type FacetFields,
  type Ranked,
  type SearchRequest,
  type SearchResponse,
} from './request';

export type Fetcher = (url: string) => Promise<{ok: boolean; status: number; json: () => Promise<unknown>}>;

/** A mistyped word is looked for among the terms that share this many first letters with it. */
export const FUZZY_STEM = 3;

interface RawResult {
  score: number;
  /** The query words matched. */
  terms: string[];
  /** The index terms matched, with the fields they matched in. */
  match: Record<string, string[]>;
}
type RawResults = Map<number, RawResult>;

/** What one query word asks of the index. */
interface WordSpec {
  term: string;
  prefix: boolean;
  fuzzy: number;
}

function assignUnique(target: string[], terms: readonly string[]): void {
  for (const term of terms) if (!target.includes(term)) target.push(term);
}

/** MiniSearch's combinators: AND keeps the records every word matched, OR every record any word matched. */
function combine(results: RawResults[], combineWith: 'AND' | 'OR'): RawResults {
  if (results.length === 0) return new Map();
  return results.reduce((a, b) => {
    if (combineWith === 'OR') {
      for (const [id, result] of b) {
        const existing = a.get(id);
        if (!existing) a.set(id, result);
        else {
          existing.score = existing.score + result.score;
          existing.match = Object.assign(existing.match, result.match);
          assignUnique(existing.terms, result.terms);
        }
      }
      return a;
    }
    const combined: RawResults = new Map();
    for (const [id, result] of b) {
      const existing = a.get(id);
      if (!existing) continue;
      assignUnique(existing.terms, result.terms);
      combined.set(id, {
        score: existing.score + result.score,
        terms: existing.terms,
        match: Object.assign(existing.match, result.match),
      });
    }
    return combined;
  });
}

/** BM25+ as MiniSearch computes it. */
function bm25(frequency: number, matching: number, total: number, length: number, average: number): number {
  const {k, b, d} = BM25;
  const inverse = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  return inverse * (d + (frequency * (k + 1)) / (frequency + k * (1 - b + (b * length) / average)));
}

async function getJson(fetcher: Fetcher, url: string): Promise<unknown> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

function checked<T extends {v: unknown}>(value: T, url: string): T {
  if (value.v !== TERM_INDEX_VERSION) throw new Error(`${url}: unsupported search index version ${String(value.v)}`);
  return value;
}

export class TermSearch {
  private meta: Promise<IndexMeta> | undefined;
  private readonly pieces = new Map<string, Promise<unknown>>();
  private readonly blocks = new Map<number, VocabularyBlock>();
  private readonly postings = new Map<string, FieldPostings[]>();
  private readonly records = new Map<number, SearchRecord>();

  constructor(
    private readonly indexUrl: string,
    private readonly fetcher: Fetcher,
  ) {}

  /** Loads the index file once; a failure is forgotten, so the next call tries again. */
  loadMeta(): Promise<IndexMeta> {
    this.meta ??= getJson(this.fetcher, this.indexUrl).then((json) => checked(json as IndexMeta, this.indexUrl));
    this.meta.catch(() => {
      this.meta = undefined;
    });
    return this.meta;
  }

  /** A file of the index's folder, fetched once (a failure is forgotten) and read by `read`. */
  private piece<T>(meta: IndexMeta, file: string, read: (json: T) => void): Promise<unknown> {
    let loading = this.pieces.get(file);
    if (!loading) {
      const url = this.indexUrl.replace(/[^/]*$/, `${meta.dir}/${file}`);
      loading = getJson(this.fetcher, url).then((json) => read(checked(json as T & {v: unknown}, url)));
      loading.catch(() => this.pieces.delete(file));
      this.pieces.set(file, loading);
    }
    return loading;
  }

  /** The terms of the loaded blocks from `from` up to `to` (both included), with their postings files. */
  private *vocabulary(meta: IndexMeta, from: string, to: string): Generator<{term: string; file: number}> {
    for (const b of blocksFor(meta.blocks, from, to)) {
      const block = this.blocks.get(b);
      if (!block) continue;
      for (let i = 0; i < block.terms.length; i += 1) {
        const term = block.terms[i]!;
        if (term < from) continue;
        if (term > to) break;
        yield {term, file: postingsFileOf(block, i)};
      }
    }
  }

  /** The range of terms a query word may match: itself, its completions, the terms that share its stem. */
  private static range(spec: WordSpec): [string, string] {
    if (spec.fuzzy > 0) {
      const stem = spec.term.slice(0, FUZZY_STEM);
      return [stem, prefixEnd(stem)];
    }
    return [spec.term, spec.prefix ? prefixEnd(spec.term) : spec.term];
  }

  /** The index terms a query word matches, with their weights, in the order MiniSearch scores them. */
  private matches(meta: IndexMeta, spec: WordSpec): {term: string; weight: number; file: number}[] {
    const [from, to] = TermSearch.range(spec);
    const exact: {term: string; weight: number; file: number}[] = [];
    const prefixed: {term: string; weight: number; file: number}[] = [];
    const fuzzy: {term: string; weight: number; file: number}[] = [];
    for (const {term, file} of this.vocabulary(meta, from, to)) {
      if (term === spec.term) {
        exact.push({term, weight: 1, file});
        continue;
      }
      const distance = term.length - spec.term.length;
      if (spec.prefix && term.startsWith(spec.term)) {
        prefixed.push({term, weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), file});
        continue;
      }
      if (spec.fuzzy > 0) {
        const typos = editDistance(term, spec.term, spec.fuzzy);
        if (typos > 0 && typos <= spec.fuzzy)
          fuzzy.push({term, weight: (FUZZY_WEIGHT * term.length) / (term.length + typos), file});
      }
    }
    return [...exact, ...prefixed, ...fuzzy];
  }

  /** Fetches what `queries` need: the vocabulary of their words, then the postings of the terms they match. */
  private async loadTerms(meta: IndexMeta, specs: readonly WordSpec[]): Promise<void> {
    const blocks = new Set<number>();
    for (const spec of specs) {
      const [from, to] = TermSearch.range(spec);
      for (const b of blocksFor(meta.blocks, from, to)) blocks.add(b);
    }
    await Promise.all(
      [...blocks].map((b) => this.piece<VocabularyBlock>(meta, `v${b}.json`, (block) => this.blocks.set(b, block))),
    );
    const files = new Set<number>();
    for (const spec of specs) for (const match of this.matches(meta, spec)) files.add(match.file);
    await Promise.all(
      [...files].map((f) =>
        this.piece<PostingsFile>(meta, `p${f}.json`, (file) =>
          file.terms.forEach((term, i) => this.postings.set(term, decodePostings(file.postings[i]!))),
        ),
      ),
    );
  }

  /** Fetches the records numbered `ids`. */
  private async loadRecords(meta: IndexMeta, ids: readonly number[]): Promise<void> {
    const files = new Set(ids.filter((id) => !this.records.has(id)).map((id) => Math.floor(id / meta.recordsPerFile)));
    await Promise.all(
      [...files].map((n) =>
        this.piece<RecordFile>(meta, `r${n}.json`, (file) =>
          unpackRecords(
            {site: meta.site, pages: file.pages, strings: file.strings},
            file.records,
            n * meta.recordsPerFile,
          ).forEach((record, i) => this.records.set(n * meta.recordsPerFile + i, record)),
        ),
      ),
    );
  }

  /** MiniSearch's `termResults`: adds what `term` scores in each record it is in. */
  private static termResults(
    meta: IndexMeta,
    source: string,
    term: string,
    weight: number,
    postings: readonly FieldPostings[],
    results: RawResults,
  ): void {
    FIELDS.forEach((field, fieldId) => {
      const fieldPostings = postings.find((p) => p.field === fieldId);
      if (!fieldPostings) return;
      const matching = fieldPostings.ids.length;
      const average = meta.averageFieldLength[fieldId]!;
      for (let i = 0; i < matching; i += 1) {
        const id = fieldPostings.ids[i]!;
        const {type, news} = classOf(meta.classes, id);
        const docBoost = documentBoost(type, fieldPostings.onTitle[i]!, news ? NEWS_WEIGHT : 1);
        const raw = bm25(
          fieldPostings.frequencies[i]!,
          matching,
          meta.documentCount,
          fieldPostings.lengths[i]!,
          average,
        );
        const weighted = weight * 1 * BOOST[field] * docBoost * raw;
        const result = results.get(id);
        if (result) {
          result.score += weighted;
          assignUnique(result.terms, [source]);
          const match = Object.prototype.hasOwnProperty.call(result.match, term) ? result.match[term] : undefined;
          if (match) match.push(field);
          else result.match[term] = [field];
        } else {
          results.set(id, {score: weighted, terms: [source], match: {[term]: [field]}});
        }
      }
    });
  }

  /** The records that match the query, best first, as MiniSearch ranks them; `specs` must be loaded. */
  private rank(meta: IndexMeta, specs: readonly WordSpec[], combineWith: 'AND' | 'OR'): Ranked[] {
    const perWord = specs.map((spec) => {
      const results: RawResults = new Map();
      for (const {term, weight} of this.matches(meta, spec)) {
        const postings = this.postings.get(term);
        if (postings) TermSearch.termResults(meta, spec.term, term, weight, postings, results);
      }
      return results;
    });
    const ranked: Ranked[] = [];
    for (const [id, {score, terms, match}] of combine(perWord, combineWith)) {
      ranked.push({id, score: score * (terms.length || 1), terms: Object.keys(match)});
    }
    return ranked.sort(byScore);
  }

  /** What the facet filters read of a record, from its number. */
  private static facetsOf(meta: IndexMeta, id: number): FacetFields {
    return {type: classOf(meta.classes, id).type, language: LANGUAGE, docusaurus_tag: DOCS_TAG};
  }

  /** Answers one query of a multi-query request. */
  async answer(request: SearchRequest): Promise<SearchResponse> {
    const started = Date.now();
    const meta = await this.loadMeta();
    const options = readRequest(request);
    const words = queryTerms(options.query);
    const specs = words.map((term, i) => ({term, prefix: prefixMatches(term, i, words), fuzzy: fuzzyDistance(term)}));
    let matching: Ranked[] = [];
    if (specs.length > 0) {
      await this.loadTerms(meta, specs);
      let results = this.rank(meta, specs, 'AND');
      if (results.length === 0) results = this.rank(meta, specs, 'OR');
      const key = titleKey(options.query);
      const exact = new Set<number>();
      for (const b of blocksFor(meta.blocks, words[0]!, words[0]!)) {
        for (const [title, ...ids] of this.blocks.get(b)?.titles ?? [])
          if (title === key) ids.forEach((id) => exact.add(id));
      }
      results = exactTitleFirst(results, (id) => exact.has(id));
      const test = facetTest(options.facetFilters);
      matching = results.filter((r) => test(TermSearch.facetsOf(meta, r.id)));
    }
    const shown = matching.slice(options.page * options.hitsPerPage, (options.page + 1) * options.hitsPerPage);
    await this.loadRecords(
      meta,
      shown.map((r) => r.id),
    );
    return respond(
      request,
      options,
      matching,
      (id) => TermSearch.facetsOf(meta, id),
      (id) => this.records.get(id)!,
      Date.now() - started,
    );
  }

  /** Answers a multi-query request, as Algolia's `search` does. Fails when a piece it needs cannot load. */
  async search(requests: readonly SearchRequest[]): Promise<{results: SearchResponse[]}> {
    return {results: await Promise.all(requests.map((request) => this.answer(request)))};
  }
}
