/** Pages the browser tests visit, one of each kind. */
export const DOC_PAGE = {route: '/sys-mgmt/certificates/', title: 'Certificates', oldRoute: '/core/certificates/'};
/** A page long enough to scroll. */
export const LONG_PAGE = '/install-config/configuration/';

import {expect, type Page} from '@playwright/test';

/** Opens a page and waits until React has taken over, so handlers are attached. */
export async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

/**
 * Draws every diagram of the page: each draws once the reader scrolls near it, so each is scrolled
 * into view in turn and waited for. Returns how many diagrams the page has.
 */
export async function drawDiagrams(page: Page): Promise<number> {
  const diagrams = page.locator('.ak-diagram');
  const count = await diagrams.count();
  for (let i = 0; i < count; i += 1) {
    await diagrams.nth(i).scrollIntoViewIfNeeded();
    await expect(diagrams.nth(i)).toHaveAttribute('aria-busy', 'false');
  }
  return count;
}
