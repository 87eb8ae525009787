/**
 * The search figures of `npm run bench`: the size of the built index, the time to build it, query
 * latency in Node over bench/queries.txt, and in Chromium the time from Ctrl+K to the first hit.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import sidebars from '../../sidebars';
import {collectRecords} from '../../src/search/build/build-index';
import {sectionsBySidebar} from '../../src/search/build/sections';
import {buildTermIndex} from '../../src/search/build/term-index';
import type {SearchRequest} from '../../src/search/engine/request';
import {TermSearch} from '../../src/search/engine/term-search';
import {DOCS_TAG, LANGUAGE} from '../../src/search/format/types';
import {SITE_URL} from '../../src/config/site';
import {gzipSize, VIEWPORT} from '../../tests/support/page-weight';

/** The nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Ten queries of bench/queries.txt a reader might type one after another, the first query first. */
export const TEN_QUERIES = [
  'password',
  'flow executor',
  'authenticator_validate',
  'ldap',
  'saml provider',
  'AUTHENTIK_POSTGRESQL__HOST',
  'outpost',
  'certificate',
  'expression policy',
  'oauth2',
];

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The lines of a query list: blank lines and lines starting with `#` are skipped. */
export function readQueries(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The request DocSearch's modal sends for `query`, with the theme's contextual facet filters. */
export function modalRequest(query: string): SearchRequest {
  const levels = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
  return {
    indexName: 'authentik-docs',
    query,
    attributesToRetrieve: [...['lvl0', ...levels].map((l) => `hierarchy.${l}`), 'content', 'type', 'url'],
    attributesToSnippet: [...levels.map((l) => `hierarchy.${l}:10`), 'content:10'],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    hitsPerPage: 20,
    clickAnalytics: false,
    facetFilters: [`language:${LANGUAGE}`, ['docusaurus_tag:default', `docusaurus_tag:${DOCS_TAG}`]],
  };
}

export interface IndexFiles {
  /** The index file, `assets/search-index.<hash>.json`; the other pieces are in the folder it names. */
  file: string;
  /** The pieces: the index file and every file of its folder. */
  files: number;
  bytes: number;
  gzipBytes: number;
}

/** The embedded index of a build: `assets/search-index.<hash>.json` and the folder it names. */
export function readIndexFiles(buildDir: string): IndexFiles {
  const assets = path.join(buildDir, 'assets');
  const file = fs.readdirSync(assets).find((f) => /^search-index\.[0-9a-f]+\.json$/.test(f));
  if (!file) throw new Error(`${assets} holds no search index (was the site built with Algolia settings?)`);
  const {dir} = JSON.parse(fs.readFileSync(path.join(assets, file), 'utf8')) as {dir: string};
  const pieces = [
    path.join(assets, file),
    ...fs.readdirSync(path.join(assets, dir)).map((f) => path.join(assets, dir, f)),
  ].map((f) => fs.readFileSync(f));
  return {
    file,
    files: pieces.length,
    bytes: pieces.reduce((sum, body) => sum + body.length, 0),
    gzipBytes: pieces.reduce((sum, body) => sum + gzipSize(body), 0),
  };
}

export interface IndexBuild {
  records: number;
  /** collectRecords + buildTermIndex over docs/, one figure per run. */
  runsMs: number[];
}

/** Builds the index from `docsDir` as the search plugin does, `runs` times. */
export function timeIndexBuild(docsDir: string, runs: number): IndexBuild {
  const sections = sectionsBySidebar(Object.values(sidebars)[0] as Parameters<typeof sectionsBySidebar>[0]);
  const runsMs: number[] = [];
  let records = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const built = buildTermIndex(collectRecords(docsDir, sections), SITE_URL.replace(/\/$/, ''));
    runsMs.push(performance.now() - started);
    records = built.records.length;
  }
  return {records, runsMs};
}

export interface QueryLatency {
  queries: number;
  passes: number;
  /** The first pass: every query once, reading from disk the pieces of the index it needs. */
  warmUpMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  slowest: [string, number][];
  withoutHits: string[];
}

/**
 * Every query of the list, `passes` times after one pass that loads the pieces they need, through
 * the browser's engine in Node, reading the build's files.
 */
export async function timeQueries(
  assetsDir: string,
  indexFile: string,
  queries: readonly string[],
  passes: number,
): Promise<QueryLatency> {
  const fetcher = async (url: string) => {
    const file = path.join(assetsDir, url.replace(/^\/assets\//, ''));
    const ok = fs.existsSync(file);
    return {ok, status: ok ? 200 : 404, json: async () => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown};
  };
  const engine = new TermSearch(`/assets/${indexFile}`, fetcher);
  const requests = queries.map(modalRequest);
  const answer = async (request: SearchRequest) => (await engine.search([request])).results[0]!;
  const started = performance.now();
  const withoutHits: string[] = [];
  for (const [i, request] of requests.entries())
    if ((await answer(request)).nbHits === 0) withoutHits.push(queries[i]!);
  const warmUpMs = performance.now() - started;
  const times: number[] = [];
  const slowest = new Map<string, number>();
  for (let pass = 0; pass < passes; pass += 1) {
    for (const [i, request] of requests.entries()) {
      const begin = performance.now();
      await answer(request);
      const elapsed = performance.now() - begin;
      times.push(elapsed);
      slowest.set(queries[i]!, Math.max(slowest.get(queries[i]!) ?? 0, elapsed));
    }
  }
  return {
    queries: queries.length,
    passes,
    warmUpMs,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    maxMs: Math.max(...times),
    slowest: [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 10),
    withoutHits,
  };
}

export interface FirstResults {
  /** Ctrl+K to the first `.DocSearch-Hit` on screen. */
  totalMs: number;
  /** Ctrl+K to the modal's field taking focus (the query is typed at that moment). */
  openMs: number;
  /** The longest main-thread task from Ctrl+K to the first hit on screen; 0 when none passed 50 ms. */
  longestTaskMs: number;
}

interface LongTask {
  start: number;
  duration: number;
}

interface Probe {
  pressed?: number;
  focused?: number;
  shown?: number;
  tasks: LongTask[];
}

/** The longest of `tasks` that overlaps the span from `from` to `to`; 0 if none. */
export function longestTask(tasks: readonly LongTask[], from: number, to: number): number {
  return Math.max(0, ...tasks.filter((t) => t.start + t.duration >= from && t.start <= to).map((t) => t.duration));
}

/**
 * Loads `url` fresh, waits until it is hydrated and the network is idle, then presses Ctrl+K. The
 * page itself notes the times: the key press, the field taking focus (where it types `query` at once,
 * as a reader would, so no round trip to Playwright falls inside the figure) and the frame in which
 * the first hit shows.
 */
export async function timeFirstResults(browser: Browser, url: string, query: string): Promise<FirstResults> {
  const context = await browser.newContext({viewport: VIEWPORT});
  const page = await context.newPage();
  try {
    await page.goto(url, {waitUntil: 'load'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await page.waitForLoadState('networkidle');
    await page.evaluate((text) => {
      const probe: Probe = {tasks: []};
      (window as unknown as {benchProbe: Probe}).benchProbe = probe;
      // Registered before Ctrl+K; tasks over 50 ms of the main thread (the search worker is not in it).
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) probe.tasks.push({start: entry.startTime, duration: entry.duration});
      }).observe({type: 'longtask', buffered: true});
      const onKey = (event: KeyboardEvent) => {
        if (event.ctrlKey && event.key.toLowerCase() === 'k') probe.pressed ??= performance.now();
      };
      window.addEventListener('keydown', onKey, {capture: true});
      document.addEventListener('focusin', (event) => {
        const input = event.target;
        if (!(input instanceof HTMLInputElement) || !input.classList.contains('DocSearch-Input')) return;
        if (probe.focused !== undefined) return;
        probe.focused = performance.now();
        // The native setter, so React sees a change, as when a reader types.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
        input.dispatchEvent(new Event('input', {bubbles: true}));
      });
      const visible = () => {
        const hit = document.querySelector('.DocSearch-Hit');
        return hit !== null && hit.getBoundingClientRect().height > 0;
      };
      // The hit is on screen in the frame after it enters the page.
      const observer = new MutationObserver(() => {
        if (!visible()) return;
        observer.disconnect();
        requestAnimationFrame(() => (probe.shown ??= performance.now()));
      });
      observer.observe(document.body, {childList: true, subtree: true});
    }, query);
    await page.keyboard.press('Control+k');
    await page.waitForFunction(() => (window as unknown as {benchProbe: Probe}).benchProbe.shown !== undefined);
    // A task that ends after the frame of the first hit is reported once it ends.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    const probe = await page.evaluate(() => ({...(window as unknown as {benchProbe: Probe}).benchProbe}));
    if (probe.pressed === undefined || probe.focused === undefined || probe.shown === undefined) {
      throw new Error('The page did not note the key press, the focus and the first hit');
    }
    return {
      totalMs: probe.shown - probe.pressed,
      openMs: probe.focused - probe.pressed,
      longestTaskMs: longestTask(probe.tasks, probe.pressed, probe.shown),
    };
  } finally {
    await context.close();
  }
}

export interface Typing {
  word: string;
  /** The longest main-thread task from the first key to the results of the last; 0 when none passed 50 ms. */
  longestTaskMs: number;
  /** Each key to the worker's answer for the text typed so far; includes the driver's round trip of the key press. */
  keyToAnswerMs: number[];
  /** The long tasks in that span, from the first key (ms). */
  tasks: LongTask[];
}

interface TypingProbe {
  answers: {query: string; at: number}[];
  tasks: LongTask[];
}

/**
 * Opens the search modal on a freshly loaded page and types `word` one key at a time, each key once
 * the worker has answered the text typed before it and a frame has been drawn. The page notes the
 * worker's answers (its Worker is wrapped before the site's scripts run) and the long tasks.
 */
export async function typeInModal(browser: Browser, url: string, word: string): Promise<Typing> {
  const context = await browser.newContext({viewport: VIEWPORT});
  const page = await context.newPage();
  try {
    await page.addInitScript(() => {
      const probe: TypingProbe = {answers: [], tasks: []};
      (window as unknown as {benchTyping: TypingProbe}).benchTyping = probe;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) probe.tasks.push({start: entry.startTime, duration: entry.duration});
      }).observe({type: 'longtask', buffered: true});
      const Native = window.Worker;
      window.Worker = class extends Native {
        constructor(script: string | URL, options?: WorkerOptions) {
          super(script, options);
          const asked = new Map<number, string[]>();
          const post = this.postMessage.bind(this) as (message: unknown, transfer?: Transferable[]) => void;
          this.postMessage = ((message: {id?: number; requests?: {query?: string; params?: {query?: string}}[]}) => {
            if (message && typeof message.id === 'number' && message.requests) {
              asked.set(
                message.id,
                message.requests.map((r) => String(r.query ?? r.params?.query ?? '')),
              );
            }
            post(message);
          }) as Worker['postMessage'];
          this.addEventListener('message', (event: MessageEvent<{id?: number}>) => {
            const queries = asked.get(event.data?.id ?? -1);
            for (const query of queries ?? []) probe.answers.push({query, at: performance.now()});
          });
        }
      };
    });
    await page.goto(url, {waitUntil: 'load'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').waitFor({state: 'visible'});
    await page.waitForFunction(() => document.activeElement?.classList.contains('DocSearch-Input'));
    const from = await page.evaluate(() => performance.now());
    const keyToAnswerMs: number[] = [];
    for (let i = 1; i <= word.length; i += 1) {
      const typed = word.slice(0, i);
      const pressed = await page.evaluate(() => performance.now());
      await page.keyboard.type(word[i - 1]!);
      const answeredAt = await page.waitForFunction(
        (text) =>
          (window as unknown as {benchTyping: TypingProbe}).benchTyping.answers.find((a) => a.query === text)?.at,
        typed,
      );
      keyToAnswerMs.push(((await answeredAt.jsonValue()) as number) - pressed);
      // The answer is drawn in the next frames.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
      );
    }
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const to = await page.evaluate(() => performance.now());
    const probe = await page.evaluate(() => (window as unknown as {benchTyping: TypingProbe}).benchTyping);
    const tasks = probe.tasks
      .filter((t) => t.start + t.duration >= from && t.start <= to)
      .map((t) => ({start: t.start - from, duration: t.duration}));
    return {word, longestTaskMs: longestTask(probe.tasks, from, to), keyToAnswerMs, tasks};
  } finally {
    await context.close();
  }
}
