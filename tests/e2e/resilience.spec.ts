/**
 * What a reader sees when things go wrong or addresses are old: the not-found page, old links and
 * `.html` addresses on a host without server redirects, storage that throws, a chunk that fails to
 * load, and no third-party requests.
 */
import {expect, test} from '@playwright/test';
import {BUILD_DIR} from '../support/server';
import {startStaticServer} from '../support/static-server';
import {DOC_PAGE, open} from './pages';

test('an unknown path answers 404 with the not-found page', async ({page}) => {
  const response = await page.goto('/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | authentik');
});

test('the not-found page suggests the pages the address most likely meant, and ways on', async ({page}) => {
  const response = await page.goto('/flows/stage/pasword/');
  expect(response?.status()).toBe(404);
  const suggestions = page.locator('main .ak-suggestions a');
  await expect(suggestions).toHaveCount(5);
  await expect(suggestions.first()).toHaveText('Password stage');
  await expect(suggestions.first()).toHaveAttribute('href', '/add-secure-apps/flows-stages/stages/password/');
  await expect(page.locator('main').getByRole('link', {name: 'Go to the home page'})).toHaveAttribute('href', '/');
  await expect(page.locator('main').getByRole('link', {name: 'search the documentation'})).toHaveAttribute(
    'href',
    '/search/?q=flows%20stage%20pasword',
  );
  await suggestions.first().click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Password stage');
});

test.describe('on a static host without server redirects', () => {
  let host: Awaited<ReturnType<typeof startStaticServer>>;
  test.beforeAll(async () => {
    host = await startStaticServer(BUILD_DIR);
  });
  test.afterAll(async () => {
    await host.close();
  });

  test('an old address reaches its page through the client redirect stub', async ({page}) => {
    await page.goto(`${host.url}${DOC_PAGE.oldRoute}`);
    await expect(page).toHaveURL(`${host.url}${DOC_PAGE.route}`);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(DOC_PAGE.title);
  });

  test('the stub keeps the query and the fragment of the old address', async ({page}) => {
    await page.goto(`${host.url}${DOC_PAGE.oldRoute}?from=old#naming-rules`);
    await expect(page).toHaveURL(`${host.url}${DOC_PAGE.route}?from=old#naming-rules`);
    await expect(page.locator('#naming-rules')).toBeInViewport();
  });

  test('without script, the stub still sends the reader on', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto(`${host.url}${DOC_PAGE.oldRoute}`);
    await expect(page).toHaveURL(`${host.url}${DOC_PAGE.route}`);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(DOC_PAGE.title);
    await context.close();
  });

  test('the not-found page follows a redirect rule before it shows "page not found"', async ({page}) => {
    // No stub exists for this old address, so the host serves the not-found page.
    await page.goto(`${host.url}/security/CVE-2099-0001?ref=old#top`);
    await expect(page).toHaveURL(`${host.url}/security/cves/CVE-2099-0001/?ref=old#top`);
  });

  test('a trailing .html or /index.html is stripped before matching', async ({page}) => {
    for (const suffix of ['.html', '/index.html']) {
      await page.goto(`${host.url}${DOC_PAGE.route.replace(/\/$/, '')}${suffix}`);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(DOC_PAGE.title);
    }
  });

  // Addresses built to turn the not-found page's redirect into a way off the site. The router
  // decodes `%5C` to `\`, which a browser reads as `/`: only the still-encoded address is safe.
  for (const hostile of [
    '/docs/%5Cevil.example/',
    '/docs/%5C%5Cevil.example/',
    '/docs/%5c/evil.example/',
    '/docs//evil.example/',
    '/docs/%2F%2Fevil.example/',
    '/docs/https:%2F%2Fevil.example/',
    '/docs/%09/evil.example/',
    '/docs/%0d%0a/evil.example/',
    '/docs/%E5%98%8A%E5%98%8D/evil.example/',
    '/flow/%5Cevil.example/',
    '/security/CVE-%5C%5Cevil.example',
    '/docs/%5Cevil.example/?next=//evil.example#//evil.example',
  ]) {
    test(`the not-found page keeps ${hostile} on the site`, async ({page, context}) => {
      // Any other host answers with a marker page, so a test that leaves fails here, offline.
      const offSite: string[] = [];
      await context.route(
        (url) => url.origin !== host.url,
        async (route) => {
          offSite.push(route.request().url());
          await route.fulfill({contentType: 'text/html', body: '<title>OFF SITE</title>'});
        },
      );
      await page.goto(`${host.url}${hostile}`);
      // The page says when it has looked for a rule; none may lead anywhere.
      await expect(page.locator('html')).toHaveAttribute('data-redirect-checked', 'none');
      await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
      expect(new URL(page.url()).origin).toBe(host.url);
      expect(offSite).toEqual([]);
      await expect(page).not.toHaveTitle('OFF SITE');
    });
  }

  test('an address no rule knows shows the not-found page', async ({page}) => {
    await page.goto(`${host.url}/nothing-here/`);
    await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
  });
});

test('the site works when browser storage is unavailable, and says so in the console', async ({page}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Storage is disabled', 'SecurityError');
      },
    });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await open(page, DOC_PAGE.route);
  await expect(page.getByRole('heading', {level: 1})).toHaveText(DOC_PAGE.title);
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(errors).toEqual([]);
  expect(warnings.some((w) => /storage/i.test(w))).toBe(true);
});

test('a page whose code fails to load shows the error box, and Retry reloads it', async ({page}) => {
  let failing = true;
  // Fail every script but the runtime and main bundles: the page's own chunks cannot load.
  await page.route(/\/assets\/js\/(?!runtime~main|main\.)[^/]+\.js$/, (route) =>
    failing ? route.abort('failed') : route.continue(),
  );
  await page.goto(DOC_PAGE.route);
  const box = page.getByRole('alert').filter({hasText: 'This page could not finish loading.'});
  await expect(box).toBeVisible();
  await expect(box).toContainText(/Loading chunk .* failed/);
  failing = false;
  await box.getByRole('button', {name: 'Retry'}).click();
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(box).toBeHidden();
  await expect(page.getByRole('heading', {level: 1})).toHaveText(DOC_PAGE.title);
});

test('a client-side navigation whose code fails to load reloads the page', async ({page}) => {
  await open(page, '/');
  let failing = true;
  await page.route(/\/assets\/js\/(?!runtime~main|main\.)[^/]+\.js$/, (route) =>
    failing ? route.abort('failed') : route.continue(),
  );
  // The reload fetches the page anew: from then on the network works again.
  page.on('request', (request) => {
    if (request.resourceType() === 'document') failing = false;
  });
  const reloaded = page.waitForRequest((request) => request.resourceType() === 'document');
  await page.evaluate((route) => {
    window.history.pushState({}, '', route);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, '/releases/');
  expect((await reloaded).url()).toMatch(/\/releases\/$/);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(page).toHaveURL(/\/releases\/$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Releases');
});

test('pages make no request to any other host when no analytics id is set', async ({page}) => {
  const external: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') external.push(request.url());
  });
  await open(page, '/');
  await page.getByRole('link', {name: 'Documentation', exact: true}).first().hover();
  await open(page, DOC_PAGE.route);
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Input')).toBeFocused();
  await page.keyboard.type('password');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  expect(external).toEqual([]);
});
