/**
 * Copy page: a click, or Enter or Space on the focused button, puts exactly the page's Markdown copy
 * on the clipboard, and a status message says so. The copy is fetched on the click, not before.
 */
import {expect, test} from '@playwright/test';
import {expectNoViolations} from './axe';
import {DOC_PAGE, open} from './pages';
import {at} from '../support/server';

const COPY = at(`${DOC_PAGE.route}index.html.md`);

test.beforeEach(async ({context, page}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.emulateMedia({colorScheme: 'light'});
});

test('Copy page fetches the Markdown copy only when clicked, copies exactly it and says so', async ({
  page,
  request,
}) => {
  const expected = await (await request.get(COPY)).text();
  expect(expected).toMatch(new RegExp(`^# ${DOC_PAGE.title}\\n`));
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.md')) fetched.push(r.url());
  });
  await open(page, DOC_PAGE.route);
  await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', COPY);
  const status = page.getByRole('status').filter({hasText: /copied|could not copy/i});
  expect(fetched).toEqual([]);

  await page.getByRole('button', {name: 'Copy page'}).click();
  await expect(page.getByRole('status').filter({hasText: 'Copied as Markdown'})).toBeVisible();
  expect(fetched.map((u) => new URL(u).pathname)).toEqual([COPY]);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  await expect(status).toHaveCount(1);
});

test('Copy page works from the keyboard, and View as Markdown opens the copy', async ({page, request}) => {
  const expected = await (await request.get(COPY)).text();
  await open(page, DOC_PAGE.route);
  await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
  const button = page.getByRole('button', {name: 'Copy page'});
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Copied as Markdown');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
  await page.keyboard.press('Space');
  await expect(page.getByRole('status')).toHaveText('Copied as Markdown');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  await page.keyboard.press('Tab');
  const link = page.getByRole('link', {name: 'View as Markdown'});
  await expect(link).toBeFocused();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(COPY)),
    page.keyboard.press('Enter'),
  ]);
  expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
});

test('a failed fetch says it could not copy', async ({page}) => {
  await page.route(`**${COPY}`, (route) => route.fulfill({status: 500, body: 'no'}));
  await open(page, DOC_PAGE.route);
  await page.getByRole('button', {name: 'Copy page'}).click();
  await expect(page.getByRole('status')).toHaveText(/Could not copy/);
  await page.unroute(`**${COPY}`);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the buttons and the confirmation have no accessibility violations in ${mode} mode`, async ({page}) => {
    await page.emulateMedia({colorScheme: mode});
    await open(page, DOC_PAGE.route);
    await page.getByRole('button', {name: 'Copy page'}).click();
    await expect(page.getByRole('status')).toHaveText('Copied as Markdown');
    await expectNoViolations(page, `${DOC_PAGE.route} after Copy page`, mode);
  });
}
