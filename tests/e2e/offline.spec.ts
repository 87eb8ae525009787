/**
 * Nothing from outside: with every origin but the site's own blocked, a reader goes through every
 * page type, an open search with results, the search page, the not-found page, Copy page and an old
 * address that redirects, and the browser never tries to load anything from another host. External
 * links stay links; this is about what the browser loads. It runs on the default build and, with
 * `SITE_ARCHIVE`, on a release archive under its base path.
 */
import {expect, test, type BrowserContext, type Page} from '@playwright/test';
import {PAGE_TYPES} from '../support/page-weight';
import {at} from '../support/server';
import {DOC_PAGE, open} from './pages';

/** Blocks every request that leaves the site's origin, and records it. */
async function blockOutside(context: BrowserContext, origin: string): Promise<string[]> {
  const left: string[] = [];
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      left.push(`${route.request().resourceType()} ${route.request().url()}`);
      return route.abort('blockedbyclient');
    },
  );
  return left;
}

/** Waits until the page has loaded what it loads on its own: scripts, images in view, idle network. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

test('no page type, search, Copy page or redirect loads anything from another host', async ({
  context,
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const left = await blockOutside(context, origin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  const visited: string[] = [];
  for (const type of PAGE_TYPES) {
    const response = await page.goto(at(type.route));
    expect(response?.status(), type.route).toBe(type.status);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    // Every image and diagram of the page, not only those in the first screen.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settle(page);
    visited.push(type.route);
  }

  // The search page with results.
  await open(page, '/search/?q=certificate');
  await expect(page.locator('main article').first()).toBeVisible();
  await settle(page);

  // The search modal with results: the index file and the pieces the query needs.
  await open(page, DOC_PAGE.route);
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('certificate');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await settle(page);
  await page.keyboard.press('Escape');

  // Copy page fetches the Markdown copy.
  await page.getByRole('button', {name: 'Copy page'}).click();
  await expect(page.getByRole('status').filter({hasText: 'Copied as Markdown'})).toBeVisible();

  // An old address, answered by the server's redirect, ends on its page.
  await page.goto(at(DOC_PAGE.oldRoute));
  await expect(page).toHaveURL(new RegExp(`${at(DOC_PAGE.route)}$`));
  await expect(page.locator('h1')).toHaveText(DOC_PAGE.title);
  await settle(page);

  expect(visited).toHaveLength(PAGE_TYPES.length);
  expect(left, 'requests that tried to leave the site').toEqual([]);
});
