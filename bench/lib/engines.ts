/**
 * The bench's comparison of the embedded engine (the index in pieces, in the site's search worker)
 * with Pagefind, both behind the same Algolia-shaped client and measured in the same Chromium
 * harness (harness.ts): bytes fetched for the first query and after ten, time to the first
 * answer on a freshly loaded page, warm query time, long main-thread tasks, and relevance on
 * tests/data/search-queries.tsv. bench/README.md describes the method.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Browser, Page, Response} from '@playwright/test';
import {createIndex, close as closePagefind} from 'pagefind';
import {htmlFiles, isRedirectStub} from '../../src/serve/site';
import {parseQueries, scoreRelevance, type RelevanceReport} from './relevance';
import type {SearchRequest} from '../../src/search/engine/engine';
import type {EngineName, EngineSetup, Harness, Timed} from './harness';
import {modalRequest, percentile} from './search';
import {gzipSize, VIEWPORT} from '../../tests/support/page-weight';

/** The folder of the build that holds Pagefind's bundle; the production site does not have it. */
export const PAGEFIND_DIR = 'pagefind';
/** Pagefind indexes the text of a doc page, not the navigation, sidebar, table of contents or footer. */
export const PAGEFIND_ROOT = '.theme-doc-markdown';
export const PAGEFIND_EXCLUDE = ['.hash-link'];
export const ENGINES: readonly EngineName[] = ['site', 'pagefind'];
export const ENGINE_LABELS: Record<EngineName, string> = {site: 'This site', pagefind: 'Pagefind'};
const HARNESS_PATH = '/__bench/harness.js';

export interface PagefindBuild {
  pages: number;
  ms: number;
  /** Bytes of the files a search can fetch: script, worker, WebAssembly, metadata, index, fragments. */
  bytes: number;
}

/** The section of a doc page: the first breadcrumb after the home link. */
function sectionOf(html: string): string | null {
  const crumbs = [...html.matchAll(/<li class="?breadcrumbs__item[^>]*>([\s\S]*?)(?=<li|<\/ul>)/g)];
  const text = crumbs[1]?.[1]?.replace(/<[^>]+>/g, '').trim();
  return text ? text.replace(/[,"]/g, ' ').replace(/&amp;/g, '&') : null;
}

/**
 * Indexes the doc pages of a build with Pagefind's Node API into `<build>/pagefind/`. The root is
 * the doc text; the page's section goes in as metadata (Pagefind reads metadata inside the root only).
 */
export async function buildPagefindIndex(buildDir: string): Promise<PagefindBuild> {
  const started = performance.now();
  const out = path.join(buildDir, PAGEFIND_DIR);
  fs.rmSync(out, {recursive: true, force: true});
  const {index, errors} = await createIndex({
    rootSelector: PAGEFIND_ROOT,
    excludeSelectors: PAGEFIND_EXCLUDE,
    forceLanguage: 'en',
  });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  let pages = 0;
  for (const file of htmlFiles(buildDir)) {
    let html = fs.readFileSync(file, 'utf8');
    if (isRedirectStub(html) || !html.includes('theme-doc-markdown')) continue;
    const section = sectionOf(html);
    if (section) {
      html = html.replace(
        /(<div class="theme-doc-markdown markdown">)/,
        `$1<span data-pagefind-meta="section:${section}"></span>`,
      );
    }
    const added = await index.addHTMLFile({sourcePath: path.relative(buildDir, file), content: html});
    if (added.errors.length) throw new Error(`Pagefind: ${file}: ${added.errors.join('; ')}`);
    pages += 1;
  }
  const written = await index.writeFiles({outputPath: out});
  if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  await closePagefind();
  const ms = performance.now() - started;
  const used = (f: string) =>
    /^(pagefind\.js|pagefind-worker\.js|wasm\.en\.pagefind|.*\.pf_(meta|index|fragment))$/.test(f);
  return {pages, ms, bytes: sizeOf(out, used)};
}

function sizeOf(dir: string, keep: (name: string) => boolean): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, {withFileTypes: true, recursive: true})) {
    if (entry.isFile() && keep(entry.name)) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** The harness for the browser, bundled once. */
export async function bundleHarness(): Promise<string> {
  // The bench needs esbuild only to bundle this one file.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(__dirname, 'harness.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** The production policy plus what Pagefind needs to run its WebAssembly. */
export function allowWasm(headers: [string, string][]): [string, string][] {
  return headers.map(([name, value]) =>
    name.toLowerCase() === 'content-security-policy'
      ? [name, value.replace(/script-src ([^;]*)/, "script-src $1 'wasm-unsafe-eval'")]
      : [name, value],
  );
}

/**
 * The search worker's script among the built chunks. Chunk files are named by id, so the worker is
 * found where the page starts it: `new Worker(new URL(<public path> + <chunk file>("<id>"), …))`.
 */
export function searchWorkerFile(jsDir: string): string | undefined {
  const files = fs.readdirSync(jsDir).filter((f) => f.endsWith('.js'));
  for (const file of files) {
    const id = /new Worker\(new URL\(\w+\.p\+\w+\.u\("?(\w+)"?\)/.exec(
      fs.readFileSync(path.join(jsDir, file), 'utf8'),
    )?.[1];
    const worker = id && files.find((f) => f.startsWith(`${id}.`));
    if (worker) return worker;
  }
  return undefined;
}

/** How an engine is set up on a served build. */
export function engineSetup(engine: EngineName, buildDir: string): EngineSetup {
  if (engine === 'pagefind') return {engine, pagefindBase: `/${PAGEFIND_DIR}/`};
  const assets = path.join(buildDir, 'assets');
  const index = fs.readdirSync(assets).find((f) => /^search-index\.[0-9a-f]+\.json$/.test(f));
  const worker = searchWorkerFile(path.join(assets, 'js'));
  if (!index || !worker) throw new Error(`${assets} holds no embedded search index or search worker`);
  return {engine, indexUrl: `/assets/${index}`, workerUrl: `/assets/js/${worker}`};
}

/** Bytes of one response as a compressing server sends it: gzip (level 9), or the body where that is smaller. */
function wireBytes(body: Buffer): number {
  return Math.min(body.length, gzipSize(body));
}

interface Fetched {
  path: string;
  bytes: number;
}

/** Records what the page (and its workers) fetch from the server while `recording` is on. */
class Recorder {
  recording = false;
  private readonly pending: Promise<Fetched>[] = [];

  constructor(page: Page) {
    const onResponse = (response: Response) => {
      const url = new URL(response.url());
      if (!this.recording || !/^https?:$/.test(url.protocol) || url.pathname === HARNESS_PATH) return;
      this.pending.push(
        response
          .body()
          .then((body) => ({path: url.pathname, bytes: wireBytes(body)}))
          .catch(() => ({path: url.pathname, bytes: 0})),
      );
    };
    page.context().on('response', onResponse);
  }

  async fetched(): Promise<Fetched[]> {
    return Promise.all(this.pending);
  }

  async total(): Promise<number> {
    return (await this.fetched()).reduce((sum, f) => sum + f.bytes, 0);
  }
}

/** A freshly loaded page of the site with the harness in it, and a recorder of what it fetches. */
async function openHarness(browser: Browser, pageUrl: string, harness: string) {
  const context = await browser.newContext({viewport: VIEWPORT, serviceWorkers: 'block'});
  const page = await context.newPage();
  await page.route(`**${HARNESS_PATH}`, (route) =>
    route.fulfill({status: 200, contentType: 'application/javascript', body: harness}),
  );
  const recorder = new Recorder(page);
  await page.goto(pageUrl, {waitUntil: 'load'});
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({url: HARNESS_PATH});
  await page.waitForFunction(() => 'benchHarness' in window);
  return {context, page, recorder};
}

const inPage = (page: Page) => ({
  first: (setup: EngineSetup, request: SearchRequest) =>
    page.evaluate(([s, r]) => (window as unknown as {benchHarness: Harness}).benchHarness.first(s, r), [
      setup,
      request,
    ] as const),
  query: (request: SearchRequest) =>
    page.evaluate((r) => (window as unknown as {benchHarness: Harness}).benchHarness.query(r), request),
  all: (requests: SearchRequest[]) =>
    page.evaluate((r) => (window as unknown as {benchHarness: Harness}).benchHarness.all(r), requests),
  longTasks: () => page.evaluate(() => (window as unknown as {benchHarness: Harness}).benchHarness.longTasks()),
});

const longest = (tasks: {start: number; duration: number}[], from: number, to: number) =>
  Math.max(0, ...tasks.filter((t) => t.start + t.duration >= from && t.start <= to).map((t) => t.duration));

export interface EngineFigures {
  engine: EngineName;
  /** Bytes fetched to answer the first query on a fresh page (engine code, WebAssembly, index). */
  firstOpenBytes: number;
  firstOpenFiles: Fetched[];
  /** Cumulative bytes after each of the ten queries, the first included. */
  tenQueriesBytes: number[];
  /** After the ten queries and once the network is idle. */
  tenQueriesIdleBytes: number;
  /** Start of the first query (client made, nothing loaded) to its answer, one figure per fresh page. */
  firstAnswerMs: number[];
  /** Longest main-thread task during the first query and during the ten queries (0: none over 50 ms). */
  longestTaskFirstMs: number;
  longestTaskTenMs: number;
  /** Warm query times, every query of the list, `passes` times. */
  warm: {passes: number; queries: number; p50Ms: number; p95Ms: number; maxMs: number};
  relevance: Omit<RelevanceReport, 'misses'> & {misses: RelevanceReport['misses']};
}

export interface CompareOptions {
  browser: Browser;
  baseUrl: string;
  buildDir: string;
  route: string;
  firstQuery: string;
  tenQueries: readonly string[];
  warmQueries: readonly string[];
  warmPasses: number;
  firstRuns: number;
  relevanceFile: string;
}

/** Measures one engine. */
export async function measureEngine(
  engine: EngineName,
  options: CompareOptions,
  harness: string,
): Promise<EngineFigures> {
  const setup = engineSetup(engine, options.buildDir);
  const url = options.baseUrl + options.route;
  const firstAnswerMs: number[] = [];
  let main: Omit<EngineFigures, 'firstAnswerMs' | 'engine'> | undefined;
  for (let run = 0; run < options.firstRuns; run += 1) {
    const {context, page, recorder} = await openHarness(options.browser, url, harness);
    const h = inPage(page);
    try {
      recorder.recording = true;
      const first = await h.first(setup, modalRequest(options.firstQuery));
      firstAnswerMs.push(first.ms);
      if (first.nbHits === 0) throw new Error(`${engine}: no hits for "${options.firstQuery}"`);
      if (run > 0) continue;
      const firstOpenFiles = await recorder.fetched();
      const firstOpenBytes = await recorder.total();
      const longestTaskFirstMs = longest(await h.longTasks(), first.start, first.end);
      const tenQueriesBytes = [firstOpenBytes];
      let tenEnd = first.end;
      for (const [i, query] of options.tenQueries.entries()) {
        if (i === 0) continue;
        const answer = await h.query(modalRequest(query));
        tenEnd = answer.end;
        tenQueriesBytes.push(await recorder.total());
      }
      const longestTaskTenMs = longest(await h.longTasks(), first.start, tenEnd);
      await page.waitForLoadState('networkidle');
      const tenQueriesIdleBytes = await recorder.total();
      // Warm: one pass to load whatever the queries need, then the timed passes.
      const requests = options.warmQueries.map(modalRequest);
      await h.all(requests);
      await page.waitForLoadState('networkidle');
      const times: number[] = [];
      for (let pass = 0; pass < options.warmPasses; pass += 1) times.push(...(await h.all(requests)).map((t) => t.ms));
      const relevanceQueries = parseQueries(fs.readFileSync(options.relevanceFile, 'utf8'));
      const answers: Timed[] = await h.all(relevanceQueries.map((q) => modalRequest(q.query)));
      const byQuery = new Map(relevanceQueries.map((q, i) => [q.query, answers[i]!.urls]));
      main = {
        firstOpenBytes,
        firstOpenFiles,
        tenQueriesBytes,
        tenQueriesIdleBytes,
        longestTaskFirstMs,
        longestTaskTenMs,
        warm: {
          passes: options.warmPasses,
          queries: requests.length,
          p50Ms: percentile(times, 50),
          p95Ms: percentile(times, 95),
          maxMs: Math.max(...times),
        },
        relevance: scoreRelevance(relevanceQueries, (q) => byQuery.get(q) ?? []),
      };
    } finally {
      await context.close();
    }
  }
  return {engine, firstAnswerMs, ...main!};
}
