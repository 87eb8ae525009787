/**
 * The ranking of the embedded search, in one place: what a record is indexed as, the weights of
 * fields, record types and pages, and how query words match (whole, from their start, with typos).
 * Both engines rank with it: ./engine.ts (MiniSearch over the whole index, at build time and in the
 * tests) and ./term-search.ts (the index the browser reads in pieces), so their answers are the
 * same. Pure: browser and Node.
 */
import type {RecordType, SearchRecord} from '../format/types';
import {hasPartSeparator, normalizeTerm, tokenize, tokenizeQuery, typoTolerance} from './tokenize';

/** The fields a record is indexed in, in the order of their field numbers. */
export const FIELDS = ['title', 'name', 'heading', 'content'] as const;
export type IndexedField = (typeof FIELDS)[number];
export const BOOST: Record<IndexedField, number> = {title: 8, name: 6, heading: 4, content: 1};

/** BM25's parameters (MiniSearch's defaults, written out so both engines use the same). */
export const BM25 = {k: 1.2, b: 0.7, d: 0.5};

/** The weight of a term a query word only starts, before it is scaled by how much of it the word covers. */
export const PREFIX_WEIGHT = 0.6;
/** The weight of a term within the typos a query word may have, before it is scaled by their number. */
export const FUZZY_WEIGHT = 0.35;

/** Record weights: a page record outranks a heading, a heading outranks a paragraph. */
export const TYPE_BOOST: Record<RecordType, number> = {
  lvl1: 1.6,
  lvl2: 1.35,
  lvl3: 1.25,
  lvl4: 1.15,
  lvl5: 1.1,
  lvl6: 1.1,
  content: 1,
};

/** A term of its page's title weighs this much more. */
export const TITLE_TERM_BOOST = 1.5;

/** Release notes and security advisories mention many features; the page that documents one comes first. */
export const NEWS_ROUTE = /\/(releases|security\/cves)\//;
export const NEWS_WEIGHT = 0.45;

/** The weight of a record for the kind of page it is on. */
export function pageWeight(url: string): number {
  return NEWS_ROUTE.test(url) ? NEWS_WEIGHT : 1;
}

/** A record's weight for a term it matched: its type, whether the term is in its page's title, its page. */
export function documentBoost(type: RecordType, onTitle: boolean, weight: number): number {
  return TYPE_BOOST[type] * (onTitle ? TITLE_TERM_BOOST : 1) * weight;
}

/**
 * Results as you type: the last word may be unfinished, and a technical name (`authenticator_val`,
 * `AUTHENTIK_POSTGRESQL__`, `ak_`) is typed from its start wherever it stands.
 */
export function prefixMatches(term: string, index: number, terms: readonly string[]): boolean {
  return (index === terms.length - 1 && term.length >= 2) || hasPartSeparator(term);
}

/** Typos are forgiven in words, not in technical names or numbers: the edit distance allowed. */
export function fuzzyDistance(term: string): number {
  return /[\d_./-]/.test(term) ? 0 : typoTolerance(term);
}

/** The query's words as the index holds terms: cut, lower case, without accents. */
export function queryTerms(query: string): string[] {
  return tokenizeQuery(query)
    .map((t) => normalizeTerm(t))
    .filter((t): t is string => Boolean(t));
}

/** Text compared for an exact title match: lower case, words only. */
export function titleKey(text: string): string {
  return queryTerms(text).join(' ');
}

/** The terms of a page title. */
export function titleTerms(title: string): Set<string> {
  return new Set(
    tokenize(title)
      .map(normalizeTerm)
      .filter((t): t is string => Boolean(t)),
  );
}

/** The last part of a route: `/a/stages/authenticator_validate/` → `authenticator_validate`. */
export function routeName(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[#?].*$/, '');
  return path.split('/').filter(Boolean).pop() ?? '';
}

function deepestHeading(record: SearchRecord): string {
  const h = record.hierarchy;
  return h.lvl6 ?? h.lvl5 ?? h.lvl4 ?? h.lvl3 ?? h.lvl2 ?? '';
}

/** A record as the index holds it. */
export interface Indexed {
  id: number;
  title: string;
  /** The page's technical name, the last part of its route (`authenticator_validate`), on its page record. */
  name: string;
  heading: string;
  content: string;
}

/**
 * Record number `id` as the index holds it. `lead` is extra searchable text of a heading or page
 * record: the first words of its section.
 */
export function indexedOf(record: SearchRecord, id: number, lead = ''): Indexed {
  return {
    id,
    title: record.type === 'lvl1' ? record.hierarchy.lvl1 : '',
    name: record.type === 'lvl1' ? routeName(record.url_without_anchor) : '',
    heading: record.type !== 'lvl1' && record.type !== 'content' ? deepestHeading(record) : '',
    content: [record.content ?? '', record.type === 'content' ? deepestHeading(record) : '', lead].join(' '),
  };
}

/** Best first; equal scores in record order. */
export function byScore(a: {id: unknown; score: number}, b: {id: unknown; score: number}): number {
  return b.score - a.score || (a.id as number) - (b.id as number);
}

/** Page records whose title is exactly the query come first, in their order; the rest follow. */
export function exactTitleFirst<T extends {id: number}>(results: T[], isExact: (id: number) => boolean): T[] {
  const exact = results.filter((r) => isExact(r.id));
  if (exact.length === 0) return results;
  return [...exact, ...results.filter((r) => !isExact(r.id))];
}
