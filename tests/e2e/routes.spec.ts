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

/** The addresses and labels of the sidebar's links, as the document holds them now. */
function sidebarLinks(page: Page): Promise<string[]> {
  return page
    .locator('.theme-doc-sidebar-container .theme-doc-sidebar-menu a.menu__link')
    .evaluateAll((links) => links.map((a) => `${a.getAttribute('href')} ${a.textContent?.trim()}`));
}

test("the sidebar after hydration is the server's, though most categories arrive only when needed", async ({
  page,
  browser,
}) => {
  // The server's sidebar: the same page with scripts off.
  const plain = await browser.newContext({javaScriptEnabled: false});
  const served = await plain.newPage();
  await served.goto(at(DOC_PAGE.route));
  const server = await sidebarLinks(served);
  await plain.close();
  await open(page, DOC_PAGE.route);
  // The page's own category is open, with every link the server showed (the client names the
  // categories without a page of their own "#" where the server names their first page).
  const client = await sidebarLinks(page);
  expect(client.length).toBe(server.length);
  expect(client.filter((link) => !link.startsWith('# '))).toEqual(
    server.filter((_, i) => !client[i]!.startsWith('# ')),
  );
  await expect(page.locator('.theme-doc-sidebar-menu a.menu__link--active[aria-current="page"]')).toHaveText(
    DOC_PAGE.title,
  );
});

test('a collapsed category of another section opens with all its pages', async ({page}) => {
  await open(page, DOC_PAGE.route);
  const category = page.locator('.theme-doc-sidebar-menu > .menu__list-item', {
    has: page.locator(':scope > a', {hasText: /^Security$/}),
  });
  await expect(category).toHaveClass(/menu__list-item--collapsed/);
  await category.locator(':scope > a').click();
  await expect(category).not.toHaveClass(/menu__list-item--collapsed/);
  // Its nested categories and pages, not only the first page the collapsed category knew.
  const links = category.locator('a.menu__link');
  await expect(links.filter({hasText: 'Security Policy'})).toHaveCount(1);
  await expect(links.filter({hasText: /^CVEs?$|Security advisories|Audits/})).not.toHaveCount(0);
  expect(await links.count()).toBeGreaterThan(3);
});
