/**
 * Page-weight budgets: one page of each kind, loaded in Chromium from nginx with an empty cache,
 * stays within tests/data/budgets.json for first-load JavaScript and CSS (gzip bytes), HTML bytes
 * and the number of requests. Bytes and counts only, never timings, so the answer is the same on
 * every machine. `npm run bench` measures the same way (tests/support/page-weight.ts) and prints
 * suggested budgets for recalibrating: `npm run bench -- --budgets`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Browser} from '@playwright/test';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startNginx, type RunningServer} from '../../src/serve/run';
import {
  PAGE_TYPES,
  WEIGHT_KEYS,
  formatBytes,
  launchBrowser,
  measurePage,
  overBudget,
  suggestBudget,
  type PageWeight,
  type Weight,
} from '../support/page-weight';
import {BUILD_DIR} from '../support/server';

interface Budgets {
  _note: string;
  _figures: Record<keyof Weight, string>;
  pages: Record<string, Weight & {_guards: string}>;
}

const budgets = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'data', 'budgets.json'), 'utf8')) as Budgets;
const stage = PAGE_TYPES.find((type) => type.key === 'stage')!;

describe('budgets.json', () => {
  it('budgets every page type and every figure, and says what each budget guards', () => {
    expect(Object.keys(budgets.pages).sort()).toEqual(PAGE_TYPES.map((t) => t.key).sort());
    expect(Object.keys(budgets._figures).sort()).toEqual([...WEIGHT_KEYS].sort());
    for (const [key, budget] of Object.entries(budgets.pages)) {
      expect(budget._guards, key).toBeTruthy();
      for (const figure of WEIGHT_KEYS) expect(Number.isInteger(budget[figure]), `${key}.${figure}`).toBe(true);
    }
  });
});

describe('the budget check', () => {
  const budget: Weight = {jsGzip: 300_000, cssGzip: 20_000, htmlBytes: 30_000, requests: 15};

  it('reports a figure above its budget with the page, the figure, the measured value and the budget', () => {
    const heavier = {...budget, jsGzip: 300_001, requests: 16};
    expect(overBudget(stage, heavier, budget)).toEqual([
      'Stage page (/add-secure-apps/flows-stages/stages/password/): first-load JS (gzip) is 300001 B (293.0 KB), ' +
        'over its budget of 300000 B (293.0 KB)',
      'Stage page (/add-secure-apps/flows-stages/stages/password/): requests is 16, over its budget of 15',
    ]);
  });

  it('passes a page at or under every budget', () => {
    expect(overBudget(stage, budget, budget)).toEqual([]);
    expect(overBudget(stage, {jsGzip: 1, cssGzip: 1, htmlBytes: 1, requests: 1}, budget)).toEqual([]);
  });

  it('suggests budgets at most 10% above the measured figures', () => {
    expect(suggestBudget({jsGzip: 200_000, cssGzip: 21_001, htmlBytes: 999, requests: 14})).toEqual({
      jsGzip: 220_000,
      cssGzip: 23_101,
      htmlBytes: 1098,
      requests: 15,
    });
  });

  it('caps a suggested JavaScript budget at the 170 KB target when the page meets it', () => {
    const KB = 1024;
    expect(suggestBudget({jsGzip: 165 * KB, cssGzip: 10, htmlBytes: 99, requests: 16}).jsGzip).toBe(170 * KB);
    expect(suggestBudget({jsGzip: 100 * KB, cssGzip: 10, htmlBytes: 99, requests: 16}).jsGzip).toBe(110 * KB);
    // A page over the target keeps the usual headroom.
    expect(suggestBudget({jsGzip: 300 * KB, cssGzip: 10, htmlBytes: 99, requests: 16}).jsGzip).toBe(330 * KB);
  });
});

describe('first-load page weight', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startNginx(BUILD_DIR);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The five heaviest JS and CSS files of a load, for a failure message. */
  const heaviest = (weight: PageWeight) =>
    weight.resources
      .filter((r) => r.gzip > 0)
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((r) => `${new URL(r.url).pathname} ${formatBytes(r.gzip)} gzip`)
      .join(', ');

  it.each(PAGE_TYPES.map((type) => [type.label, type] as const))('%s stays within its budget', async (_, type) => {
    const weight = await measurePage(browser, server.url, type.route);
    expect(weight.status, `${type.route} answered ${weight.status}; is it in the build?`).toBe(type.status);
    const over = overBudget(type, weight, budgets.pages[type.key]!);
    expect(over, `${over.join('; ')}. The heaviest files: ${heaviest(weight)}`).toEqual([]);
  });

  it('measures the same bytes and requests on every load', async () => {
    const first = await measurePage(browser, server.url, stage.route);
    const second = await measurePage(browser, server.url, stage.route);
    expect(second.resources).toEqual(first.resources);
  });
});
