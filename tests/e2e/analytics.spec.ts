/**
 * Analytics against the test build (tests/support/test-build.ts), made with ANALYTICS_TRACKING_ID
 * set: one page-view event per route change, with IP anonymisation. The main build, with no
 * tracking id, makes no request to any other host (see resilience.spec.ts).
 */
import {expect, test} from '@playwright/test';
import type {RunningServer} from '../../src/serve/run';
import {ANALYTICS_ID, startTestBuild} from '../support/test-build';
import {DOC_PAGE} from './pages';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startTestBuild();
});
test.afterAll(async () => {
  await server?.stop();
});

test('one page-view event per route change, with IP anonymisation', async ({page}) => {
  const tagRequests: string[] = [];
  // The tag library is Google's; here it is a stand-in that only records what the site hands it.
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    tagRequests.push(route.request().url());
    await route.fulfill({contentType: 'application/javascript', body: '/* stand-in for gtag.js */'});
  });
  await page.goto(`${server.url}/`);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  expect(tagRequests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_ID}`]);

  const events = () =>
    page.evaluate(() =>
      ((window as unknown as {dataLayer: IArguments[]}).dataLayer ?? []).map((entry) => Array.from(entry) as unknown[]),
    );
  const config = (await events()).find((entry) => entry[0] === 'config');
  expect(config).toEqual(['config', 'G-TESTBUILD01', {anonymize_ip: true}]);
  const pageViews = async () => (await events()).filter((e) => e[0] === 'event' && e[1] === 'page_view').length;
  expect(await pageViews()).toBe(0);

  // Page to page by each page's Next link, in the content: it stays put while the sidebar opens the
  // new page's category (an animation that moves every sidebar link below it).
  for (let i = 1; i <= 3; i += 1) {
    const next = page.locator('a.pagination-nav__link--next');
    const href = await next.getAttribute('href');
    expect(href).toMatch(/^\/[^/]/);
    await next.click();
    await expect(page).toHaveURL(`${server.url}${href}`);
    await expect.poll(pageViews).toBe(i);
  }
  expect(tagRequests).toHaveLength(1);
});

test('a move within the page is a page view; a reload is a fresh visit counted by the tag itself', async ({page}) => {
  const tagRequests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    tagRequests.push(route.request().url());
    await route.fulfill({contentType: 'application/javascript', body: '/* stand-in for gtag.js */'});
  });
  const events = () =>
    page.evaluate(() =>
      ((window as unknown as {dataLayer: IArguments[]}).dataLayer ?? []).map((entry) => Array.from(entry) as unknown[]),
    );
  const count = async (kind: string) =>
    (await events()).filter((e) => e[0] === kind && (kind !== 'event' || e[1] === 'page_view')).length;

  await page.goto(`${server.url}${DOC_PAGE.route}`);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  expect(await count('event')).toBe(0);

  // A table-of-contents link changes only the fragment: one page view, with the fragment in its path.
  const tocLink = page.locator('.table-of-contents a').first();
  const fragment = (await tocLink.getAttribute('href'))!;
  await tocLink.click();
  await expect(page).toHaveURL(`${server.url}${DOC_PAGE.route}${fragment}`);
  await expect.poll(() => count('event')).toBe(1);
  const paths = (await events()).filter((e) => e[0] === 'set' && e[1] === 'page_path').map((e) => e[2]);
  expect(paths).toEqual([`${DOC_PAGE.route}${fragment}`]);
  expect(tagRequests).toHaveLength(1);

  // A reload starts over: the tag loads again and its config counts the visit; no extra event.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  expect(tagRequests).toHaveLength(2);
  expect(await count('config')).toBe(1);
  expect(await count('event')).toBe(0);
});
