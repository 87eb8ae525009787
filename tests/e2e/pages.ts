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
