/**
 * Route data by section (issue 35): `main.js` carries the routes that are not pages of a section,
 * and each section's routes, chunk names and docs list load with the first path of it the reader
 * opens, hovers or sees a link to. What a reader can observe must not change: a page opened
 * directly, a page change into another section and back, and the version dropdown's link to the
 * page the reader is on.
 */
import {expect, test, type Page} from '@playwright/test';
import {at} from '../support/server';
import {DOC_PAGE, open} from './pages';

/** A page of another section than DOC_PAGE's, linked from its sidebar. */
const OTHER_SECTION = {
  route: '/install-config/',
  link: 'Installation and configuration',
  title: 'Installation and Configuration',
};

/** The address the version dropdown's "Next" entry (the version read now) links to. */
function nextVersionLink(page: Page) {
  return page.locator('.navbar__item.dropdown .dropdown__menu a', {hasText: 'Next'}).getAttribute('href');
}

/** Marks the window, so that a full page load (which drops the mark) can be told from a page change. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as {sameDocument: boolean}).sameDocument = true;
  });
}
function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument === true);
}

test('a page opened directly renders, and the version dropdown links to it', async ({page}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await open(page, DOC_PAGE.route);
  await expect(page.locator('article h1')).toHaveText(DOC_PAGE.title);
  expect(await nextVersionLink(page)).toBe(at(DOC_PAGE.route));
  // A hydration that did not match the server's HTML would have been reported as an error.
  expect(errors).toEqual([]);
});

test('a page change into another section and back happens in the page, without a reload', async ({page}) => {
  await open(page, DOC_PAGE.route);
  await markWindow(page);
  await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: OTHER_SECTION.link, exact: true}).click();
  await expect(page).toHaveURL(at(OTHER_SECTION.route));
  await expect(page.locator('article h1')).toHaveText(OTHER_SECTION.title);
  expect(await nextVersionLink(page)).toBe(at(OTHER_SECTION.route));
  await page.goBack();
  await expect(page.locator('article h1')).toHaveText(DOC_PAGE.title);
  expect(await nextVersionLink(page)).toBe(at(DOC_PAGE.route));
  expect(await stillSameDocument(page)).toBe(true);
});

test('a page no link on screen points to opens in the page, its code fetched once', async ({page}) => {
  await open(page, DOC_PAGE.route);
  await markWindow(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  // What the router does for a link: the new address, then the router renders it.
  await page.evaluate((route) => {
    history.pushState(null, '', route);
    dispatchEvent(new PopStateEvent('popstate'));
  }, at('/security/policy/'));
  await expect(page.locator('article h1')).toHaveText('Security Policy');
  expect(await nextVersionLink(page)).toBe(at('/security/policy/'));
  expect(await stillSameDocument(page)).toBe(true);
  expect(new Set(scripts).size).toBe(scripts.length);
});
