/**
 * The embedded index in pieces that a query fetches by what it asks, so that what a search loads
 * does not grow with the site:
 *
 * - the **index file** (`search-index.<hash>.json`, named in the page's data): the figures the ranking
 *   needs of the whole index (record count, average field lengths), the record classes, and the
 *   first term of each vocabulary block;
 * - **vocabulary blocks** (`v<n>.json`): the index's terms in order, each with the number of its
 *   postings file, and the exact page titles whose first word falls in the block;
 * - **postings files** (`p<n>.json`): for each of their terms, the records it is in, per field, with
 *   what BM25 needs of each (term frequency, field length) and whether the term is in the record's
 *   page title;
 * - **record files** (`r<n>.json`): the records themselves, a fixed number per file, for the hits shown.
 *
 * The other files sit in a folder named after the hash of their contents, beside the index file.
 * Records are numbered by class (record type, then documentation before release notes and
 * advisories), so a record's type and page weight follow from its number. Browser-safe and pure.
 */
import {RECORD_TYPES, type PackedIndex} from './pack';
import type {RecordType} from './types';

export {RECORD_TYPES};

export const TERM_INDEX_VERSION = 3;

/** A run of records of one class: records up to `end` (exclusive) have this type and page kind. */
export type ClassRun = [end: number, type: number, news: 0 | 1];

export interface IndexMeta {
  v: typeof TERM_INDEX_VERSION;
  /** The site's address; record URLs are absolute, as in a DocSearch index. */
  site: string;
  /** The folder of the other files, beside this one. */
  dir: string;
  documentCount: number;
  /** The average length of each field (by field number) over all records, as MiniSearch computed it. */
  averageFieldLength: number[];
  classes: ClassRun[];
  /** The first term of each vocabulary block. */
  blocks: string[];
  recordsPerFile: number;
}

export interface VocabularyBlock {
  v: typeof TERM_INDEX_VERSION;
  /** The block's terms, in order. */
  terms: string[];
  /**
   * The postings file of each term: the file of the first term, then the positions in `terms` at
   * which the next file begins (each one file further).
   */
  files: number[];
  /** [title key, record numbers…] of the page records whose title key starts with a word of this block. */
  titles: [string, ...number[]][];
}

export interface PostingsFile {
  v: typeof TERM_INDEX_VERSION;
  terms: string[];
  /** Per term, its postings as `encodePostings` writes them. */
  postings: number[][];
}

export interface RecordFile extends Omit<PackedIndex, 'v' | 'site'> {
  v: typeof TERM_INDEX_VERSION;
}

/** The postings of one term in one field: record numbers (ascending), frequencies, field lengths, title flags. */
export interface FieldPostings {
  field: number;
  ids: number[];
  frequencies: number[];
  lengths: number[];
  onTitle: boolean[];
}

/**
 * One term's postings as numbers: per field, `field, n`, then the n record numbers as differences
 * from the one before, the n frequencies, and the n field lengths times two plus one where the term
 * is in the record's page title.
 */
export function encodePostings(fields: readonly FieldPostings[]): number[] {
  const out: number[] = [];
  for (const f of fields) {
    out.push(f.field, f.ids.length);
    let previous = 0;
    for (const id of f.ids) {
      out.push(id - previous);
      previous = id;
    }
    out.push(...f.frequencies);
    for (let i = 0; i < f.lengths.length; i += 1) out.push(f.lengths[i]! * 2 + (f.onTitle[i] ? 1 : 0));
  }
  return out;
}

export function decodePostings(encoded: readonly number[]): FieldPostings[] {
  const fields: FieldPostings[] = [];
  let at = 0;
  while (at < encoded.length) {
    const field = encoded[at]!;
    const n = encoded[at + 1]!;
    if (!(n >= 0) || at + 2 + 3 * n > encoded.length) throw new Error('Search postings are cut short');
    at += 2;
    const ids = new Array<number>(n);
    let id = 0;
    for (let i = 0; i < n; i += 1) ids[i] = id += encoded[at + i]!;
    const frequencies = encoded.slice(at + n, at + 2 * n);
    const lengths = new Array<number>(n);
    const onTitle = new Array<boolean>(n);
    for (let i = 0; i < n; i += 1) {
      const value = encoded[at + 2 * n + i]!;
      lengths[i] = value >> 1;
      onTitle[i] = (value & 1) === 1;
    }
    fields.push({field, ids, frequencies, lengths, onTitle});
    at += 3 * n;
  }
  return fields;
}

/** The postings file of term number `index` of a block. */
export function postingsFileOf(block: VocabularyBlock, index: number): number {
  let file = block.files[0]!;
  for (let i = 1; i < block.files.length && block.files[i]! <= index; i += 1) file += 1;
  return file;
}

/** The terms that start with `prefix` lie in `[prefix, prefixEnd(prefix))`. */
export function prefixEnd(prefix: string): string {
  return `${prefix}\uffff`;
}

/**
 * The blocks (by number) that may hold terms from `from` up to `to` (both included), where block
 * `i` holds the terms from `firsts[i]` up to the next block's first term.
 */
export function blocksFor(firsts: readonly string[], from: string, to: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < firsts.length; i += 1) {
    const next = firsts[i + 1];
    if (next !== undefined && next <= from) continue;
    if (i > 0 && firsts[i]! > to) break;
    found.push(i);
  }
  return found;
}

/** A record's class: its type and whether it is on a release note or advisory. */
export function classOf(classes: readonly ClassRun[], id: number): {type: RecordType; news: boolean} {
  let low = 0;
  let high = classes.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (classes[mid]![0] > id) high = mid;
    else low = mid + 1;
  }
  const run = classes[low];
  if (!run || id >= run[0] || id < 0) throw new Error(`Search record ${id} is outside the index`);
  return {type: RECORD_TYPES[run[1]] ?? 'content', news: run[2] === 1};
}
