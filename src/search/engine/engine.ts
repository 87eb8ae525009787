/**
 * The embedded search over the whole index in memory: MiniSearch over the site's records, with the
 * ranking of ./ranking.ts, answering the same multi-query request that DocSearch and the search page
 * send to Algolia, in the same response shape (./request.ts). The build indexes the records with it
 * and writes its index out in pieces (../build/term-index.ts), which the browser reads with
 * ./term-search.ts; the tests hold the two engines' answers side by side. Pure: browser and Node.
 */
import MiniSearch, {type AsPlainObject, type SearchResult} from 'minisearch';
import type {SearchRecord} from '../format/types';
import {
  BM25,
  BOOST,
  documentBoost,
  exactTitleFirst,
  FIELDS,
  FUZZY_WEIGHT,
  fuzzyDistance,
  indexedOf,
  pageWeight,
  PREFIX_WEIGHT,
  prefixMatches,
  byScore,
  titleKey,
  titleTerms,
  type Indexed,
} from './ranking';
import {facetTest, readRequest, respond, type SearchRequest, type SearchResponse} from './request';
import {normalizeTerm, tokenize, tokenizeQuery} from './tokenize';

export type {SearchRequest, SearchResponse, SearchHit, HighlightValue, Options} from './request';
export {readRequest, facetTest} from './request';

export class SearchEngine {
  private readonly mini: MiniSearch<Indexed>;
  /** Records by number; they may be added in pieces. */
  private readonly records: SearchRecord[] = [];
  private readonly titleTerms: Set<string>[] = [];
  private readonly weights: number[] = [];
  private readonly titleKeys: string[] = [];
  private readonly termsByTitle = new Map<string, Set<string>>();
  /**
   * Each facet filter's verdict on each record, as the queries need it (0: not asked yet, 1: in,
   * 2: out): DocSearch sends the same filters with every query.
   */
  private readonly facetVerdicts = new Map<string, Uint8Array>();
  private count = 0;

  constructor(records: readonly SearchRecord[] = []) {
    this.mini = new MiniSearch<Indexed>({
      fields: [...FIELDS],
      storeFields: [],
      tokenize,
      processTerm: normalizeTerm,
    });
    if (records.length > 0) this.add(records, 0);
  }

  /**
   * Adds records numbered from `start`. `leads` is extra searchable text of a heading or page
   * record, by record number: the first words of its section.
   */
  add(records: readonly SearchRecord[], start: number, leads: ReadonlyMap<number, string> = new Map()): void {
    const documents = records.map((record, n) => {
      const id = start + n;
      this.records[id] = record;
      this.weights[id] = pageWeight(record.url_without_anchor);
      this.titleKeys[id] = record.type === 'lvl1' ? titleKey(record.hierarchy.lvl1) : '';
      const title = record.hierarchy.lvl1;
      let set = this.termsByTitle.get(title);
      if (!set) {
        set = titleTerms(title);
        this.termsByTitle.set(title, set);
      }
      this.titleTerms[id] = set;
      return indexedOf(record, id, leads.get(id));
    });
    this.count += records.length;
    this.facetVerdicts.clear();
    this.mini.addAll(documents);
  }

  /** How many records are searchable. */
  get size(): number {
    return this.count;
  }

  /** The index as MiniSearch writes it out: terms, their documents and frequencies, field lengths. */
  toJSON(): AsPlainObject {
    return this.mini.toJSON();
  }

  private readonly boostDocument = (id: unknown, term: string): number => {
    const record = this.records[id as number];
    if (!record) return 1;
    return documentBoost(
      record.type,
      this.titleTerms[id as number]?.has(term) ?? false,
      this.weights[id as number] ?? 1,
    );
  };

  private rank(query: string, combineWith: 'AND' | 'OR'): SearchResult[] {
    return this.mini.search(query, {
      combineWith,
      tokenize: tokenizeQuery,
      boost: BOOST,
      prefix: prefixMatches,
      fuzzy: fuzzyDistance,
      maxFuzzy: 2,
      weights: {fuzzy: FUZZY_WEIGHT, prefix: PREFIX_WEIGHT},
      bm25: BM25,
      boostDocument: this.boostDocument,
    });
  }

  /** The ranked record numbers for a query: every word (AND), or any word when none has them all. */
  ranked(query: string): SearchResult[] {
    if (query.trim() === '') return [];
    let results = this.rank(query, 'AND');
    if (results.length === 0) results = this.rank(query, 'OR');
    // Equal scores in record order, whatever order the index met them in.
    results.sort(byScore);
    const key = titleKey(query);
    return key
      ? exactTitleFirst(results as (SearchResult & {id: number})[], (id) => this.titleKeys[id] === key)
      : results;
  }

  /** Answers one query of a multi-query request. */
  search(request: SearchRequest): SearchResponse {
    const started = Date.now();
    const options = readRequest(request);
    const results = this.ranked(options.query);
    const matching = this.filterFacets(results, options.facetFilters).map((r) => ({
      id: r.id as number,
      score: r.score,
      terms: r.terms,
    }));
    const recordOf = (id: number) => this.records[id]!;
    return respond(request, options, matching, recordOf, recordOf, Date.now() - started);
  }

  /** The results whose records pass the facet filters. */
  private filterFacets(results: SearchResult[], filters: readonly string[][]): SearchResult[] {
    if (filters.every((group) => group.length === 0)) {
      return results.filter((r) => this.records[r.id as number] !== undefined);
    }
    const key = JSON.stringify(filters);
    let verdicts = this.facetVerdicts.get(key);
    if (!verdicts) {
      verdicts = new Uint8Array(this.records.length);
      this.facetVerdicts.set(key, verdicts);
    }
    const test = facetTest(filters);
    return results.filter((r) => {
      const id = r.id as number;
      if (verdicts[id] === 0) {
        const record = this.records[id];
        verdicts[id] = record !== undefined && test(record) ? 1 : 2;
      }
      return verdicts[id] === 1;
    });
  }

  /** Answers a whole multi-query request, as Algolia's `search` does. */
  multiSearch(requests: readonly SearchRequest[]): {results: SearchResponse[]} {
    return {results: requests.map((request) => this.search(request))};
  }
}
