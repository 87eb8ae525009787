/**
 * The embedded search engine: MiniSearch over the site's records, answering the same multi-query
 * request that DocSearch and the search page send to Algolia, in the same response shape. Pure: it
 * runs in the browser and in Node (unit tests, the bench).
 */
import MiniSearch, {type SearchResult} from 'minisearch';
import type {SearchRecord} from '../format/types';
import {Marker, type MatchLevel} from './highlight';
import {Scan} from './scan';
import {hasPartSeparator, tokenize, tokenizeQuery, normalizeTerm, typoTolerance} from './tokenize';

/** Queries longer than this are cut, as DocSearch does. */
export const MAX_QUERY_LENGTH = 64;
export const DEFAULT_HITS_PER_PAGE = 20;
export const DEFAULT_SNIPPET_WORDS = 10;

/** One query of a multi-query request, in Algolia's v4 (`params`) or v5 (flat) form. */
export interface SearchRequest {
  indexName?: string;
  query?: string;
  params?: Record<string, unknown> | string;
  [key: string]: unknown;
}

export interface HighlightValue {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SearchHit extends SearchRecord {
  _highlightResult: {
    hierarchy: Record<string, HighlightValue>;
    content?: HighlightValue;
  };
  _snippetResult: {
    hierarchy?: Record<string, {value: string; matchLevel: MatchLevel}>;
    content?: {value: string; matchLevel: MatchLevel};
  };
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  query: string;
  params: string;
  index: string;
  exhaustiveNbHits: true;
  facets?: Record<string, Record<string, number>>;
}

export interface Options {
  query: string;
  page: number;
  hitsPerPage: number;
  facetFilters: string[][];
  facets: string[];
  attributesToSnippet: Map<string, number>;
  ellipsis: string;
  pre: string;
  post: string;
}

type FacetName = 'language' | 'docusaurus_tag' | 'type';

/** Flattens Algolia's v4 and v5 request forms into one set of options. */
export function readRequest(request: SearchRequest): Options {
  let params: Record<string, unknown> = {};
  if (typeof request.params === 'string') {
    params = Object.fromEntries(
      [...new URLSearchParams(request.params)].map(([k, v]) => {
        try {
          return [k, JSON.parse(v)];
        } catch {
          return [k, v];
        }
      }),
    );
  } else if (request.params) {
    params = request.params;
  }
  const merged: Record<string, unknown> = {...request, ...params};
  const rawFilters = merged.facetFilters;
  const facetFilters: string[][] = [];
  const addFilters = (value: unknown) => {
    if (typeof value === 'string') facetFilters.push([value]);
    else if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') facetFilters.push([item]);
        else if (Array.isArray(item)) facetFilters.push(item.filter((x): x is string => typeof x === 'string'));
      }
    }
  };
  addFilters(rawFilters);
  const attributesToSnippet = new Map<string, number>();
  if (Array.isArray(merged.attributesToSnippet)) {
    for (const spec of merged.attributesToSnippet) {
      if (typeof spec !== 'string') continue;
      const [name, words] = spec.split(':');
      if (name) attributesToSnippet.set(name, Number(words) || DEFAULT_SNIPPET_WORDS);
    }
  }
  const number = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
  return {
    query: String(merged.query ?? '').slice(0, MAX_QUERY_LENGTH),
    page: number(merged.page, 0),
    hitsPerPage: Math.max(1, Math.min(1000, number(merged.hitsPerPage, DEFAULT_HITS_PER_PAGE))),
    facetFilters,
    facets: Array.isArray(merged.facets) ? merged.facets.filter((f): f is string => typeof f === 'string') : [],
    attributesToSnippet,
    ellipsis: typeof merged.snippetEllipsisText === 'string' ? merged.snippetEllipsisText : '…',
    pre: typeof merged.highlightPreTag === 'string' ? merged.highlightPreTag : '<em>',
    post: typeof merged.highlightPostTag === 'string' ? merged.highlightPostTag : '</em>',
  };
}

function facetValue(record: SearchRecord, name: string): string | undefined {
  if (name === 'language' || name === 'docusaurus_tag' || name === 'type') return record[name as FacetName];
  return undefined;
}

/** Algolia's facet filters, read once: the outer list is AND, each inner list is OR; `-value` negates. */
export function facetTest(filters: readonly string[][]): (record: SearchRecord) => boolean {
  const groups = filters
    .filter((group) => group.length > 0)
    .map((group) =>
      group.map((filter) => {
        const negated = filter.startsWith('-');
        const [name = '', ...rest] = (negated ? filter.slice(1) : filter).split(':');
        return {name, value: rest.join(':'), negated};
      }),
    );
  return (record) => groups.every((group) => group.some((f) => (facetValue(record, f.name) === f.value) !== f.negated));
}

/** Record weights: a page record outranks a heading, a heading outranks a paragraph. */
const TYPE_BOOST: Record<SearchRecord['type'], number> = {
  lvl1: 1.6,
  lvl2: 1.35,
  lvl3: 1.25,
  lvl4: 1.15,
  lvl5: 1.1,
  lvl6: 1.1,
  content: 1,
};

const FIELDS = ['title', 'name', 'heading', 'content'] as const;
type IndexedField = (typeof FIELDS)[number];
const BOOST: Record<IndexedField, number> = {title: 8, name: 6, heading: 4, content: 1};
const PREFIX_WEIGHT = 0.6;
/** Records indexed per task by `stage`: a few milliseconds of work on a phone. */
const STAGE_SLICE = 200;

/**
 * Results as you type: the last word may be unfinished, and a technical name (`authenticator_val`,
 * `AUTHENTIK_POSTGRESQL__`, `ak_`) is typed from its start wherever it stands.
 */
function prefixMatches(term: string, index: number, terms: string[]): boolean {
  return (index === terms.length - 1 && term.length >= 2) || hasPartSeparator(term);
}

interface Indexed {
  id: number;
  title: string;
  /** The page's technical name, the last part of its route (`authenticator_validate`), on its page record. */
  name: string;
  heading: string;
  content: string;
}

/** Release notes and security advisories mention many features; the page that documents one comes first. */
export const NEWS_ROUTE = /\/(releases|security\/cves)\//;
export const NEWS_WEIGHT = 0.45;

/** The weight of a record for the kind of page it is on. */
export function pageWeight(url: string): number {
  return NEWS_ROUTE.test(url) ? NEWS_WEIGHT : 1;
}

/** The last part of a route: `/a/stages/authenticator_validate/` → `authenticator_validate`. */
export function routeName(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[#?].*$/, '');
  return path.split('/').filter(Boolean).pop() ?? '';
}

/** Text compared for an exact title match: lower case, words only. */
function titleKey(text: string): string {
  return tokenizeQuery(text)
    .map((t) => normalizeTerm(t) ?? '')
    .filter(Boolean)
    .join(' ');
}

function deepestHeading(record: SearchRecord): string {
  const h = record.hierarchy;
  return h.lvl6 ?? h.lvl5 ?? h.lvl4 ?? h.lvl3 ?? h.lvl2 ?? '';
}

/** Page records whose title is exactly the query come first, in their order; the rest follow. */
export function exactTitleFirst<T extends {id: unknown}>(results: T[], key: string, titleKeys: readonly string[]): T[] {
  if (!key) return results;
  const exact = results.filter((r) => titleKeys[r.id as number] === key);
  if (exact.length === 0) return results;
  return [...exact, ...results.filter((r) => titleKeys[r.id as number] !== key)];
}

export class SearchEngine {
  private readonly mini: MiniSearch<Indexed>;
  /** Records by number; a sharded index fills it in pieces. */
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
  /** Records taken by `stage` while they are being indexed, and the scan that reads them meanwhile. */
  private staged: Indexed[] | undefined;
  private scan: Scan<IndexedField> | undefined;

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
   * Adds records numbered from `start` (a shard of the index). `leads` is extra searchable text of a
   * heading or page record, by record number: the first words of its section, so that the first
   * shard answers words of a section before its body text is in.
   */
  add(records: readonly SearchRecord[], start: number, leads: ReadonlyMap<number, string> = new Map()): void {
    if (this.staged) throw new Error('Records are still being indexed: wait for the promise of stage().');
    this.mini.addAll(this.register(records, start, leads));
  }

  /**
   * Takes records as `add` does and indexes them in slices of `sliceSize`, each in a task of its
   * own, so that queries are answered in between; the first slice waits for `after`. Until all are
   * indexed, a query reads the records one by one (./scan.ts) instead of the index. Resolves once
   * they are indexed.
   */
  async stage(
    records: readonly SearchRecord[],
    start: number,
    leads: ReadonlyMap<number, string> = new Map(),
    {sliceSize = STAGE_SLICE, after}: {sliceSize?: number; after?: PromiseLike<unknown>} = {},
  ): Promise<void> {
    if (this.staged) throw new Error('Records are still being indexed: wait for the promise of stage().');
    const staged = this.register(records, start, leads);
    this.staged = staged;
    try {
      await after;
      // Each slice waits for a task of its own: what is queued (the queries that waited for these
      // records) runs first.
      for (let from = 0; from < staged.length; from += sliceSize) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        this.mini.addAll(staged.slice(from, from + sliceSize));
      }
    } finally {
      this.staged = undefined;
      this.scan = undefined;
    }
  }

  /** True while staged records are being indexed: queries read them instead. */
  get indexing(): boolean {
    return this.staged !== undefined;
  }

  /** Keeps the records, numbered from `start`, and returns the documents the index is made of. */
  private register(records: readonly SearchRecord[], start: number, leads: ReadonlyMap<number, string>): Indexed[] {
    const documents = records.map((record, n) => {
      const id = start + n;
      this.records[id] = record;
      this.weights[id] = pageWeight(record.url_without_anchor);
      this.titleKeys[id] = record.type === 'lvl1' ? titleKey(record.hierarchy.lvl1) : '';
      const title = record.hierarchy.lvl1;
      let set = this.termsByTitle.get(title);
      if (!set) {
        set = new Set(
          tokenize(title)
            .map(normalizeTerm)
            .filter((t): t is string => Boolean(t)),
        );
        this.termsByTitle.set(title, set);
      }
      this.titleTerms[id] = set;
      return {
        id,
        title: record.type === 'lvl1' ? record.hierarchy.lvl1 : '',
        name: record.type === 'lvl1' ? routeName(record.url_without_anchor) : '',
        heading: record.type !== 'lvl1' && record.type !== 'content' ? deepestHeading(record) : '',
        content: [
          record.content ?? '',
          record.type === 'content' ? deepestHeading(record) : '',
          leads.get(id) ?? '',
        ].join(' '),
      };
    });
    this.count += records.length;
    this.facetVerdicts.clear();
    return documents;
  }

  /** How many records are searchable. */
  get size(): number {
    return this.count;
  }

  private readonly boostDocument = (id: unknown, term: string): number => {
    const record = this.records[id as number];
    if (!record) return 1;
    const onTitle = this.titleTerms[id as number]?.has(term) ? 1.5 : 1;
    return TYPE_BOOST[record.type] * onTitle * (this.weights[id as number] ?? 1);
  };

  private rank(query: string, combineWith: 'AND' | 'OR'): SearchResult[] {
    if (this.staged) {
      this.scan ??= new Scan(this.staged, FIELDS, normalizeTerm);
      return this.scan.search(query, tokenizeQuery, {
        combineWith,
        boost: BOOST,
        prefix: prefixMatches,
        prefixWeight: PREFIX_WEIGHT,
        boostDocument: this.boostDocument,
      });
    }
    return this.mini.search(query, {
      combineWith,
      tokenize: tokenizeQuery,
      boost: BOOST,
      prefix: prefixMatches,
      // Typos are forgiven in words, not in technical names or numbers.
      fuzzy: (term: string) => (/[\d_./-]/.test(term) ? 0 : typoTolerance(term)),
      maxFuzzy: 2,
      weights: {fuzzy: 0.35, prefix: PREFIX_WEIGHT},
      boostDocument: this.boostDocument,
    });
  }

  /** Answers one query of a multi-query request. */
  search(request: SearchRequest): SearchResponse {
    const started = Date.now();
    const options = readRequest(request);
    const query = options.query;
    let results: SearchResult[] = [];
    if (query.trim() !== '') {
      results = this.rank(query, 'AND');
      if (results.length === 0) results = this.rank(query, 'OR');
      results = exactTitleFirst(results, titleKey(query), this.titleKeys);
    }
    const matching = this.filterFacets(results, options.facetFilters);
    const nbHits = matching.length;
    const nbPages = Math.ceil(nbHits / options.hitsPerPage);
    const pageResults = matching.slice(options.page * options.hitsPerPage, (options.page + 1) * options.hitsPerPage);
    const queryWords = tokenize(query);
    const hits = pageResults.map((result) => this.hit(result, queryWords, options));
    const response: SearchResponse = {
      hits,
      nbHits,
      page: options.page,
      nbPages,
      hitsPerPage: options.hitsPerPage,
      processingTimeMS: Date.now() - started,
      query,
      params: new URLSearchParams({
        query,
        page: String(options.page),
        hitsPerPage: String(options.hitsPerPage),
      }).toString(),
      index: String(request.indexName ?? ''),
      exhaustiveNbHits: true,
    };
    if (options.facets.length > 0) {
      const facets: Record<string, Record<string, number>> = {};
      for (const name of options.facets) {
        const counts: Record<string, number> = {};
        for (const r of matching) {
          const value = facetValue(this.records[r.id as number]!, name);
          if (value !== undefined) counts[value] = (counts[value] ?? 0) + 1;
        }
        facets[name] = counts;
      }
      response.facets = facets;
    }
    return response;
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

  private hit(result: SearchResult, queryWords: string[], options: Options): SearchHit {
    const record = this.records[result.id as number]!;
    // Every attribute is highlighted and cut with the same matches and the request's tags.
    const marker = new Marker(result.terms, queryWords, options.pre, options.post, options.ellipsis);
    const hierarchy: Record<string, HighlightValue> = {};
    const snippetHierarchy: Record<string, {value: string; matchLevel: MatchLevel}> = {};
    for (const [level, text] of Object.entries(record.hierarchy)) {
      if (text === null) continue;
      const marked = marker.text(text, options.attributesToSnippet.get(`hierarchy.${level}`));
      hierarchy[level] = marked.highlight;
      if (marked.snippet) snippetHierarchy[level] = marked.snippet;
    }
    const hit: SearchHit = {
      ...record,
      objectID: String(result.id),
      _highlightResult: {hierarchy},
      _snippetResult: {hierarchy: snippetHierarchy},
    };
    if (record.content !== null) {
      const marked = marker.text(record.content, options.attributesToSnippet.get('content') ?? DEFAULT_SNIPPET_WORDS);
      hit._highlightResult.content = marked.highlight;
      hit._snippetResult.content = marked.snippet;
    }
    return hit;
  }

  /** Answers a whole multi-query request, as Algolia's `search` does. */
  multiSearch(requests: readonly SearchRequest[]): {results: SearchResponse[]} {
    return {results: requests.map((request) => this.search(request))};
  }
}
