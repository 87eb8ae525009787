/**
 * The crash page, on the test build's page that crashes on request (src/plugins/test-pages): the
 * spec's "This page crashed." with Try again and the error with its causes, and the ways on.
 */
import {expect, test} from '@playwright/test';
import type {RunningServer} from '../../src/serve/run';
import {CRASH_ROUTE} from '../../src/plugins/test-pages';
import {startTestBuild} from '../support/test-build';
import {expectNoViolations} from './axe';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startTestBuild();
});
test.afterAll(async () => {
  await server?.stop();
});

test('a crashed page says so, shows the error and its cause, and offers ways on', async ({page}) => {
  await page.goto(`${server.url}${CRASH_ROUTE}`);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await page.getByRole('button', {name: 'Crash this page'}).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('This page crashed.');
  await expect(page.getByText('Deliberate crash for the crash-page test')).toBeVisible();
  await expect(page.getByText(/Cause:\s*The cause behind it/)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectNoViolations(page, 'the crash page', 'light');

  // A new issue, filled in with the page's address and the error.
  const report = page.getByRole('link', {name: 'Report this crash on GitHub'});
  const href = new URL((await report.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://github.com/goauthentik/authentik/issues/new');
  expect(href.searchParams.get('title')).toBe(`Docs: ${CRASH_ROUTE} crashed`);
  expect(href.searchParams.get('body')).toContain(`Page: https://docs.goauthentik.io${CRASH_ROUTE}`);
  expect(href.searchParams.get('body')).toContain(
    'Deliberate crash for the crash-page test\n\nCause:\nThe cause behind it',
  );
  await expect(report).toHaveAttribute('rel', 'noopener noreferrer');

  // Search from the crash page itself, and the home page.
  await page
    .locator('main')
    .getByRole('button', {name: /^Search/})
    .click();
  await expect(page.locator('.DocSearch-Input')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('main').getByRole('link', {name: 'Go to the home page'})).toHaveAttribute('href', '/');

  // Try again renders the page anew: while it still crashes, the crash page stays; once the cause is
  // gone, the page is back.
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('This page crashed.');
  await page.evaluate(() => (window as unknown as {akDisarmCrash: () => void}).akDisarmCrash());
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByText('The page works.')).toBeVisible();
});
