/**
 * Relevance over the real index: every page of docs/ turned into records and packed exactly as the
 * build does, queried with the reader-written set in tests/data/search-queries.tsv.
 */
import fs from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {buildIndex, collectRecords} from '../../src/search/build';
import {unpackIndex} from '../../src/search/pack';
import {SearchEngine} from '../../src/search/engine';
import {parseQueries, rankedPages, routeOf, scoreRelevance, type RelevanceReport} from '../../src/search/relevance';

const ROOT = path.join(__dirname, '..', '..');
const QUERIES = parseQueries(fs.readFileSync(path.join(ROOT, 'tests', 'data', 'search-queries.tsv'), 'utf8'));
/** Share of queries whose expected page must be in the top 5. */
const TOP5_TARGET = 0.95;

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
  let report: RelevanceReport;
  beforeAll(() => {
    const built = buildIndex(collectRecords(path.join(ROOT, 'docs'), new Map()), 'https://docs.example.com');
    const engine = new SearchEngine(unpackIndex(JSON.parse(built.json)));
    report = scoreRelevance(QUERIES, (query) => engine.search({query, hitsPerPage: 50}).hits.map((hit) => hit.url));
    console.log(
      `relevance: ${report.queries} queries · top-1 ${(report.top1 * 100).toFixed(1)} % · ` +
        `top-5 ${(report.top5 * 100).toFixed(1)} % · MRR@5 ${report.mrr5.toFixed(3)}`,
    );
    for (const miss of report.misses) {
      console.log(`  miss: ${miss.query} → ${miss.expected} (got ${miss.got.join(', ')})`);
    }
  }, 180_000);

  it(`has the expected page in the top 5 for at least ${TOP5_TARGET * 100} % of queries`, () => {
    expect(report.top5).toBeGreaterThanOrEqual(TOP5_TARGET);
  });
});
