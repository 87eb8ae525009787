/**
 * Writes the embedded index in the pieces of ../format/terms.ts. The records are indexed once, here,
 * by the same engine the tests query whole (../engine/engine.ts), and its index is written out as
 * it is: the term frequencies, field lengths and average field lengths that BM25 reads, so that the
 * browser's answers from the pieces (../engine/term-search.ts) are the whole index's. Pure but for
 * hashing; Node only.
 */
import crypto from 'node:crypto';
import {SearchEngine} from '../engine/engine';
import {FIELDS, NEWS_ROUTE, titleKey, titleTerms} from '../engine/ranking';
import {packIndex} from '../format/pack';
import {
  encodePostings,
  RECORD_TYPES,
  TERM_INDEX_VERSION,
  type ClassRun,
  type FieldPostings,
  type IndexMeta,
  type PostingsFile,
  type RecordFile,
  type VocabularyBlock,
} from '../format/terms';
import type {SearchRecord} from '../format/types';

export interface TermIndexOptions {
  /** A vocabulary block ends once its terms pass this many characters. */
  blockChars: number;
  /** A postings file ends once its postings pass this many numbers (a term's postings stay whole). */
  postingsNumbers: number;
  recordsPerFile: number;
  /** Words of a section's first paragraph that its heading's record also holds. */
  leadWords: number;
}

/** Sizes that keep each piece at a few kilobytes on the wire (measured by `npm run bench -- --scale`). */
export const DEFAULT_TERM_INDEX: TermIndexOptions = {
  blockChars: 3000,
  postingsNumbers: 3000,
  // Four, not eight: a query shows 20 hits spread over many files, so smaller files carry fewer records
  // nobody asked for (first open 20.9 → 18.5 KB, ten queries 150 → 131 KB, and the first open at three
  // times the pages 1.06× instead of 1.10×, tests/site/search-growth.test.ts).
  recordsPerFile: 4,
  leadWords: 6,
};

export interface BuiltFile {
  /** The file's path, relative to the folder of the index file. */
  path: string;
  json: string;
}

export interface BuiltTermIndex {
  /** The records, by record number. */
  records: SearchRecord[];
  /** The first words of the sections that heading and page records hold, by record number. */
  leads: Map<number, string>;
  /** The index file, `search-index.<hash>.json`. */
  meta: BuiltFile;
  /** Every other file, in the folder the index file names. */
  files: BuiltFile[];
}

const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 10);

const isNews = (record: SearchRecord) => NEWS_ROUTE.test(record.url_without_anchor);

/** The order of the index: by record type, documentation before release notes and advisories, then page order. */
function classKey(record: SearchRecord): number {
  return RECORD_TYPES.indexOf(record.type) * 2 + (isNews(record) ? 1 : 0);
}

/**
 * The lead of each heading (outside release notes and advisories) and of each page record without a
 * description: the first words of the first paragraph after it, before the next heading.
 */
function leadsOf(records: readonly SearchRecord[], words: number): Map<SearchRecord, string> {
  const leads = new Map<SearchRecord, string>();
  let owner: SearchRecord | undefined;
  for (const record of records) {
    if (record.type !== 'content') {
      owner =
        record.type === 'lvl1' ? (record.content ? undefined : record) : isNews(record) ? undefined : record;
      continue;
    }
    if (owner && record.content) {
      leads.set(owner, record.content.split(/\s+/).slice(0, words).join(' '));
      owner = undefined;
    }
  }
  return leads;
}

/** Cuts `items` into runs, a run ending once `size` of its items passes `limit`. */
function cut<T>(items: readonly T[], size: (item: T) => number, limit: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let total = 0;
  for (const item of items) {
    if (run.length > 0 && total >= limit) {
      runs.push(run);
      run = [];
      total = 0;
    }
    run.push(item);
    total += size(item);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Builds the index of `records` (in page order) for the site at `site`. */
export function buildTermIndex(
  pageRecords: readonly SearchRecord[],
  site: string,
  options: TermIndexOptions = DEFAULT_TERM_INDEX,
): BuiltTermIndex {
  const byPage = leadsOf(pageRecords, options.leadWords);
  const records = pageRecords
    .map((record, n) => ({record, n}))
    .sort((a, b) => classKey(a.record) - classKey(b.record) || a.n - b.n)
    .map(({record}) => record);
  const leads = new Map<number, string>();
  records.forEach((record, id) => {
    const lead = byPage.get(record);
    if (lead !== undefined) leads.set(id, lead);
  });

  const engine = new SearchEngine();
  engine.add(records, 0, leads);
  const index = engine.toJSON();
  // MiniSearch numbers documents in the order they are added; the files use those numbers.
  records.forEach((_, id) => {
    if (index.documentIds[id] !== id) throw new Error(`Search record ${id} was indexed out of order`);
  });
  // The files number fields as ../engine/ranking.ts lists them; so does MiniSearch.
  const fieldIds = FIELDS.map((field, i) => {
    if (index.fieldIds[field] !== i) throw new Error(`The search index numbers the field ${field} differently`);
    return i;
  });

  const classes: ClassRun[] = [];
  records.forEach((record, id) => {
    const type = RECORD_TYPES.indexOf(record.type);
    const news = isNews(record) ? 1 : 0;
    const last = classes.at(-1);
    if (last && last[1] === type && last[2] === news) last[0] = id + 1;
    else classes.push([id + 1, type, news]);
  });

  const titleTermsOf = new Map<string, Set<string>>();
  const onTitle = (id: number, term: string) => {
    const title = records[id]!.hierarchy.lvl1;
    let terms = titleTermsOf.get(title);
    if (!terms) titleTermsOf.set(title, (terms = titleTerms(title)));
    return terms.has(term);
  };

  // Each term's postings, in the order MiniSearch scores them: by field, then by record number.
  const terms = index.index
    .map(([term, data]) => {
      const fields: FieldPostings[] = [];
      for (const field of fieldIds) {
        const frequencies = data[String(field)];
        if (!frequencies) continue;
        const ids = Object.keys(frequencies)
          .map(Number)
          .sort((a, b) => a - b);
        fields.push({
          field,
          ids,
          frequencies: ids.map((id) => frequencies[id]!),
          lengths: ids.map((id) => index.fieldLength[id]![field]!),
          onTitle: ids.map((id) => onTitle(id, term)),
        });
      }
      return {term, postings: encodePostings(fields)};
    })
    .sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));

  const postingsRuns = cut(terms, (t) => t.postings.length, options.postingsNumbers);
  const fileOfTerm = new Map<string, number>();
  postingsRuns.forEach((run, file) => run.forEach((t) => fileOfTerm.set(t.term, file)));
  const blockRuns = cut(terms, (t) => t.term.length + 4, options.blockChars);
  const firsts = blockRuns.map((run) => run[0]!.term);

  // Exact titles go to the block of their first word.
  const titles = blockRuns.map(() => new Map<string, number[]>());
  records.forEach((record, id) => {
    if (record.type !== 'lvl1') return;
    const key = titleKey(record.hierarchy.lvl1);
    if (!key) return;
    const first = key.split(' ')[0]!;
    let block = 0;
    while (block + 1 < firsts.length && firsts[block + 1]! <= first) block += 1;
    const ids = titles[block]!.get(key) ?? [];
    ids.push(id);
    titles[block]!.set(key, ids);
  });

  const files: BuiltFile[] = [];
  blockRuns.forEach((run, n) => {
    const fileNumbers = run.map((t) => fileOfTerm.get(t.term)!);
    const starts: number[] = [];
    for (let i = 1; i < run.length; i += 1) if (fileNumbers[i] !== fileNumbers[i - 1]) starts.push(i);
    const block: VocabularyBlock = {
      v: TERM_INDEX_VERSION,
      terms: run.map((t) => t.term),
      files: [fileNumbers[0]!, ...starts],
      titles: [...titles[n]!].map(([key, ids]) => [key, ...ids] as [string, ...number[]]),
    };
    files.push({path: `v${n}.json`, json: JSON.stringify(block)});
  });
  postingsRuns.forEach((run, n) => {
    const file: PostingsFile = {v: TERM_INDEX_VERSION, terms: run.map((t) => t.term), postings: run.map((t) => t.postings)};
    files.push({path: `p${n}.json`, json: JSON.stringify(file)});
  });
  for (let start = 0, n = 0; start < records.length; start += options.recordsPerFile, n += 1) {
    const {pages, strings, records: packed} = packIndex(records.slice(start, start + options.recordsPerFile), site);
    const file: RecordFile = {v: TERM_INDEX_VERSION, pages, strings, records: packed};
    files.push({path: `r${n}.json`, json: JSON.stringify(file)});
  }

  const contents = crypto.createHash('sha256');
  for (const file of files) contents.update(file.path).update('\0').update(file.json).update('\0');
  const dir = `search-${contents.digest('hex').slice(0, 10)}`;
  const meta: IndexMeta = {
    v: TERM_INDEX_VERSION,
    site,
    dir,
    documentCount: index.documentCount,
    averageFieldLength: index.averageFieldLength,
    classes,
    blocks: firsts,
    recordsPerFile: options.recordsPerFile,
  };
  const json = JSON.stringify(meta);
  return {
    records,
    leads,
    meta: {path: `search-index.${hashOf(json)}.json`, json},
    files: files.map((f) => ({path: `${dir}/${f.path}`, json: f.json})),
  };
}
