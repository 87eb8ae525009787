/**
 * The search request and response in the shape of Algolia's multi-query API, which DocSearch's
 * modal and the search page send and read: reading a request, filtering by facets, and writing the
 * response with highlights and snippets. Shared by both engines (./engine.ts, the whole index in
 * memory; ./term-search.ts, the index read in pieces). Pure: browser and Node.
 */
import type {SearchRecord} from '../format/types';
import {Marker, type MatchLevel} from './highlight';
import {tokenize} from './tokenize';

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

/** What facets are read from: the same for a record and for what the split index knows of one. */
export type FacetFields = Pick<SearchRecord, FacetName>;

function facetValue(record: FacetFields, name: string): string | undefined {
  if (name === 'language' || name === 'docusaurus_tag' || name === 'type') return record[name as FacetName];
  return undefined;
}

/** Algolia's facet filters, read once: the outer list is AND, each inner list is OR; `-value` negates. */
export function facetTest(filters: readonly string[][]): (record: FacetFields) => boolean {
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

/** A ranked answer: a record number, its score, and the index terms it matched (for highlighting). */
export interface Ranked {
  id: number;
  score: number;
  terms: string[];
}

/**
 * The response to one query: `matching` (the ranked answers that pass the facet filters) paged as
 * the request asks, each hit of the page built from its record.
 */
export function respond(
  request: SearchRequest,
  options: Options,
  matching: readonly Ranked[],
  facetsOf: (id: number) => FacetFields,
  recordOf: (id: number) => SearchRecord,
  processingTimeMS: number,
): SearchResponse {
  const query = options.query;
  const nbHits = matching.length;
  const nbPages = Math.ceil(nbHits / options.hitsPerPage);
  const pageResults = pageOf(matching, options);
  const queryWords = tokenize(query);
  const response: SearchResponse = {
    hits: pageResults.map((result) => hitOf(result, recordOf(result.id), queryWords, options)),
    nbHits,
    page: options.page,
    nbPages,
    hitsPerPage: options.hitsPerPage,
    processingTimeMS,
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
        const value = facetValue(facetsOf(r.id), name);
        if (value !== undefined) counts[value] = (counts[value] ?? 0) + 1;
      }
      facets[name] = counts;
    }
    response.facets = facets;
  }
  return response;
}

/** The answers on the requested page. */
export function pageOf<T>(matching: readonly T[], options: Options): T[] {
  return matching.slice(options.page * options.hitsPerPage, (options.page + 1) * options.hitsPerPage);
}

function hitOf(result: Ranked, record: SearchRecord, queryWords: string[], options: Options): SearchHit {
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
