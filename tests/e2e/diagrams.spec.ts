/**
 * Every Mermaid diagram in the docs draws in the browser. A diagram with a syntax error still builds
 * (Mermaid parses in the browser), so only a browser finds it: the reader would see a parse error.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {readCatalogue, routeToDocFile} from '../../src/catalogue';
import {drawDiagrams, open} from './pages';

const ROOT = path.join(__dirname, '..', '..');

/** Each catalogue page with diagrams, and how many it has. */
const PAGES = readCatalogue()
  .map(({route}) => {
    const source = fs.readFileSync(path.join(ROOT, routeToDocFile(route)), 'utf8');
    return {route, diagrams: source.match(/^```mermaid\s*$/gm)?.length ?? 0};
  })
  .filter((page) => page.diagrams > 0);

/** Pages per test, so that the pages spread over the workers. */
const BATCH_SIZE = 12;

test('the docs have diagrams to check', () => {
  expect(PAGES.length).toBeGreaterThan(0);
});

for (let start = 0; start < PAGES.length; start += BATCH_SIZE) {
  const batch = PAGES.slice(start, start + BATCH_SIZE);
  test(`diagrams draw on ${batch[0]!.route} and ${batch.length - 1} more pages`, async ({page}) => {
    test.setTimeout(batch.length * 15_000);
    for (const {route, diagrams} of batch) {
      await open(page, route);
      const main = page.locator('main');
      expect.soft(await drawDiagrams(page), route).toBe(diagrams);
      await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
      expect.soft(await main.locator('[class*="errorBoundaryFallback"]').allTextContents(), route).toEqual([]);
      expect.soft(await main.locator('.docusaurus-mermaid-container svg').count(), route).toBe(diagrams);
    }
  });
}

test('a diagram far below the fold draws only when the reader scrolls near it', async ({page}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  // A phone's screen, as Lighthouse's mobile run uses.
  await page.setViewportSize({width: 412, height: 823});
  await open(page, '/releases/2025.8/');
  const diagram = page.locator('.ak-diagram').first();
  const top = await diagram.evaluate((element) => element.getBoundingClientRect().top - window.innerHeight);
  // The page must keep its diagram well out of view (more than the drawing margin) for this test.
  expect(top).toBeGreaterThan(600);
  await expect(diagram).toHaveAttribute('aria-busy', 'true');
  const before = scripts.length;
  await diagram.scrollIntoViewIfNeeded();
  await expect(diagram).toHaveAttribute('aria-busy', 'false');
  await expect(diagram.locator('svg')).toBeVisible();
  // Drawing it loaded Mermaid's code then, not with the page.
  expect(scripts.length).toBeGreaterThan(before);
});
