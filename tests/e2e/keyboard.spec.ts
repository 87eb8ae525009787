/**
 * Keyboard only: from the top of a page, a reader reaches every part of the chrome with Tab and
 * operates it with Enter, Space, the arrow keys and Escape. Every element that takes focus on the
 * way shows it (a focus outline or ring on the element itself).
 */
import {expect, test, type Locator, type Page} from '@playwright/test';
import {DOC_PAGE, LONG_PAGE, open} from './pages';

/** What the focused element is, and whether a reader can see that it has focus. */
interface FocusStop {
  label: string;
  visible: boolean;
}

async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return {label: '(nothing)', visible: false};
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== 'none' && style.boxShadow !== '');
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return {
      label: `<${element.tagName.toLowerCase()}> "${name}"`,
      visible: element.matches(':focus-visible') && ring && rect.width > 0 && rect.height > 0,
    };
  });
}

/**
 * Presses Tab until `target` has focus, checking on every stop that the focus can be seen. Fails
 * naming the stops without a visible focus, or the path taken when the target is never reached.
 */
async function tabTo(page: Page, target: Locator, maxStops = 120): Promise<void> {
  const path: string[] = [];
  const unseen: string[] = [];
  for (let i = 0; i < maxStops; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    path.push(stop.label);
    if (!stop.visible) unseen.push(stop.label);
    if (await target.evaluate((element) => element === document.activeElement)) {
      expect(unseen, `focus is not visible on: ${unseen.join(', ')}`).toEqual([]);
      return;
    }
  }
  throw new Error(`Tab never reached the target in ${maxStops} stops; focus went through:\n${path.join('\n')}`);
}

test.beforeEach(async ({page}) => {
  await page.emulateMedia({colorScheme: 'light'});
});

test('the first Tab shows the skip link, which moves focus to the content', async ({page}) => {
  await open(page, LONG_PAGE);
  const skip = page.getByRole('link', {name: 'Skip to main content'});
  await tabTo(page, skip, 1);
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toContainText('Configuration');
  await expect(skip).not.toBeFocused();
});

test("the announcement bar's close button is reached and closes the bar", async ({page}) => {
  await open(page, DOC_PAGE.route);
  const bar = page.locator('.theme-announcement-bar');
  await expect(bar).toBeVisible();
  await tabTo(page, bar.getByRole('button', {name: 'Close'}), 10);
  await page.keyboard.press('Enter');
  await expect(bar).toHaveCount(0);
});

test('the navbar links and the version dropdown are reached and operated', async ({page}) => {
  await open(page, DOC_PAGE.route);
  const nav = page.getByRole('navigation', {name: 'Main'});
  await tabTo(page, nav.getByRole('link', {name: 'Features', exact: true}), 15);
  await tabTo(page, nav.getByRole('link', {name: 'Blog', exact: true}), 10);
  const dropdown = nav.locator('.navbar__item.dropdown');
  const toggle = dropdown.getByRole('button', {name: 'Next'});
  await tabTo(page, toggle, 5);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const allReleases = dropdown.getByRole('link', {name: 'All releases'});
  await expect(allReleases).toBeVisible();
  await tabTo(page, allReleases, 6);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/releases\/$/);
});

test('the colour toggle is reached and switches the mode with Enter and Space', async ({page}) => {
  await open(page, DOC_PAGE.route);
  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  await tabTo(page, toggle, 25);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAccessibleName(/currently light mode/);
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAccessibleName(/currently dark mode/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toBeFocused();
});

test('search opens from its button, results are chosen with the arrow keys, Escape returns focus', async ({page}) => {
  await open(page, DOC_PAGE.route);
  const button = page.getByRole('button', {name: /^Search/}).first();
  await tabTo(page, button, 30);
  await page.keyboard.press('Enter');
  const input = page.locator('.DocSearch-Input');
  await expect(input).toBeFocused();
  await page.keyboard.type('certificates');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
  expect((await focusStop(page)).visible).toBe(true);

  await page.keyboard.press('Enter');
  await expect(input).toBeFocused();
  // In one input, as a paste would: typed key by key, the hits of an earlier prefix can still be on
  // screen when the arrow key is read, and the newer answer then moves the selection to another hit.
  await page.keyboard.insertText('password stage');
  const hits = page.locator('.DocSearch-Hit');
  await expect(hits.first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(hits.nth(1)).toHaveAttribute('aria-selected', 'true');
  const href = await hits.nth(1).locator('a').getAttribute('data-url');
  await page.keyboard.press('Enter');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  expect(href).toBeTruthy();
  await expect(page).toHaveURL(new RegExp(`${href!.split('#')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
});

test('the sidebar is reached: a category opens with Enter and its links are followed', async ({page}) => {
  await open(page, DOC_PAGE.route);
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  // A collapsed category of the sidebar, and its button that opens it.
  // Marked, so the locator keeps pointing at it once it is no longer collapsed.
  await sidebar
    .locator('.menu__list-item--collapsed')
    .first()
    .evaluate((element) => element.setAttribute('data-under-test', ''));
  const category = sidebar.locator('[data-under-test]');
  const opener = category.locator('.menu__link--sublist, .menu__caret').last();
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  await expect(category).not.toHaveClass(/menu__list-item--collapsed/);
  // The list is shown a frame after the category opens (the theme's animation): a reader's next Tab
  // reaches it only then, so the test waits for it as a reader's eyes would.
  const firstLink = category.locator('.menu__list a.menu__link').first();
  await expect(firstLink).toBeVisible();
  const href = await firstLink.getAttribute('href');
  await tabTo(page, firstLink, 5);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('the table of contents is reached and moves to the chosen section', async ({page}) => {
  // Up to 250 Tab presses, each checked: more than the default 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  await open(page, LONG_PAGE);
  const toc = page.locator('.table-of-contents').first();
  const entry = toc.locator('a').nth(1);
  const hash = (await entry.getAttribute('href'))!;
  await tabTo(page, entry, 250);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${hash}$`));
  await expect(page.locator(hash)).toBeInViewport();
});
