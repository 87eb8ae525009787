/**
 * `npm run bench -- --scale [--factors 1,3,10]`: what every reader downloads, and what a build costs,
 * as the docs grow. For each factor it makes a synthetic site at that many times today's pages
 * (bench/lib/scale.ts says how), builds it cold with this project's configuration and with stock
 * Docusaurus, and measures:
 *
 * - the cold build's wall-clock time and peak memory (resident set, from GNU time), both sites;
 * - first-load JavaScript and HTML of every page type (as the budgets measure them), both sites, and
 *   this site's HTML at gzip level 9 (what a connection that compresses carries);
 * - search: bytes fetched to answer the first query, bytes after ten queries, the first answer in the
 *   engine harness, Ctrl+K to the first hit in the real modal, and the whole index's size.
 *
 * It prints one table with each figure per factor and the ratio of the largest factor to 1×, with the
 * targets of growth that does not follow the pages, and writes bench-results/scale.json.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {startNginx} from '../src/serve/run';
import {
  formatBytes,
  gzipSize,
  launchBrowser,
  measurePage,
  PAGE_TYPES,
  type PageType,
  type PageWeight,
} from '../tests/support/page-weight';
import {makeScaledSite, type ScaleLayout} from './lib/scale';
import {siteBuildCommand, stockBuildCommand} from './lib/build-commands';
import {median, readIndexFiles, TEN_QUERIES, timeFirstResults} from './lib/search';
import {bundleHarness, measureEngine} from './lib/engines';

const root = path.resolve(__dirname, '..');
/** Each layout's results have a folder of their own: `scale` (new sections) and `scale-within`. */
const resultsOf = (layout: ScaleLayout) =>
  path.join(root, 'bench-results', layout === 'within' ? 'scale-within' : 'scale');
const stockConfig = path.join(root, 'bench', 'stock.config.ts');
const queriesFile = path.join(root, 'bench', 'queries.txt');
const relevanceFile = path.join(root, 'tests', 'data', 'search-queries.tsv');

/** The targets at the largest factor, as ratios to 1× (issue 35). */
const TARGETS = {firstLoad: 1.1, html: 1.1, firstHit: 1.5, build: 10};
const ABSOLUTE = {searchFirstOpen: 120 * 1024, tenQueries: 300 * 1024, peakRssKb: 4 * 1024 * 1024};

interface BuildFigure {
  seconds: number;
  peakRssKb: number;
}

/** A page type's first load: JavaScript (gzip), and its HTML as served and as gzip would send it. */
interface PageFigures {
  js: number;
  html: number;
  htmlGzip: number;
}

interface FactorFigures {
  factor: number;
  pages: number;
  site: BuildFigure;
  stock: BuildFigure | null;
  weights: Record<string, PageFigures>;
  stockWeights: Record<string, PageFigures> | null;
  search: {firstOpen: number; tenQueries: number; firstAnswerMs: number; firstHitMs: number; indexGzip: number};
}

/** Builds with GNU time around it: wall-clock seconds and the peak resident set of the process tree's largest. */
function timedBuild(command: string[], env: NodeJS.ProcessEnv, log: string): BuildFigure {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %M', ...command], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  fs.writeFileSync(log, result.stdout + result.stderr);
  if (result.status !== 0) throw new Error(`build failed (${log})`);
  const [seconds, kb] = result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return {seconds: seconds!, peakRssKb: kb!};
}

function buildEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {...process.env, ...extra};
  for (const name of [
    'ALGOLIA_APP_ID',
    'ALGOLIA_API_KEY',
    'ALGOLIA_INDEX_NAME',
    'ANALYTICS_TRACKING_ID',
    'SITE_URL',
    'BASE_URL',
  ]) {
    delete env[name];
  }
  return env;
}

/** The file a page type's document is served from: its route's `index.html`, or the not-found page. */
function htmlFile(buildDir: string, type: PageType): string {
  return path.join(buildDir, type.status === 404 ? '404.html' : path.join(type.route, 'index.html'));
}

async function weightsOf(browser: Browser, buildDir: string): Promise<Record<string, PageFigures>> {
  const server = await startNginx(buildDir);
  try {
    const out: Record<string, PageFigures> = {};
    for (const type of PAGE_TYPES) {
      const weight: PageWeight = await measurePage(browser, server.url, type.route);
      const file = htmlFile(buildDir, type);
      const html = fs.readFileSync(file);
      // The file must be the document the browser was sent, or its gzip size says nothing about it.
      if (html.length !== weight.htmlBytes) {
        throw new Error(`${type.route}: served ${weight.htmlBytes} B of HTML, but ${file} holds ${html.length} B`);
      }
      out[type.key] = {js: weight.jsGzip, html: weight.htmlBytes, htmlGzip: gzipSize(html)};
    }
    return out;
  } finally {
    await server.stop();
  }
}

async function measureFactor(
  browser: Browser,
  factor: number,
  withStock: boolean,
  layout: ScaleLayout,
): Promise<FactorFigures> {
  const dir = path.join(resultsOf(layout), `${factor}x`);
  console.log(`\n== ${factor}× the pages`);
  const site = makeScaledSite(root, path.join(dir, 'site'), factor, layout);
  const siteOut = path.join(dir, 'site-build');
  fs.rmSync(path.join(root, 'node_modules', '.cache'), {recursive: true, force: true});
  console.log(`   ${site.pages} pages; building this site (cold)`);
  const own = timedBuild(
    siteBuildCommand([site.dir, '--out-dir', siteOut]),
    buildEnv(),
    path.join(dir, 'site-build.log'),
  );
  let stock: BuildFigure | null = null;
  let stockWeights: FactorFigures['stockWeights'] = null;
  const stockOut = path.join(dir, 'stock-build');
  if (withStock) {
    const stockSite = path.join(dir, 'stock-site');
    fs.mkdirSync(stockSite, {recursive: true});
    fs.rmSync(path.join(root, 'node_modules', '.cache'), {recursive: true, force: true});
    console.log('   building stock Docusaurus (cold)');
    stock = timedBuild(
      stockBuildCommand(root, [stockSite, '--config', stockConfig, '--out-dir', stockOut]),
      buildEnv({BENCH_SOURCE_DIR: site.dir}),
      path.join(dir, 'stock-build.log'),
    );
  }
  console.log('   page weights');
  const weights = await weightsOf(browser, siteOut);
  if (withStock) {
    fs.writeFileSync(path.join(stockOut, '_headers'), '/*\n');
    stockWeights = await weightsOf(browser, stockOut);
  }
  console.log('   search');
  const server = await startNginx(siteOut);
  try {
    const stage = PAGE_TYPES.find((t) => t.key === 'stage')!;
    const queries = fs
      .readFileSync(queriesFile, 'utf8')
      .split('\n')
      .map((q) => q.trim())
      .filter((q) => q && !q.startsWith('#'));
    const engine = await measureEngine(
      'site',
      {
        browser,
        baseUrl: server.url,
        buildDir: siteOut,
        route: stage.route,
        firstQuery: TEN_QUERIES[0]!,
        tenQueries: TEN_QUERIES,
        warmQueries: queries.slice(0, 20),
        warmPasses: 1,
        firstRuns: 3,
        relevanceFile,
      },
      await bundleHarness(),
    );
    const hits = [];
    for (let i = 0; i < 3; i += 1) hits.push(await timeFirstResults(browser, server.url + stage.route, 'password'));
    return {
      factor,
      pages: site.pages,
      site: own,
      stock,
      weights,
      stockWeights,
      search: {
        firstOpen: engine.firstOpenBytes,
        tenQueries: engine.tenQueriesBytes.at(-1)!,
        firstAnswerMs: median(engine.firstAnswerMs),
        firstHitMs: median(hits.map((h) => h.totalMs)),
        indexGzip: readIndexFiles(siteOut).gzipBytes,
      },
    };
  } finally {
    await server.stop();
  }
}

function printTable(results: FactorFigures[]): void {
  const first = results[0]!;
  const last = results.at(-1)!;
  const cols = results.map((r) => `${r.factor}× (${r.pages} pages)`);
  const lines: string[][] = [['Figure', ...cols, `${last.factor}× ÷ ${first.factor}×`, 'Target']];
  const add = (figure: string, values: number[], format: (v: number) => string, target = '') => {
    const ratio = values.at(-1)! / values[0]!;
    lines.push([figure, ...values.map(format), `${ratio.toFixed(2)}×`, target]);
  };
  const secs = (v: number) => `${v.toFixed(1)} s`;
  const gb = (kb: number) => `${(kb / 1048576).toFixed(2)} GB`;
  add(
    'Cold build, this site',
    results.map((r) => r.site.seconds),
    secs,
    `≤ ${TARGETS.build}× and below stock`,
  );
  if (results.every((r) => r.stock))
    add(
      'Cold build, stock',
      results.map((r) => r.stock!.seconds),
      secs,
    );
  add(
    'Peak memory of the build, this site',
    results.map((r) => r.site.peakRssKb),
    gb,
    '≤ 4 GB and below stock',
  );
  if (results.every((r) => r.stock))
    add(
      'Peak memory of the build, stock',
      results.map((r) => r.stock!.peakRssKb),
      gb,
    );
  for (const type of PAGE_TYPES) {
    add(
      `First-load JS, ${type.label}`,
      results.map((r) => r.weights[type.key]!.js),
      formatBytes,
      `≤ ${TARGETS.firstLoad}×`,
    );
    if (results.every((r) => r.stockWeights)) {
      add(
        `First-load JS, ${type.label}, stock`,
        results.map((r) => r.stockWeights![type.key]!.js),
        formatBytes,
      );
    }
  }
  for (const type of PAGE_TYPES) {
    add(
      `HTML, ${type.label}`,
      results.map((r) => r.weights[type.key]!.html),
      formatBytes,
      `≤ ${TARGETS.html}×`,
    );
  }
  // What a reader's connection carries: markup repeated page to page (a sidebar section) costs little.
  for (const type of PAGE_TYPES) {
    add(
      `HTML as gzip sends it, ${type.label}`,
      results.map((r) => r.weights[type.key]!.htmlGzip),
      formatBytes,
    );
  }
  add(
    'Search first open (gzip)',
    results.map((r) => r.search.firstOpen),
    formatBytes,
    `≤ ${formatBytes(ABSOLUTE.searchFirstOpen)}`,
  );
  add(
    'Search, bytes after ten queries (gzip)',
    results.map((r) => r.search.tenQueries),
    formatBytes,
    `≤ ${formatBytes(ABSOLUTE.tenQueries)}`,
  );
  add(
    'Search first answer, engine harness (median of 3)',
    results.map((r) => r.search.firstAnswerMs),
    (v) => `${Math.round(v)} ms`,
  );
  add(
    'Search first hit, Ctrl+K in the modal (median of 3)',
    results.map((r) => r.search.firstHitMs),
    (v) => `${Math.round(v)} ms`,
    `≤ ${TARGETS.firstHit}×`,
  );
  add(
    'Search index, every piece (gzip)',
    results.map((r) => r.search.indexGzip),
    formatBytes,
  );
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const [i, line] of lines.entries()) {
    console.log(`| ${line.map((cell, j) => cell.padEnd(widths[j]!)).join(' | ')} |`);
    if (i === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  }
}

export async function runScaleBench(args: readonly string[]): Promise<void> {
  const flag = args.indexOf('--factors');
  const factors = (flag >= 0 ? args[flag + 1]! : '1,3,10').split(',').map(Number);
  const withStock = !args.includes('--quick');
  const layoutFlag = args.indexOf('--layout');
  const layout = (layoutFlag >= 0 ? args[layoutFlag + 1] : 'sections') as ScaleLayout;
  if (layout !== 'sections' && layout !== 'within') throw new Error(`--layout is sections or within, not ${layout}`);
  const resultsDir = resultsOf(layout);
  execFileSync('nginx', ['-v'], {stdio: 'ignore'});
  fs.mkdirSync(resultsDir, {recursive: true});
  const browser = await launchBrowser();
  const results: FactorFigures[] = [];
  try {
    for (const factor of factors) results.push(await measureFactor(browser, factor, withStock, layout));
  } finally {
    await browser.close();
  }
  fs.writeFileSync(path.join(resultsDir, 'scale.json'), JSON.stringify(results, null, 2));
  console.log('');
  printTable(results);
  console.log(`\nWritten to ${path.relative(process.cwd(), path.join(resultsDir, 'scale.json'))}.`);
}
