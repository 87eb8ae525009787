/**
 * First-load page weight, measured the same way by `npm run bench` and by the budget test
 * (tests/site/budgets.test.ts). Chromium loads the page from nginx in a fresh context (empty cache),
 * every response is recorded until the load event, hydration and network idle, and each JavaScript
 * and CSS body is gzipped here at level 9. The figures are bytes and counts, never timings, so they
 * repeat exactly from run to run.
 *
 * Left out: `<link rel="prefetch">` requests (Docusaurus prefetches the chunks of the links in view
 * once the browser is idle; they serve the next page, not this one) and data:/blob: URLs.
 */
import zlib from 'node:zlib';
import {chromium, type Browser, type Request} from '@playwright/test';
import {CHROMIUM, CHROMIUM_ARGS} from '../../playwright.config';

export interface PageType {
  /** Key of the page type in tests/data/budgets.json and in the bench's JSON. */
  key: string;
  label: string;
  route: string;
  /** The status the page answers: 404 for the not-found page, 200 for every other. */
  status: number;
}

/** One page of each kind the site publishes. */
export const PAGE_TYPES: readonly PageType[] = [
  {key: 'home', label: 'Home', route: '/', status: 200},
  {key: 'stage', label: 'Stage page', route: '/add-secure-apps/flows-stages/stages/password/', status: 200},
  {key: 'reference', label: 'Configuration reference', route: '/install-config/configuration/', status: 200},
  {key: 'release', label: 'Release note', route: '/releases/2025.8/', status: 200},
  {key: 'advisory', label: 'Advisory', route: '/security/cves/CVE-2024-52289/', status: 200},
  {key: 'tag', label: 'Tag page', route: '/tags/saml/', status: 200},
  {key: 'search', label: 'Search page', route: '/search/', status: 200},
  {key: 'notFound', label: 'Not-found page', route: '/no-such-page/', status: 404},
];

/** The four budgeted figures of a page load. */
export interface Weight {
  /** First-load JavaScript, gzip bytes. */
  jsGzip: number;
  /** First-load CSS, gzip bytes. */
  cssGzip: number;
  /** The HTML document as served, uncompressed bytes. */
  htmlBytes: number;
  /** Requests until the page is loaded, hydrated and the network is idle, the document included. */
  requests: number;
}

export const WEIGHT_KEYS: readonly (keyof Weight)[] = ['jsGzip', 'cssGzip', 'htmlBytes', 'requests'];

/** How each figure is named in messages and in the bench's table. */
export const WEIGHT_LABELS: Record<keyof Weight, string> = {
  jsGzip: 'first-load JS (gzip)',
  cssGzip: 'first-load CSS (gzip)',
  htmlBytes: 'HTML',
  requests: 'requests',
};

export interface Resource {
  url: string;
  /** `js`, `css`, or Chromium's resource type (`document`, `font`, `image`, `fetch`…). */
  type: string;
  status: number;
  /** Decoded body size. */
  bytes: number;
  /** Gzip size (level 9) of JS and CSS bodies; 0 for everything else. */
  gzip: number;
}

export interface PageWeight extends Weight {
  route: string;
  /** The status the document answered. */
  status: number;
  /** Every counted response, sorted by URL so two runs list them alike. */
  resources: Resource[];
  /** Prefetches for other pages, left out of the figures. */
  prefetches: number;
}

/** The viewport of every measurement: it decides which images and links are in view. */
export const VIEWPORT = {width: 1280, height: 800};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
}

export function gzipSize(body: Buffer | string): number {
  return zlib.gzipSync(body, {level: 9}).length;
}

function kindOf(request: Request, contentType: string): 'js' | 'css' | 'other' {
  const type = request.resourceType();
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  return 'other';
}

/** Adds up what `resources` weigh. */
export function weightOf(resources: readonly Resource[]): Weight {
  const gzipOf = (type: string) => resources.filter((r) => r.type === type).reduce((sum, r) => sum + r.gzip, 0);
  return {
    jsGzip: gzipOf('js'),
    cssGzip: gzipOf('css'),
    htmlBytes: resources.find((r) => r.type === 'document')?.bytes ?? 0,
    requests: resources.length,
  };
}

/**
 * Loads `route` from `baseUrl` in a fresh browser context and adds up what the first load fetched.
 * It waits on conditions only: the load event, `<html data-has-hydrated="true">` (React has taken
 * over the page) and network idle (no request for 500 ms, as Playwright defines it).
 */
export async function measurePage(browser: Browser, baseUrl: string, route: string): Promise<PageWeight> {
  const context = await browser.newContext({viewport: VIEWPORT, serviceWorkers: 'block'});
  const page = await context.newPage();
  const pending: Promise<Resource | null>[] = [];
  let prefetches = 0;
  let recording = true;
  page.on('response', (response) => {
    if (!recording) return;
    const request = response.request();
    const url = request.url();
    if (!/^https?:/.test(url)) return;
    pending.push(
      (async () => {
        const requestHeaders = await request.allHeaders();
        if (requestHeaders['sec-purpose']?.startsWith('prefetch') || requestHeaders.purpose === 'prefetch') {
          prefetches += 1;
          return null;
        }
        const status = response.status();
        // Redirects count as requests of no weight.
        const body =
          status >= 300 && status < 400 ? Buffer.alloc(0) : await response.body().catch(() => Buffer.alloc(0));
        const kind = kindOf(request, (await response.allHeaders())['content-type'] ?? '');
        return {
          url,
          type: kind === 'other' ? request.resourceType() : kind,
          status,
          bytes: body.length,
          gzip: kind === 'other' ? 0 : gzipSize(body),
        };
      })(),
    );
  });
  try {
    const response = await page.goto(new URL(route, baseUrl).href, {waitUntil: 'load'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await page.waitForLoadState('networkidle');
    recording = false;
    const resources = (await Promise.all(pending))
      .filter((r): r is Resource => r !== null)
      .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    return {route, status: response?.status() ?? 0, ...weightOf(resources), resources, prefetches};
  } finally {
    await context.close();
  }
}

/** Bytes as people read them: `812 B`, `41.3 KB` (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** A figure with its unit: exact bytes (the budgets are exact) or a request count. */
export function formatFigure(figure: keyof Weight, value: number): string {
  return figure === 'requests' ? `${value}` : `${value} B (${formatBytes(value)})`;
}

/**
 * The figures of a page that exceed its budget, one message each, naming the page, the figure, the
 * measured value and the budget. Empty when the page is within budget; a figure equal to its
 * budget is within it.
 */
export function overBudget(type: PageType, measured: Weight, budget: Weight): string[] {
  return WEIGHT_KEYS.filter((figure) => measured[figure] > budget[figure]).map(
    (figure) =>
      `${type.label} (${type.route}): ${WEIGHT_LABELS[figure]} is ${formatFigure(figure, measured[figure])}, ` +
      `over its budget of ${formatFigure(figure, budget[figure])}`,
  );
}

/** First-load JavaScript target of every page type: at most this many gzip bytes, and this share of stock's. */
export const FIRST_LOAD_JS_TARGET = {maxGzip: 170 * 1024, maxShareOfStock: 0.8};

/** Headroom of a suggested budget over the measured value. */
export const BUDGET_HEADROOM = 0.1;

/**
 * The budget a measurement suggests: at most 10% above it, and for JavaScript never above the
 * first-load target (170 KB) when the page meets it, so a regression past the target fails the
 * budget test rather than waiting for the next bench.
 */
export function suggestBudget(measured: Weight): Weight {
  const budget = {} as Weight;
  for (const figure of WEIGHT_KEYS) budget[figure] = Math.floor(measured[figure] * (1 + BUDGET_HEADROOM));
  if (measured.jsGzip <= FIRST_LOAD_JS_TARGET.maxGzip) {
    budget.jsGzip = Math.min(budget.jsGzip, FIRST_LOAD_JS_TARGET.maxGzip);
  }
  return budget;
}

/**
 * A page's first-load JavaScript beside stock's for the same page: its share of stock's, and
 * whether it meets both halves of the target (null without a stock figure to compare with).
 */
export function firstLoadJsVerdict(
  siteGzip: number,
  stockGzip: number | undefined,
  target = FIRST_LOAD_JS_TARGET,
): {share: number | null; met: boolean | null} {
  if (stockGzip === undefined || stockGzip <= 0) return {share: null, met: null};
  const share = siteGzip / stockGzip;
  return {share, met: siteGzip <= target.maxGzip && share <= target.maxShareOfStock};
}
