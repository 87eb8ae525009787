/**
 * Accessibility: axe-core finds no violation of WCAG 2.0, 2.1 and 2.2 A and AA on any built page, in
 * light mode and in dark mode, nor in the states a reader opens on top of a page: the search modal
 * with results, the search page with results, the mobile sidebar and the not-found page. A failure
 * names the page, the mode, the rule and the elements (CSS selectors) to fix.
 *
 * The pages are split into batches, one test each, that visit their pages one after the other in one
 * browser page: a failure on one page does not stop the batch (soft assertions), and every page is
 * reported.
 */
import {expect, test} from '@playwright/test';
import {expectNoViolations, violations, type Mode} from './axe';
import {builtPages} from '../site/build';
import {LONG_PAGE, open} from './pages';

const MODES = ['light', 'dark'] as const satisfies readonly Mode[];

/** Every real page of the build; client-redirect stubs are left out (the server answers 301 first). */
const ROUTES = [...builtPages().keys()];
/** Pages per test: small enough to spread over the workers, large enough to keep the overhead low. */
const BATCH_SIZE = 20;
const BATCHES = Math.max(1, Math.ceil(ROUTES.length / BATCH_SIZE));
/** A generous bound per page: a load and an axe run take about a second. */
const MS_PER_PAGE = 15_000;

test('the build has pages to check', () => {
  expect(ROUTES.length).toBeGreaterThan(1);
  expect(ROUTES).toContain('/');
});

for (const mode of MODES) {
  test.describe(`${mode} mode`, () => {
    for (let batch = 0; batch < BATCHES; batch += 1) {
      // Every BATCHES-th page, so that the heavy sections of the site spread over all batches.
      const routes = ROUTES.filter((_, i) => i % BATCHES === batch);
      test(`pages ${batch + 1} of ${BATCHES} (${routes.length} pages, from ${routes[0]}) have no violations`, async ({
        page,
      }) => {
        test.setTimeout(routes.length * MS_PER_PAGE);
        await page.emulateMedia({colorScheme: mode});
        for (const route of routes) {
          await open(page, route);
          const found = await violations(page, route, mode);
          expect
            .soft(found, `axe: ${found.length} violation(s) on ${route} in ${mode} mode:\n${found.join('\n')}`)
            .toEqual([]);
        }
      });
    }

    test('the open search modal with results has no violations', async ({page}) => {
      await page.emulateMedia({colorScheme: mode});
      await open(page, LONG_PAGE);
      await page.keyboard.press('Control+k');
      await expect(page.locator('.DocSearch-Input')).toBeFocused();
      await page.keyboard.type('password');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      // As a reader meets it: the page behind turns inert once the first answer is drawn.
      await expect(page.locator('#__docusaurus')).toHaveAttribute('inert', '');
      await expectNoViolations(page, 'the search modal ("password")', mode);
    });

    test('the search page with results has no violations', async ({page}) => {
      await page.emulateMedia({colorScheme: mode});
      await open(page, '/search/?q=password');
      await expect(page.locator('article').first()).toBeVisible();
      await expectNoViolations(page, '/search/?q=password', mode);
    });

    test('the open mobile sidebar at 800 px has no violations', async ({page}) => {
      await page.emulateMedia({colorScheme: mode});
      await page.setViewportSize({width: 800, height: 800});
      await open(page, LONG_PAGE);
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await expect(page.locator('.navbar-sidebar')).toBeVisible();
      await expectNoViolations(page, `the mobile sidebar on ${LONG_PAGE}`, mode);
    });

    test('the not-found page has no violations', async ({page}) => {
      await page.emulateMedia({colorScheme: mode});
      const response = await page.goto('/no-such-page/');
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
      await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
      await expectNoViolations(page, 'the not-found page (/no-such-page/)', mode);
    });
  });
}
