/**
 * What a search fetches does not grow with the docs (issue 35): the index is built, as the build
 * builds it, from the real docs and from the bench's corpus at three times the pages
 * (bench/lib/scale.ts: two more copies of every page, their words varied), and the first open (the
 * search worker and its engine, as this build made them, and the pieces of the first query) fetches
 * about as many bytes from both, and the bench's ten queries only a little more.
 * `npm run bench -- --scale` measures the same in Chromium at up to ten times the pages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {collectRecords} from '../../src/search/build/build-index';
import {buildTermIndex} from '../../src/search/build/term-index';
import {TermSearch} from '../../src/search/engine/term-search';
import {makeScaledSite} from '../../bench/lib/scale';
import {modalRequest, TEN_QUERIES} from '../../bench/lib/search';
import {BUILD_DIR} from './build';

const ROOT = path.join(__dirname, '..', '..');
const JS_DIR = path.join(BUILD_DIR, 'assets', 'js');

/** Gzip bytes of the search worker's script and of the engine chunk it loads, as the build made them. */
function engineCodeBytes(): number {
  const scripts = fs.readdirSync(JS_DIR).filter((name) => name.endsWith('.js'));
  const text = (name: string) => fs.readFileSync(path.join(JS_DIR, name), 'utf8');
  // The worker's script is the one that reads the index file's address from its own name.
  const worker = scripts.filter((name) => /\.json\$\/\.test\(\w+\.name\)/.test(text(name)));
  expect(worker).toHaveLength(1);
  const loads = [...text(worker[0]!).matchAll(/\.e\("(\d+)"\)/g)].map((m) => m[1]);
  const engine = scripts.filter((name) => loads.some((id) => name.startsWith(`${id}.`)));
  expect(engine).toHaveLength(1);
  return [worker[0]!, engine[0]!].reduce((sum, name) => sum + zlib.gzipSync(text(name), {level: 9}).length, 0);
}
/** The growth allowed for the first open from one to three times the pages (issue 35: at most 1.1×). */
const MAX_GROWTH = 1.1;
/**
 * The growth allowed for ten queries. A query fetches the whole postings of each of its terms, and
 * those grow with the pages that hold the term, so its bytes grow a little (1.05–1.15× at three times
 * the pages, depending on which files the ten queries happen to hit). 1.25× keeps them far from the 3×
 * of an index that grows with the docs, and within the bench's 300 KB for ten queries at ten times the
 * pages.
 */
const MAX_QUERY_GROWTH = 1.25;

/** Gzip bytes fetched after the first query and after all ten, on a fresh engine. */
async function fetchedBytes(docsDir: string): Promise<{first: number; ten: number; records: number}> {
  const built = buildTermIndex(collectRecords(docsDir, new Map()), 'https://docs.example.com');
  const files = new Map([built.meta, ...built.files].map((f) => [`/assets/${f.path}`, f.json]));
  let bytes = 0;
  const fetcher = async (url: string) => {
    const body = files.get(url);
    if (body !== undefined) bytes += zlib.gzipSync(body, {level: 9}).length;
    return {
      ok: body !== undefined,
      status: body === undefined ? 404 : 200,
      json: async () => JSON.parse(body!) as unknown,
    };
  };
  const search = new TermSearch(`/assets/${built.meta.path}`, fetcher);
  let first = 0;
  for (const [i, query] of TEN_QUERIES.entries()) {
    const answer = (await search.search([modalRequest(query)])).results[0]!;
    expect(answer.nbHits, query).toBeGreaterThan(0);
    if (i === 0) first = bytes;
  }
  return {first, ten: bytes, records: built.records.length};
}

describe('search at three times the pages', () => {
  let dir: string;
  let one: Awaited<ReturnType<typeof fetchedBytes>>;
  let three: Awaited<ReturnType<typeof fetchedBytes>>;
  let code: number;
  beforeAll(async () => {
    code = engineCodeBytes();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-growth-'));
    const site = makeScaledSite(ROOT, path.join(dir, 'site'), 3);
    one = await fetchedBytes(path.join(ROOT, 'docs'));
    three = await fetchedBytes(path.join(site.dir, 'docs'));
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `search, 1× (${one.records} records) → 3× (${three.records}): first open ${kb(code + one.first)} → ` +
        `${kb(code + three.first)} (engine ${kb(code)}), ten queries ${kb(code + one.ten)} → ${kb(code + three.ten)}`,
    );
  }, 180_000);
  afterAll(() => {
    if (dir) fs.rmSync(dir, {recursive: true, force: true});
  });

  it('holds three times the records', () => {
    expect(three.records).toBe(one.records * 3);
  });
  it(`fetches at most ${MAX_GROWTH}× the bytes for the first open, engine included`, () => {
    expect(code + three.first).toBeLessThanOrEqual((code + one.first) * MAX_GROWTH);
  });
  it(`fetches at most ${MAX_QUERY_GROWTH}× the bytes for ten queries`, () => {
    expect(code + three.ten).toBeLessThanOrEqual((code + one.ten) * MAX_QUERY_GROWTH);
  });
});
