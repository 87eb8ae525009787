/**
 * Code blocks, highlighted at build time: what a reader sees and does with them. The style guide
 * shows a titled block with line numbers and a highlighted line, and one with a magic comment; the
 * configuration reference is the site's code-heavy page.
 */
import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Locator, type Page} from '@playwright/test';
import {TAGS, settle, type Mode} from './axe';
import {LONG_PAGE, open} from './pages';

const STYLE_GUIDE = '/developer-docs/docs/style-guide/';
const block = (page: Page, title: string) =>
  page.locator('.theme-code-block').filter({has: page.locator('[class*="codeBlockTitle"]', {hasText: title})});

/** The text of each rendered line, as a reader sees it. */
const lineTexts = (code: Locator) =>
  code.locator('.token-line').evaluateAll((lines) => lines.map((l) => l.textContent));

/** Records what the page writes to the clipboard (the theme's copy button uses navigator.clipboard). */
async function recordClipboard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const copied: string[] = [];
    (window as unknown as {copied: string[]}).copied = copied;
    Object.defineProperty(navigator, 'clipboard', {
      value: {writeText: async (text: string) => void copied.push(text)},
    });
  });
}
const copied = (page: Page) => page.evaluate(() => (window as unknown as {copied: string[]}).copied);

test('a titled block shows its title, line numbers and its highlighted line', async ({page}) => {
  await open(page, STYLE_GUIDE);
  const yaml = block(page, 'blueprints/custom/branding.yaml');
  await expect(yaml).toHaveCount(1);
  expect(await lineTexts(yaml)).toEqual(['version: 1', 'metadata:', '  name: Custom branding', 'entries: []']);
  const numbers = yaml.locator('[class*="codeLineNumber"]');
  await expect(numbers).toHaveCount(4);
  // The numbers are CSS counters: the box of each shows its number.
  const shown = await numbers.evaluateAll((spans) =>
    spans.map((s) => getComputedStyle(s, '::before').getPropertyValue('content')),
  );
  expect(shown).toEqual(Array(4).fill('counter(line-count)'));
  const lines = yaml.locator('.token-line');
  await expect(lines.nth(3)).toHaveClass(/theme-code-block-highlighted-line/);
  await expect(yaml.locator('.theme-code-block-highlighted-line')).toHaveCount(1);
  await expect(lines.nth(0).locator('.token.atrule')).toHaveText('version');
});

test('a magic comment highlights the next line and is not shown', async ({page}) => {
  await open(page, STYLE_GUIDE);
  const python = block(page, 'policies/staff-only.py');
  expect(await lineTexts(python)).toEqual([
    '# Pass only for members of the "Staff" group or of a group nested under it',
    'return ak_is_group_member(request.user, name="Staff")',
  ]);
  await expect(python.locator('.token-line').nth(1)).toHaveClass(/theme-code-block-highlighted-line/);
  await expect(python.locator('.token-line').nth(1).locator('.token.keyword')).toHaveText('return');
  await expect(python.locator('.token.comment')).toHaveCount(1);
});

test('the copy button copies exactly the source text', async ({page}) => {
  await recordClipboard(page);
  await open(page, STYLE_GUIDE);
  const python = block(page, 'policies/staff-only.py');
  await python.hover();
  await python.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect(python.getByRole('button', {name: 'Copied'})).toBeVisible();
  await open(page, LONG_PAGE);
  const shell = page.locator('.theme-code-block').first();
  await shell.hover();
  await shell.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect.poll(() => copied(page)).toHaveLength(1);
  expect(await copied(page)).toEqual([(await lineTexts(shell)).join('\n')]);
  expect((await copied(page))[0]).toMatch(
    /^AUTHENTIK_POSTGRESQL__PASSWORD=file:\/\/\/run\/secrets\/authentik-db-password\n/,
  );
});

test('the copy button leaves out the magic comment', async ({page}) => {
  await recordClipboard(page);
  await open(page, STYLE_GUIDE);
  const python = block(page, 'policies/staff-only.py');
  await python.hover();
  await python.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect
    .poll(() => copied(page))
    .toEqual([
      '# Pass only for members of the "Staff" group or of a group nested under it\nreturn ak_is_group_member(request.user, name="Staff")',
    ]);
});

test('switching colour mode recolours code at once, without reloading', async ({page}) => {
  await page.emulateMedia({colorScheme: 'light'});
  await open(page, STYLE_GUIDE);
  await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
  const yaml = block(page, 'blueprints/custom/branding.yaml');
  const key = yaml.locator('.token.atrule').first();
  const pre = yaml.locator('pre');
  const colours = async () => ({
    key: await key.evaluate((el) => getComputedStyle(el).color),
    background: await pre.evaluate((el) => getComputedStyle(el).backgroundColor),
    text: await pre.evaluate((el) => getComputedStyle(el).color),
  });
  const light = await colours();
  expect(light).toEqual({key: 'rgb(0, 105, 140)', background: 'rgb(246, 248, 250)', text: 'rgb(57, 58, 52)'});
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click(); // system → light
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click(); // light → dark
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect
    .poll(colours)
    .toEqual({key: 'rgb(248, 248, 242)', background: 'rgb(40, 42, 54)', text: 'rgb(248, 248, 242)'});
  expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
});

test('word wrap wraps a long line in the block', async ({page}) => {
  await page.setViewportSize({width: 390, height: 800});
  await open(page, LONG_PAGE);
  const shell = page.locator('.theme-code-block').first();
  const code = shell.locator('pre code');
  await shell.scrollIntoViewIfNeeded();
  const wrap = shell.getByRole('button', {name: 'Toggle word wrap'});
  await shell.hover();
  await wrap.click();
  await expect(code).toHaveCSS('white-space', 'pre-wrap');
  const scrolls = await shell.locator('pre').evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(scrolls).toBe(false);
});

for (const mode of ['light', 'dark'] as const satisfies readonly Mode[]) {
  test(`code passes axe in ${mode} mode (token contrast)`, async ({page}) => {
    await page.emulateMedia({colorScheme: mode});
    for (const route of [STYLE_GUIDE, LONG_PAGE]) {
      await open(page, route);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await settle(page);
      const results = await new AxeBuilder({page})
        .include('.theme-code-block')
        .options({runOnly: {type: 'tag', values: TAGS}, resultTypes: ['violations', 'passes']})
        .setLegacyMode(true)
        .analyze();
      const found = results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
      expect(found, `${route} in ${mode} mode`).toEqual([]);
      // Contrast was checked on the tokens themselves, not skipped.
      const contrast = results.passes.find((p) => p.id === 'color-contrast');
      expect(contrast?.nodes.length ?? 0).toBeGreaterThan(10);
    }
  });
}
