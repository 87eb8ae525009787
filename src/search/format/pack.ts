/**
 * Records in compact form, as each record file of the index holds them (./terms.ts): pages and
 * heading texts are stored once and records point at them, so a file is a fraction of the size of
 * the records it expands back into.
 */
import {DOCS_TAG, LANGUAGE, type RecordType, type SearchRecord} from './types';

export interface PackedIndex {
  v: 1;
  /** The site's address; record URLs are absolute, as in a DocSearch index. */
  site: string;
  /** [route, section, title] per page. */
  pages: [string, string, string][];
  /** Heading texts, referenced by position. */
  strings: string[];
  /** [page, anchor, type, content, lvl2…lvl6 as string positions] per record. */
  records: (string | number | null)[][];
}

/** The record types, by the number the index files use. */
export const RECORD_TYPES: readonly RecordType[] = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content'];

export function packIndex(records: readonly SearchRecord[], site: string): PackedIndex {
  const pages: PackedIndex['pages'] = [];
  const pageIndex = new Map<string, number>();
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const ref = (value: string | null): number | null => {
    if (value === null) return null;
    let i = stringIndex.get(value);
    if (i === undefined) {
      i = strings.push(value) - 1;
      stringIndex.set(value, i);
    }
    return i;
  };
  const packed = records.map((r) => {
    const route = r.url_without_anchor.startsWith(site)
      ? r.url_without_anchor.slice(site.length)
      : r.url_without_anchor;
    let p = pageIndex.get(route);
    if (p === undefined) {
      p = pages.push([route, r.hierarchy.lvl0, r.hierarchy.lvl1]) - 1;
      pageIndex.set(route, p);
    }
    const levels = [r.hierarchy.lvl2, r.hierarchy.lvl3, r.hierarchy.lvl4, r.hierarchy.lvl5, r.hierarchy.lvl6].map(ref);
    while (levels.length > 0 && levels[levels.length - 1] === null) levels.pop();
    return [p, r.anchor ?? '', RECORD_TYPES.indexOf(r.type), r.content, ...levels];
  });
  return {v: 1, site, pages, strings, records: packed};
}

export function unpackIndex(index: PackedIndex): SearchRecord[] {
  if (index.v !== 1) throw new Error(`Unsupported search index version ${String(index.v)}`);
  return unpackRecords(index, index.records, 0);
}

/** The pages and heading texts that packed records point at. */
export type PackedBase = Pick<PackedIndex, 'site' | 'pages' | 'strings'>;

/** Expands packed records; the first one is record number `start` of the whole index. */
export function unpackRecords(index: PackedBase, entries: PackedIndex['records'], start: number): SearchRecord[] {
  const {site, pages, strings} = index;
  const level = (entry: PackedIndex['records'][number], at: number): string | null => {
    const ref = entry[at];
    return typeof ref === 'number' ? (strings[ref] ?? null) : null;
  };
  // A plain loop with indexed reads: it runs for the hits of the first search, before the code is warm.
  const records = new Array<SearchRecord>(entries.length);
  for (let n = 0; n < entries.length; n += 1) {
    const entry = entries[n]!;
    const i = start + n;
    const p = entry[0] as number;
    const page = pages[p];
    if (!page) throw new Error(`Search record ${i} points at missing page ${p}`);
    const anchor = entry[1] as string;
    const url = site + page[0];
    records[n] = {
      objectID: String(i),
      url: anchor ? `${url}#${anchor}` : url,
      url_without_anchor: url,
      anchor: anchor || null,
      type: RECORD_TYPES[entry[2] as number] ?? 'content',
      hierarchy: {
        lvl0: page[1],
        lvl1: page[2],
        lvl2: level(entry, 4),
        lvl3: level(entry, 5),
        lvl4: level(entry, 6),
        lvl5: level(entry, 7),
        lvl6: level(entry, 8),
      },
      content: (entry[3] as string | null) ?? null,
      language: LANGUAGE,
      docusaurus_tag: DOCS_TAG,
    };
  }
  return records;
}
