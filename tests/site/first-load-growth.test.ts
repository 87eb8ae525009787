/**
 * What every page loads first does not grow with the docs (issue 35): the bench's corpus at three
 * times the pages is built as `npm run build` builds the site, and every page type's first-load
 * JavaScript is measured on both builds the way the budgets measure it (tests/support/page-weight.ts).
 *
 * The corpus grows the docs inside the sections they have (bench/lib/scale.ts, layout `within`: two
 * more copies of every part, under routes such as `/add-secure-apps/scale-2/…` and in that part's
 * sidebar category), so what a page of a growing section loads is measured as well as what every
 * page loads. With the route table in `main.js`, the stage page went from 156.3 to 202.6 KB (×1.30,
 * in the layout with new sections); with a route section per first path segment and a sidebar part
 * per top-level category, from 140.4 to 152.8 KB (×1.09) and the release note by ×1.05, which this
 * test failed. `npm run bench -- --scale` measures the same at up to ten times the pages.
 *
 * The HTML of every page type is held the same way. A tag page with more than 20 pages lists its
 * first 15 and fetches the others on request; when it listed them all, its HTML grew with the pages
 * tagged (the SAML tag's page from 14.8 to 23.9 KB here, ×1.61), which this test failed.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {makeScaledSite} from '../../bench/lib/scale';
import {startNginx} from '../../src/serve/run';
import {formatBytes, launchBrowser, measurePage, PAGE_TYPES} from '../support/page-weight';
import {BUILD_DIR} from './build';

const ROOT = path.join(__dirname, '..', '..');
/**
 * The growth allowed from one to three times the pages. Issue 35 allows 1.1× at ten times the pages,
 * nine more copies; growth in proportion to the pages would reach 1 + 0.1 × 2 / 9 ≈ 1.02× at three
 * times. 1.05× leaves room for what does not grow in proportion (a section split into one more
 * bucket) and still fails growth that follows the pages (×1.09 above).
 */
const MAX_GROWTH = 1.05;

interface Figures {
  js: number;
  html: number;
}

/** First-load JavaScript (gzip) and HTML of every page type of a build. */
async function firstLoad(browser: Browser, buildDir: string): Promise<Map<string, Figures>> {
  const server = await startNginx(buildDir);
  try {
    const out = new Map<string, Figures>();
    for (const type of PAGE_TYPES) {
      const weight = await measurePage(browser, server.url, type.route);
      expect(weight.status, type.route).toBe(type.status);
      out.set(type.key, {js: weight.jsGzip, html: weight.htmlBytes});
    }
    return out;
  } finally {
    await server.stop();
  }
}

/** Builds the corpus at three times the pages, with the environment `npm run build` has. */
function buildThreeTimes(dir: string): string {
  const site = makeScaledSite(ROOT, path.join(dir, 'site'), 3, 'within');
  const out = path.join(dir, 'build');
  const env: NodeJS.ProcessEnv = {...process.env};
  for (const name of ['TEST_PAGES', 'ANALYTICS_TRACKING_ID', 'BASE_URL', 'SITE_URL']) delete env[name];
  const result = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'docusaurus'),
    ['build', site.dir, '--out-dir', out],
    {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    },
  );
  if (result.status !== 0) throw new Error(`the 3× build failed:\n${(result.stdout + result.stderr).slice(-4000)}`);
  return out;
}

describe('first-load JavaScript and HTML at three times the pages', () => {
  let dir: string;
  let browser: Browser;
  let one: Map<string, Figures>;
  let three: Map<string, Figures>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-growth-'));
    const built = buildThreeTimes(dir);
    browser = await launchBrowser();
    one = await firstLoad(browser, BUILD_DIR);
    three = await firstLoad(browser, built);
    const line = (label: string, a: number, b: number) =>
      `${label}: ${formatBytes(a)} → ${formatBytes(b)} (×${(b / a).toFixed(3)})`;
    console.log(
      PAGE_TYPES.flatMap((t) => {
        const [a, b] = [one.get(t.key)!, three.get(t.key)!];
        return [line(`${t.label}, JS`, a.js, b.js), line(`${t.label}, HTML`, a.html, b.html)];
      }).join('\n'),
    );
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, {recursive: true, force: true});
  });

  it.each(PAGE_TYPES.map((t) => [t.label, t.key]))(`%s loads at most ${MAX_GROWTH}× the JavaScript`, (_label, key) => {
    expect(three.get(key)!.js).toBeLessThanOrEqual(one.get(key)!.js * MAX_GROWTH);
  });

  it.each(PAGE_TYPES.map((t) => [t.label, t.key]))(`%s has HTML at most ${MAX_GROWTH}× as large`, (_label, key) => {
    expect(three.get(key)!.html).toBeLessThanOrEqual(one.get(key)!.html * MAX_GROWTH);
  });
});
