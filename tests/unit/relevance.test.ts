/**
 * Relevance over the real index: every page of docs/ turned into records and written in pieces
 * exactly as the build does, queried through the browser's engine with the reader-written set in
 * tests/data/search-queries.tsv, and held against the whole index in one engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {collectRecords} from '../../src/search/build/build-index';
import {buildTermIndex} from '../../src/search/build/term-index';
import {SearchEngine, type SearchResponse} from '../../src/search/engine/engine';
import {editDistance} from '../../src/search/engine/highlight';
import {fuzzyDistance, queryTerms} from '../../src/search/engine/ranking';
import {FUZZY_STEM, TermSearch} from '../../src/search/engine/term-search';
import {parseQueries, rankedPages, routeOf, scoreRelevance, type RelevanceReport} from '../../bench/lib/relevance';
import {TEN_QUERIES} from '../../bench/lib/search';

const ROOT = path.join(__dirname, '..', '..');
const SITE = 'https://docs.example.com';
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
  let whole: RelevanceReport;
  /** Each query of the set (and the bench's ten) with the answers of the pieces and of the whole index. */
  const answers: {query: string; pieces: SearchResponse; whole: SearchResponse}[] = [];
  let vocabulary: string[] = [];
  const print = (label: string, r: RelevanceReport) =>
    console.log(
      `relevance (${label}): ${r.queries} queries · top-1 ${(r.top1 * 100).toFixed(1)} % · ` +
        `top-5 ${(r.top5 * 100).toFixed(1)} % · MRR@5 ${r.mrr5.toFixed(3)}`,
    );
  beforeAll(async () => {
    // The files exactly as the build writes them, served from memory.
    const built = buildTermIndex(collectRecords(path.join(ROOT, 'docs'), new Map()), SITE);
    const files = new Map([built.meta, ...built.files].map((f) => [`/assets/${f.path}`, f.json]));
    const fetcher = async (url: string) => ({
      ok: files.has(url),
      status: files.has(url) ? 200 : 404,
      json: async () => JSON.parse(files.get(url)!) as unknown,
    });
    const pieces = new TermSearch(`/assets/${built.meta.path}`, fetcher);
    // The whole index, as the build indexed it, with the addresses the pieces give.
    const engine = new SearchEngine();
    const absolute = (url: string) => (url.startsWith('/') ? SITE + url : url);
    engine.add(
      built.records.map((r) => ({...r, url: absolute(r.url), url_without_anchor: absolute(r.url_without_anchor)})),
      0,
      built.leads,
    );
    vocabulary = engine.toJSON().index.map(([term]) => term);
    for (const query of [...new Set([...QUERIES.map((q) => q.query), ...TEN_QUERIES])]) {
      const request = {query, hitsPerPage: 50};
      answers.push({query, pieces: (await pieces.search([request])).results[0]!, whole: engine.search(request)});
    }
    const urls = (side: 'pieces' | 'whole') => {
      const byQuery = new Map(answers.map((a) => [a.query, a[side].hits.map((hit) => hit.url)]));
      return (query: string) => byQuery.get(query)!;
    };
    report = scoreRelevance(QUERIES, urls('pieces'));
    whole = scoreRelevance(QUERIES, urls('whole'));
    print('index in pieces, as the browser reads it', report);
    print('whole index', whole);
    for (const miss of report.misses) {
      console.log(`  miss: ${miss.query} → ${miss.expected} (got ${miss.got.join(', ')})`);
    }
  }, 180_000);

  it(`has the expected page in the top 5 for at least ${TOP5_TARGET * 100} % of queries`, () => {
    expect(report.top5).toBeGreaterThanOrEqual(TOP5_TARGET);
  });

  it('ranks as well as the whole index', () => {
    expect(report.top1).toBeGreaterThanOrEqual(whole.top1);
    expect(report.top5).toBeGreaterThanOrEqual(whole.top5);
    expect(report.mrr5).toBeGreaterThanOrEqual(whole.mrr5 - 1e-9);
  });

  it(`answers every query as the whole index does, unless a typo the whole index forgives changes the first ${FUZZY_STEM} letters`, () => {
    const untimed = (r: SearchResponse) => JSON.stringify({...r, processingTimeMS: 0});
    const differing = answers.filter((a) => untimed(a.pieces) !== untimed(a.whole));
    // The stated reason: the whole index also matches a term within the typos allowed whose first
    // letters differ from the query word's; the pieces look for typos only among terms that share them.
    const outOfStem = (query: string) =>
      queryTerms(query).some((word) => {
        const allowed = fuzzyDistance(word);
        return (
          allowed > 0 &&
          vocabulary.some(
            (term) =>
              !term.startsWith(word.slice(0, FUZZY_STEM)) &&
              !term.startsWith(word) &&
              editDistance(term, word, allowed) <= allowed,
          )
        );
      });
    console.log(
      `answers of the pieces: ${answers.length - differing.length} of ${answers.length} queries the same as the whole index's, byte for byte`,
    );
    expect(differing.filter((a) => !outOfStem(a.query)).map((a) => a.query)).toEqual([]);
    expect(answers.length - differing.length).toBeGreaterThan(answers.length * 0.75);
  });

  it('answers the rest alike: the same hits for the words it finds', () => {
    for (const a of answers) {
      // Every hit of the pieces is a hit of the whole index.
      const all = new Set(a.whole.hits.map((h) => h.url));
      if (a.whole.nbHits <= 50)
        expect(
          a.pieces.hits.every((h) => all.has(h.url)),
          a.query,
        ).toBe(true);
      expect(a.pieces.nbHits, a.query).toBeLessThanOrEqual(a.whole.nbHits);
    }
  });
});
