/** axe-core over the page as it stands, for the accessibility gate and for pages other specs open. */
import AxeBuilder from '@axe-core/playwright';
import {expect, type Page} from '@playwright/test';
import {drawDiagrams} from './pages';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export type Mode = 'light' | 'dark';

/** Waits until nothing on the page is still changing: transitions, finite animations, busy regions. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      !document.querySelector('[aria-busy="true"]') &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/** The violations axe finds on the page as it is now, one line per element. */
export async function violations(page: Page, what: string, mode: Mode): Promise<string[]> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  await drawDiagrams(page);
  await settle(page);
  const results = await new AxeBuilder({page})
    // Set in one call: a later options() would replace the tag filter and run every rule.
    .options({runOnly: {type: 'tag', values: TAGS}, resultTypes: ['violations']})
    // Legacy mode runs axe in the page itself, without opening a second page per run (much faster);
    // it cannot look into cross-origin frames, and the site has none.
    .setLegacyMode(true)
    .analyze();
  return results.violations.flatMap((v) =>
    v.nodes
      .map((node) => ({node, target: node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : t)).join(', ')}))
      .map(
        ({node, target}) =>
          `${what} [${mode}] ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    at ${target}\n    ` +
          (node.failureSummary ?? '').replace(/\n/g, '\n    '),
      ),
  );
}

export async function expectNoViolations(page: Page, what: string, mode: Mode): Promise<void> {
  const found = await violations(page, what, mode);
  expect(found, `axe: ${found.length} violation(s) on ${what} in ${mode} mode:\n${found.join('\n')}`).toEqual([]);
}
