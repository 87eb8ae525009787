/**
 * Relevance over the real index: every page of docs/ turned into records and packed exactly as the
 * build does, queried with the reader-written set in tests/data/search-queries.tsv.
 */
import fs from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {buildIndex, collectRecords} from '../../src/search/build/build-index';
import {ShardedSearch} from '../../src/search/engine/sharded';
import {SearchEngine} from '../../src/search/engine/engine';
import {headRecords, type HeadShard} from '../../src/search/format/shards';
import {parseQueries, rankedPages, routeOf, scoreRelevance, type RelevanceReport} from '../../bench/lib/relevance';

const ROOT = path.join(__dirname, '..', '..');
const QUERIES = parseQueries(fs.readFileSync(path.join(ROOT, 'tests', 'data', 'search-queries.tsv'), 'utf8'));
/** Share of queries whose expected page must be in the top 5. */
const TOP5_TARGET = 0.95;
/**
 * The same for the quick answers given while the first shard is being indexed: they forgive no
 * typos and serve only the first keystrokes, so they may miss a little more.
 */
const QUICK_TOP5_TARGET = 0.94;

describe('relevance helpers', () => {
  it('reads the set and counts pages once', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(150);
    expect(routeOf('https://x.org/a/b/#c')).toBe('/a/b/');
    expect(rankedPages(['https://x.org/a/#1', 'https://x.org/a/#2', 'https://x.org/b/'])).toEqual(['/a/', '/b/']);
    const report = scoreRelevance(
      [
        {query: 'one', expected: '/a/', kind: ''},
        {query: 'two', expected: '/b/', kind: ''},
        {query: 'three', expected: '/z/', kind: ''},
      ],
      (q) => (q === 'one' ? ['/a/', '/b/'] : ['/a/#x', '/a/', '/b/']),
    );
    expect(report.top1).toBeCloseTo(1 / 3);
    expect(report.top5).toBeCloseTo(2 / 3);
    expect(report.mrr5).toBeCloseTo((1 + 1 / 2) / 3);
    expect(report.misses.map((m) => m.query)).toEqual(['three']);
  });
});

describe('relevance of the embedded search on the reader-written set', () => {
  let quick: RelevanceReport;
  let first: RelevanceReport;
  let report: RelevanceReport;
  const print = (label: string, r: RelevanceReport) =>
    console.log(
      `relevance (${label}): ${r.queries} queries · top-1 ${(r.top1 * 100).toFixed(1)} % · ` +
        `top-5 ${(r.top5 * 100).toFixed(1)} % · MRR@5 ${r.mrr5.toFixed(3)}`,
    );
  beforeAll(async () => {
    // The shards exactly as the build writes them, served from memory.
    const built = buildIndex(collectRecords(path.join(ROOT, 'docs'), new Map()), 'https://docs.example.com');
    const files = new Map([built.head, ...built.body].map((f) => [`/assets/${f.fileName}`, f.json]));
    const fetcher = async (url: string) => ({
      ok: files.has(url),
      status: files.has(url) ? 200 : 404,
      json: async () => JSON.parse(files.get(url)!) as unknown,
    });
    const urls = async (search: ShardedSearch, query: string) =>
      (await search.search([{query, hitsPerPage: 50}])).results[0]!.hits.map((hit) => hit.url);
    // The first shard alone: it never waits for the others, which never load.
    const headOnly = new ShardedSearch(`/assets/${built.head.fileName}`, fetcher, 0, -1);
    await headOnly.ready();
    const answers = new Map<string, string[]>();
    for (const q of QUERIES) answers.set(q.query, await urls(headOnly, q.query));
    first = scoreRelevance(QUERIES, (query) => answers.get(query)!);
    // The quick answers of the queries that wait for the first shard: its records read, not indexed.
    const head = JSON.parse(built.head.json) as HeadShard;
    const staged = new SearchEngine();
    const indexed = staged.stage(headRecords(head), 0, new Map(head.leads));
    quick = scoreRelevance(QUERIES, (query) => staged.search({query, hitsPerPage: 50}).hits.map((hit) => hit.url));
    await indexed;
    const search = new ShardedSearch(`/assets/${built.head.fileName}`, fetcher);
    await search.loadBody();
    for (const q of QUERIES) answers.set(q.query, await urls(search, q.query));
    report = scoreRelevance(QUERIES, (query) => answers.get(query)!);
    print('quick answers, first shard read', quick);
    print('first shard alone', first);
    print('all shards', report);
    for (const miss of report.misses) {
      console.log(`  miss: ${miss.query} → ${miss.expected} (got ${miss.got.join(', ')})`);
    }
  }, 180_000);

  it(`has the expected page in the top 5 for at least ${TOP5_TARGET * 100} % of queries`, () => {
    expect(report.top5).toBeGreaterThanOrEqual(TOP5_TARGET);
  });

  it(`answers quickly, while the first shard is indexed, with the page in the top 5 for at least ${QUICK_TOP5_TARGET * 100} %`, () => {
    expect(quick.top5).toBeGreaterThanOrEqual(QUICK_TOP5_TARGET);
  });
});
