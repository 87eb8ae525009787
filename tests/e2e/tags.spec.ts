/**
 * A tag's page lists its first pages and fetches the others when the reader asks (issue 35: its HTML
 * no longer grows with the pages tagged). The reader must get every page, by keyboard as by mouse,
 * with the focus where the new pages start, and be told when they cannot be fetched.
 */
import {expect, test, type Page} from '@playwright/test';
import {at} from '../support/server';
import {expectNoViolations} from './axe';
import {open} from './pages';

/** The tag with the most pages; more than the page lists at first. */
const LONG_TAG = '/tags/security/';
/** A tag whose page lists every page at once. */
const SHORT_TAG = '/tags/saml/';
/** What a long list shows before the button; a list of up to 20 is shown whole. */
const FIRST_ITEMS = 15;
const WHOLE_UP_TO = 20;

const articles = (page: Page) => page.locator('main article');
const showMore = (page: Page) => page.locator('main').getByRole('button', {name: /^Show the other \d+ pages$/});

/** The number of pages tagged, as the page's heading says it. */
async function taggedCount(page: Page): Promise<number> {
  const heading = await page.locator('main h1').textContent();
  return Number(/^(\d+) docs tagged/.exec(heading ?? '')?.[1]);
}

test('a long tag list shows its first pages, then every other one at a key press, the focus on the first added', async ({
  page,
}) => {
  await open(page, LONG_TAG);
  const count = await taggedCount(page);
  expect(count).toBeGreaterThan(WHOLE_UP_TO);
  await expect(articles(page)).toHaveCount(FIRST_ITEMS);
  await expect(showMore(page)).toHaveText(`Show the other ${count - FIRST_ITEMS} pages`);
  await showMore(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main [data-tag-list="complete"]')).toBeAttached();
  await expect(articles(page)).toHaveCount(count);
  await expect(showMore(page)).toHaveCount(0);
  await expect(articles(page).nth(FIRST_ITEMS).locator('a')).toBeFocused();
  // In the order of the first pages: by title.
  const titles = await articles(page).locator('h2').allTextContents();
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  // Every link is a page of this site, under its base path, and opens in the page.
  const hrefs = await articles(page)
    .locator('a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs).size).toBe(count);
  for (const href of hrefs) expect(href!.startsWith(at('/'))).toBe(true);
  await expectNoViolations(page, LONG_TAG, 'light');
  const last = articles(page).last();
  const title = await last.locator('h2').textContent();
  await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
  await last.locator('a').click();
  await expect(page.locator('article h1')).toHaveText(title!);
  expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
});

test('when the other pages cannot be fetched, the reader is told and can try again', async ({page}) => {
  await open(page, LONG_TAG);
  const count = await taggedCount(page);
  await page.route('**/assets/tag-list-*', (route) => route.abort('internetdisconnected'));
  await showMore(page).click();
  await expect(page.locator('main [role="alert"]')).toHaveText(
    'The other pages could not be loaded. Check the connection and try again.',
  );
  await expect(articles(page)).toHaveCount(FIRST_ITEMS);
  await expectNoViolations(page, `${LONG_TAG} (fetch failed)`, 'light');
  await page.unroute('**/assets/tag-list-*');
  await page.locator('main').getByRole('button', {name: 'Try again'}).click();
  await expect(articles(page)).toHaveCount(count);
  await expect(page.locator('main [role="alert"]')).toHaveCount(0);
});

test('a short tag list is whole at once, with no button', async ({page}) => {
  await open(page, SHORT_TAG);
  const count = await taggedCount(page);
  expect(count).toBeGreaterThan(FIRST_ITEMS);
  expect(count).toBeLessThanOrEqual(WHOLE_UP_TO);
  await expect(articles(page)).toHaveCount(count);
  await expect(page.locator('main [data-tag-list="complete"]')).toBeAttached();
  await expect(page.locator('main button')).toHaveCount(0);
});
