/** Pages the browser tests visit, one of each kind. */
export const DOC_PAGE = {route: '/sys-mgmt/certificates/', title: 'Certificates', oldRoute: '/core/certificates/'};
/** A page long enough to scroll. */
export const LONG_PAGE = '/install-config/configuration/';

import {expect, type Locator, type Page} from '@playwright/test';
import {at} from '../support/server';

/**
 * Opens a page and waits until React has taken over, so handlers are attached. `route` is a site
 * path; it is opened under the base path of the site under test.
 */
export async function open(page: Page, route: string): Promise<void> {
  await page.goto(at(route));
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

/** The drawings of a diagram the reader sees (one: the image of the colour mode), loaded or not. */
export function shownDrawings(diagram: Locator): Promise<{src: string; loaded: boolean}[]> {
  return diagram
    .locator('img')
    .evaluateAll((images) =>
      (images as HTMLImageElement[])
        .filter((image) => image.checkVisibility())
        .map((image) => ({src: image.getAttribute('src') ?? '', loaded: image.complete && image.naturalWidth > 0})),
    );
}

/**
 * Shows every diagram of the page: each drawing loads once the reader scrolls near it (a lazy
 * image), so each is scrolled into view in turn and waited for. Returns how many diagrams the page has.
 */
export async function drawDiagrams(page: Page): Promise<number> {
  const diagrams = page.locator('.ak-diagram');
  const count = await diagrams.count();
  for (let i = 0; i < count; i += 1) {
    await diagrams.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await shownDrawings(diagrams.nth(i))).map((d) => d.loaded)).toEqual([true]);
  }
  return count;
}
