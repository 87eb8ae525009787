/**
 * Search as a reader uses it, in embedded mode: the modal and its shortcuts, recent and favourite
 * searches, error and empty states, and the /search/ page.
 */
import {gzipSync} from 'node:zlib';
import {expect, test, type Page} from '@playwright/test';
import {DOC_PAGE, open} from './pages';
import {at} from '../support/server';

const input = (page: Page) => page.locator('.DocSearch-Input');
const hits = (page: Page) => page.locator('.DocSearch-Hit');
const firstHitLink = (page: Page) => hits(page).first().locator('a');
/**
 * Waits until the first hit leads to the page, the answer to the whole of what was typed: typed key
 * by key, the hits on screen may still answer a prefix, which can lead elsewhere.
 */
const firstHitLeadsTo = (page: Page, route: string) =>
  expect(firstHitLink(page)).toHaveAttribute('data-url', new RegExp(`^${at(route)}`));
const button = (page: Page) => page.getByRole('button', {name: /^Search/}).first();
const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('.DocSearch-Modal') !== null);

async function openModal(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(input(page)).toBeFocused();
}

test.describe('search modal', () => {
  test('opens with Ctrl+K, Cmd+K and /, closes with Escape and returns focus', async ({page}) => {
    await open(page, DOC_PAGE.route);
    await openModal(page);
    await expect(input(page)).toHaveAttribute('placeholder', 'Search docs');
    await page.keyboard.press('Escape');
    await expect(input(page)).toBeHidden();
    await expect(button(page)).toBeFocused();

    await page.keyboard.press('Meta+k');
    await expect(input(page)).toBeFocused();
    await page.keyboard.press('Escape');

    await page.locator('main').click({position: {x: 5, y: 5}});
    await page.keyboard.press('/');
    await expect(input(page)).toBeFocused();
    await expect(input(page)).toHaveValue('');
    await page.keyboard.press('Escape');
  });

  test('keeps the keyboard in the modal and makes the page behind it inert until it closes', async ({page}) => {
    await open(page, DOC_PAGE.route);
    const behind = page.locator('#__docusaurus');
    await openModal(page);
    // From the start, Tab and Shift+Tab stay in the dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInDialog(page)).toBe(true);
    }
    await input(page).focus();
    await page.keyboard.type('password');
    await expect(hits(page).first()).toBeVisible();
    // Once the first answer is drawn.
    await expect(behind).toHaveAttribute('inert', '');
    // With results, Tab goes round the dialog's controls and never out.
    for (let n = 0; n < 6; n += 1) {
      await page.keyboard.press(n % 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(behind).not.toHaveAttribute('inert');
    await expect(button(page)).toBeFocused();
    // Opened and left empty, it turns inert all the same.
    await openModal(page);
    await expect(behind).toHaveAttribute('inert', '');
    await page.keyboard.press('Escape');
    await expect(behind).not.toHaveAttribute('inert');
  });

  test('/ types a slash while the reader is in a text field', async ({page}) => {
    await open(page, '/search/');
    const field = page.getByRole('searchbox', {name: 'Search'}).last();
    await field.fill('');
    await field.press('/');
    await expect(field).toHaveValue('/');
    await expect(input(page)).toBeHidden();
  });

  test('the button opens the modal, and nothing of search loads before the reader shows intent', async ({page}) => {
    const searchRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/search-(index\.|[0-9a-f]+\/)/.test(request.url())) searchRequests.push(request.url());
    });
    await open(page, DOC_PAGE.route);
    expect(searchRequests).toEqual([]);
    await button(page).click();
    await expect(input(page)).toBeFocused();
    await page.keyboard.type('certificate');
    await expect(hits(page).first()).toBeVisible();
    // The index file, once; then the pieces the words typed need.
    expect(searchRequests.filter((url) => /search-index\./.test(url))).toHaveLength(1);
    expect(searchRequests.filter((url) => /\/search-[0-9a-f]+\/r\d+\.json$/.test(url)).length).toBeGreaterThan(0);
  });

  test('shows results grouped by section, at most 5 per group, and a link to all results', async ({page}) => {
    await open(page, DOC_PAGE.route);
    await openModal(page);
    await page.keyboard.type('stage');
    await expect(hits(page).first()).toBeVisible();
    const groups = page.locator('.DocSearch-Hits');
    const count = await groups.count();
    for (let i = 0; i < count; i += 1) {
      expect(await groups.nth(i).locator('.DocSearch-Hit').count()).toBeLessThanOrEqual(5);
    }
    const seeAll = page.getByRole('link', {name: /^See all \d+ results$/});
    await expect(seeAll).toHaveAttribute('href', at('/search/?q=stage'));
    await seeAll.click();
    await expect(page).toHaveURL(/\/search\/\?q=stage$/);
  });

  test('results go to the page and heading on this site', async ({page}) => {
    await open(page, '/');
    await openModal(page);
    await page.keyboard.type(DOC_PAGE.title);
    await firstHitLeadsTo(page, DOC_PAGE.route);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${at(DOC_PAGE.route)}`));
    await expect(page.getByRole('heading', {level: 1})).toHaveText(DOC_PAGE.title);
  });

  test('says "No results for" with the query', async ({page}) => {
    await open(page, '/');
    await openModal(page);
    await page.keyboard.type('zzqxv');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('No results for');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('zzqxv');
  });

  test('a click on a result opens its page and closes the modal', async ({page}) => {
    await open(page, '/');
    await openModal(page);
    await page.keyboard.type(DOC_PAGE.title);
    await firstHitLeadsTo(page, DOC_PAGE.route);
    await hits(page).first().click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(DOC_PAGE.title);
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  });

  test('caps the query at 64 characters', async ({page}) => {
    await open(page, '/');
    await openModal(page);
    await input(page).fill('x'.repeat(100));
    await expect(input(page)).toHaveValue('x'.repeat(64));
  });

  test('keeps recent and favourite searches across a reload', async ({page}) => {
    await open(page, '/');
    await openModal(page);
    await page.keyboard.type(DOC_PAGE.title);
    await firstHitLeadsTo(page, DOC_PAGE.route);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', {level: 1})).toHaveText(DOC_PAGE.title);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await openModal(page);
    const recent = page.locator('.DocSearch-Hits').filter({hasText: 'Recent'});
    await expect(recent.locator('.DocSearch-Hit')).toHaveCount(1);
    await recent.getByTitle('Save this search').click();
    const favourites = page.locator('.DocSearch-Hits').filter({hasText: 'Favorite'});
    await expect(favourites.locator('.DocSearch-Hit')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await openModal(page);
    await expect(page.locator('.DocSearch-Hits').filter({hasText: 'Favorite'}).locator('.DocSearch-Hit')).toHaveCount(
      1,
    );
  });

  test('a search chunk that fails to load leaves a working button that tries again', async ({page}) => {
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // The chunks of the search modal (they hold DocSearch's network error text) fail, as on a broken
    // network or after a deploy that removed them, until the network is back.
    let networkDown = true;
    const blocked: string[] = [];
    await page.route(/\/assets\/js\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      const isModal =
        !/\/main\.[0-9a-f]+\.js$/.test(route.request().url()) && body.includes('check your network connection');
      if (networkDown && isModal) {
        blocked.push(route.request().url());
        await route.abort('failed');
      } else {
        await route.fulfill({response, body});
      }
    });
    await open(page, DOC_PAGE.route);
    await button(page).click();
    await expect.poll(() => consoleErrors.some((text) => text.startsWith('Search could not load'))).toBe(true);
    expect(blocked.length).toBeGreaterThan(0);
    await expect(input(page)).toBeHidden();
    expect(pageErrors).toEqual([]);
    // The network is back: the same button opens search.
    networkDown = false;
    await button(page).click();
    await expect(input(page)).toBeFocused();
    expect(pageErrors).toEqual([]);
    // Prefetches may still be passing through the handler; they no longer matter.
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });

  test('shows the network error texts when the index cannot be fetched', async ({page}) => {
    await page.route(/search-index\.[0-9a-f]+\.json$/, (route) => route.abort('failed'));
    await open(page, '/');
    await openModal(page);
    await page.keyboard.type('certificate');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('Unable to fetch results');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText(
      'You might want to check your network connection.',
    );
  });
});

test.describe('search index in pieces', () => {
  /** The first open: engine, modal and the pieces of the first query, in gzip bytes (issue 20). */
  const FIRST_OPEN_GZIP = 120 * 1024;

  test('the first open downloads no more than the budget, and few of the pieces', async ({page}) => {
    await open(page, DOC_PAGE.route);
    const sizes = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      pending.push(
        response.body().then(
          (body) => void sizes.set(response.url(), gzipSync(body).length),
          () => undefined,
        ),
      );
    });
    await button(page).click();
    await expect(input(page)).toBeFocused();
    await page.keyboard.type('certificate');
    await expect(hits(page).first()).toBeVisible();
    await Promise.all(pending);
    const urls = [...sizes.keys()];
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    console.log(`first open: ${(total / 1024).toFixed(1)} KB gzip over ${sizes.size} files`);
    for (const [url, size] of sizes) console.log(`  ${size} ${url}`);
    expect(urls.some((url) => /search-index\./.test(url))).toBe(true);
    const pieces = (kind: string) =>
      urls.filter((url) => new RegExp(`/search-[0-9a-f]+/${kind}\\d+\\.json$`).test(url));
    // The vocabulary and postings where the words typed lie (of some 40 and 170 files), and the
    // records of the hits shown for each key pressed.
    expect(pieces('v').length).toBeGreaterThan(0);
    expect(pieces('v').length).toBeLessThanOrEqual(4);
    expect(pieces('p').length).toBeGreaterThan(0);
    expect(pieces('p').length).toBeLessThanOrEqual(8);
    expect(pieces('r').length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(FIRST_OPEN_GZIP);
  });

  test('offline, a query answers from the pieces it has, and says it cannot fetch what it has not', async ({page}) => {
    await open(page, DOC_PAGE.route);
    await openModal(page);
    // One query (typed key by key, the hits on screen could answer a prefix on the way).
    await input(page).fill('certificate');
    await expect(hits(page).first()).toBeVisible();
    const first = await firstHitLink(page).getAttribute('data-url');
    await page.context().setOffline(true);
    // The same words again (a new query to the modal): every piece it needs is in.
    await input(page).fill('certificate ');
    await expect(firstHitLink(page)).toHaveAttribute('data-url', first!);
    await input(page).fill('Password stage');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('Unable to fetch results');
    await page.context().setOffline(false);
    await input(page).fill('Password stage ');
    await expect(firstHitLink(page)).toHaveAttribute('data-url', /\/stages\/password\//);
  });
});

test.describe('search page', () => {
  test('reads the query from the URL, shows counts, breadcrumbs and highlighted snippets', async ({page}) => {
    await open(page, '/search/?q=certificate');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "certificate"');
    await expect(page.getByText(/\d+ documents? found/)).toBeVisible();
    const results = page.locator('article');
    await expect(results.first()).toBeVisible();
    expect(await results.count()).toBeLessThanOrEqual(20);
    await expect(results.first().locator('nav.breadcrumbs, .breadcrumbs').first()).toBeVisible();
    await expect(results.locator('mark, em').first()).toBeVisible();
  });

  test('writes the query back to the URL as the reader types', async ({page}) => {
    await open(page, '/search/');
    await page.getByRole('searchbox', {name: 'Search'}).last().fill('certificate');
    await expect(page).toHaveURL(/\/search\/\?q=certificate$/);
    await expect(page.locator('article').first()).toBeVisible();
  });

  test('loads more results on scroll, 20 at a time', async ({page}) => {
    await open(page, '/search/?q=the');
    const results = page.locator('article');
    await expect(results).toHaveCount(20);
    const total = Number((await page.getByText(/\d+ documents found/).textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(20);
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 4000);
        return results.count();
      })
      .toBeGreaterThan(20);
  });

  test('credits no outside search service in embedded mode', async ({page}) => {
    await open(page, '/search/?q=certificate');
    await expect(page.locator('article').first()).toBeVisible();
    await expect(page.getByText('Powered by')).toBeHidden();
  });

  test('shows a no-results state', async ({page}) => {
    await open(page, '/search/?q=zzqxv');
    await expect(page.getByText('No results were found')).toBeVisible();
  });

  for (const query of ['<img src=x onerror=alert(1)>', 'y'.repeat(10000)]) {
    test(`treats a hostile or huge query as text (${query.slice(0, 12)}…)`, async ({page}) => {
      const dialogs: string[] = [];
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await open(page, `/search/?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole('heading', {level: 1})).toContainText('Search results for');
      await expect(page.locator('main img[src="x"]')).toHaveCount(0);
      await expect(page.getByRole('searchbox', {name: 'Search'}).last()).toHaveValue(query);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
