/**
 * The site's chrome as a reader meets it: title, navbar, version dropdown, colour mode, announcement
 * bar, hide-on-scroll, mobile sidebar, skip link.
 */
import {expect, test, type Locator, type Page} from '@playwright/test';
import {at} from '../support/server';
import {LONG_PAGE, DOC_PAGE, open} from './pages';

async function storageKeys(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate((p) => Object.keys(localStorage).filter((k) => k.startsWith(p)), prefix);
}

test('the document title reads "page title | authentik"', async ({page}) => {
  await open(page, '/');
  await expect(page).toHaveTitle('Welcome to authentik | authentik');
  await open(page, DOC_PAGE.route);
  await expect(page).toHaveTitle(`${DOC_PAGE.title} | authentik`);
});

test('the navbar links to the marketing site, integrations, docs, GitHub and Discord', async ({page}) => {
  await open(page, '/');
  const nav = page.getByRole('navigation', {name: 'Main'});
  const expected: [string, string][] = [
    ['Features', 'https://goauthentik.io/#features'],
    ['Integrations', 'https://integrations.goauthentik.io'],
    ['Documentation', '/'],
    ['Pricing', 'https://goauthentik.io/pricing/'],
    ['Blog', 'https://goauthentik.io/blog/'],
    ['authentik on GitHub', 'https://github.com/goauthentik/authentik'],
    ['authentik community on Discord', 'https://goauthentik.io/discord'],
  ];
  for (const [name, href] of expected) {
    await expect(nav.getByRole('link', {name, exact: true}).first()).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('link', {name: 'authentik', exact: true}).first()).toHaveAttribute(
    'href',
    'https://goauthentik.io',
  );
});

test('the version dropdown offers Next, the three newest releases and all releases, and remembers the choice', async ({
  page,
}) => {
  await open(page, DOC_PAGE.route);
  const dropdown = page.locator('.navbar__item.dropdown').filter({hasText: 'Next'});
  await dropdown.hover();
  const items = dropdown.locator('.dropdown__menu a');
  await expect(items).toHaveText(['Next', ...(await newestReleases(page)), 'All releases']);
  await items.filter({hasText: 'All releases'}).click();
  await expect(page).toHaveURL(/\/releases\/$/);
  await open(page, DOC_PAGE.route);
  await page.locator('.navbar__item.dropdown').filter({hasText: 'Next'}).hover();
  await page.locator('.dropdown__menu a', {hasText: 'Next'}).click();
  expect(await storageKeys(page, 'docs-preferred-version')).toHaveLength(1);
});

async function newestReleases(page: Page): Promise<string[]> {
  const response = await page.request.get('/releases.gen.json');
  const json = (await response.json()) as {releases: {version: string}[]};
  return json.releases.slice(0, 3).map((r) => r.version);
}

test.describe('colour mode', () => {
  const toggle = (page: Page) => page.getByRole('button', {name: /Switch between dark and light mode/});
  const theme = (page: Page) => page.locator('html').getAttribute('data-theme');

  test('is light by default and cycles light → dark → system, persisted across reloads', async ({page}) => {
    await page.emulateMedia({colorScheme: 'light'});
    await open(page, '/');
    expect(await theme(page)).toBe('light');
    // A first-time reader follows the system, which falls back to the light default.
    await expect(toggle(page)).toHaveAccessibleName(/currently system mode/);
    await toggle(page).click();
    await expect(toggle(page)).toHaveAccessibleName(/currently light mode/);
    await toggle(page).click();
    await expect(toggle(page)).toHaveAccessibleName(/currently dark mode/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(toggle(page)).toHaveAccessibleName(/currently dark mode/);
    await toggle(page).click();
    await expect(toggle(page)).toHaveAccessibleName(/currently system mode/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('system mode follows the operating system preference', async ({page}) => {
    await page.emulateMedia({colorScheme: 'dark'});
    await open(page, '/');
    await expect(toggle(page)).toHaveAccessibleName(/currently system mode/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({colorScheme: 'light'});
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // An explicit choice wins over the system.
    await toggle(page).click();
    await toggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({colorScheme: 'light'});
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('a change in one tab reaches the other tabs', async ({context}) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/');
    await second.goto('/');
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
    await toggle(first).click();
    await toggle(first).click();
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('announcement bar', () => {
  const bar = (page: Page) => page.getByRole('banner').filter({hasText: 'Read the release notes'});

  test('closes, stays closed after a reload, and comes back when its id changes', async ({page}) => {
    await open(page, '/');
    await expect(bar(page)).toBeVisible();
    await page.getByRole('button', {name: 'Close'}).click();
    await expect(bar(page)).toBeHidden();
    await page.reload();
    await expect(bar(page)).toBeHidden();
    // A new announcement has a new id: simulate a reader who dismissed an older one.
    const idKeys = await storageKeys(page, 'docusaurus.announcement.id');
    expect(idKeys).toHaveLength(1);
    await page.evaluate((key) => localStorage.setItem(key, 'an-older-announcement'), idKeys[0]!);
    await page.reload();
    await expect(bar(page)).toBeVisible();
  });
});

test('the navbar hides when scrolling down and comes back when scrolling up', async ({page}) => {
  await open(page, LONG_PAGE);
  const navbar = page.locator('nav.navbar');
  await expect(navbar).not.toHaveClass(/navbarHidden/);
  await page.mouse.move(600, 400);
  // A reader scrolls in steps; keep scrolling until the navbar reacts.
  const classAfterWheel = async (delta: number) => {
    await page.mouse.wheel(0, delta);
    return (await navbar.getAttribute('class')) ?? '';
  };
  await expect.poll(() => classAfterWheel(300)).toMatch(/navbarHidden/);
  await expect.poll(() => classAfterWheel(-150)).not.toMatch(/navbarHidden/);
});

test.describe('sidebar categories', () => {
  const topLevel = (page: Page, label: string) =>
    page.locator('.theme-doc-sidebar-menu > .menu__list-item', {
      has: page.locator(':scope > a, :scope > div > a', {hasText: new RegExp(`^${label}$`)}),
    });

  /**
   * Clicks `control` to open the category and again to close it, the reader staying on the page;
   * `whileOpen` checks what else an open category shows.
   */
  async function opensAndCloses(
    page: Page,
    category: Locator,
    control: Locator,
    whileOpen: () => Promise<void> = async () => undefined,
  ): Promise<void> {
    const here = new URL(page.url()).pathname;
    await control.click();
    await expect(category).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(control).toHaveAttribute('aria-expanded', 'true');
    await expect(category.locator('.menu__list a.menu__link').first()).toBeVisible();
    await whileOpen();
    expect(new URL(page.url()).pathname).toBe(here);
    await control.click();
    await expect(category).toHaveClass(/menu__list-item--collapsed/);
    await expect(control).toHaveAttribute('aria-expanded', 'false');
  }

  test('one with a page of its own: the caret opens and closes it, its link leads there open, and closes it there', async ({
    page,
  }) => {
    await open(page, '/');
    const category = topLevel(page, 'Installation and configuration');
    const link = category.locator(':scope > div > a');
    const caret = category.locator(':scope > div > button.menu__caret');
    await expect(category).toHaveClass(/menu__list-item--collapsed/);
    await expect(caret).toHaveAttribute('aria-label', "Expand sidebar category 'Installation and configuration'");
    await expect(caret).toHaveAttribute('aria-expanded', 'false');

    await opensAndCloses(page, category, caret, () =>
      expect(caret).toHaveAttribute('aria-label', "Collapse sidebar category 'Installation and configuration'"),
    );

    await link.click();
    await expect(page).toHaveURL(new RegExp(`${at('/install-config/')}$`));
    await expect(category).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(category.locator(':scope > div')).toHaveClass(/menu__list-item-collapsible--active/);
    // On its own page the link closes the category and stays on the page.
    await link.click();
    await expect(category).toHaveClass(/menu__list-item--collapsed/);
    await expect(page).toHaveURL(new RegExp(`${at('/install-config/')}$`));
  });

  test('one without a page of its own opens and closes with its link, and opens when the reader goes to a page in it', async ({
    page,
  }) => {
    await open(page, '/');
    const category = topLevel(page, 'Add and secure applications');
    const link = category.locator(':scope > a');
    await expect(category).toHaveClass(/menu__list-item--collapsed/);
    await expect(link).toHaveAttribute('role', 'button');
    await expect(link).toHaveAttribute('aria-expanded', 'false');
    await opensAndCloses(page, category, link);

    // A link in the page's text to a page inside it: the category opens on the way, down to the page.
    await page.locator('article a[href$="/add-secure-apps/flows-stages/stages/"]').first().click();
    await expect(page).toHaveURL(new RegExp(`${at('/add-secure-apps/flows-stages/stages/')}$`));
    await expect(category).not.toHaveClass(/menu__list-item--collapsed/);
    await expect(category.locator('a.menu__link[aria-current="page"]')).toHaveText('Stages');
  });
});

test.describe('mobile sidebar', () => {
  const hamburger = (page: Page) => page.getByRole('button', {name: 'Toggle navigation bar'});

  test('at 995 px the menu opens with the secondary menu and Back to main menu', async ({page}) => {
    await page.setViewportSize({width: 995, height: 800});
    await open(page, DOC_PAGE.route);
    await expect(hamburger(page)).toBeVisible();
    await hamburger(page).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('button', {name: /Back to main menu/})).toBeVisible();
    await sidebar.getByRole('button', {name: /Back to main menu/}).click();
    await expect(sidebar.getByRole('link', {name: 'Pricing'})).toBeVisible();
  });

  test('at 997 px there is no menu button', async ({page}) => {
    await page.setViewportSize({width: 997, height: 800});
    await open(page, DOC_PAGE.route);
    await expect(hamburger(page)).toBeHidden();
  });

  test('an open menu closes when the viewport becomes desktop', async ({page}) => {
    await page.setViewportSize({width: 800, height: 800});
    await open(page, DOC_PAGE.route);
    await hamburger(page).click();
    await expect(page.locator('nav.navbar')).toHaveClass(/(^|\s)navbar-sidebar--show(\s|$)/);
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    await page.setViewportSize({width: 1200, height: 800});
    await expect(page.locator('.navbar-sidebar')).toBeHidden();
    await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  });
});

test('the skip link is the first stop and moves focus to the main content', async ({page}) => {
  await open(page, DOC_PAGE.route);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', {name: 'Skip to main content'});
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  // The main content is now the starting point: the next Tab lands inside it, past the navbar and sidebar.
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('the footer is light, with the logo and the copyright and no link columns', async ({page}) => {
  await open(page, '/');
  const footer = page.locator('footer.footer');
  await expect(footer).not.toHaveClass(/footer--dark/);
  await expect(footer.getByRole('img', {name: 'authentik'})).toBeVisible();
  await expect(footer).toContainText('Copyright © 2025 Authentik Security Inc.');
  await expect(footer.locator('.footer__links')).toHaveCount(0);
});

test('a slow page change shows the progress bar, loaded on demand, and removes it once the page is there', async ({
  page,
}) => {
  await open(page, DOC_PAGE.route);
  // From here every script waits until released, except the progress bar's own chunk.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const barChunks: string[] = [];
  await page.route('**/assets/js/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('role="bar"')) barChunks.push(route.request().url());
    else await released;
    await route.fulfill({response, body});
  });
  const next = page.locator('.pagination-nav__link--next');
  const target = await next.getAttribute('href');
  await next.click();
  await expect(page.locator('#nprogress .bar')).toBeAttached();
  expect(barChunks).toHaveLength(1);
  release();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator('#nprogress')).not.toBeAttached();
});

test('links on screen still prefetch their pages, from idle time rather than at once', async ({page}) => {
  await open(page, DOC_PAGE.route);
  // The queued prefetch answers at once without prefetching; Docusaurus's own would start now and
  // answer with a promise.
  const answer = await page.evaluate(() =>
    (window as unknown as {docusaurus: {prefetch: (path: string) => unknown}}).docusaurus.prefetch(
      '/no-link-points-here/',
    ),
  );
  expect(answer).toBe(false);
  // The chunks of the pages linked on screen are prefetched once the page is idle.
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('head link[rel="prefetch"]').length))
    .toBeGreaterThan(0);
});
