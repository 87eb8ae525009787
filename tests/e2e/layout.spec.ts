/**
 * The layout holds at every width: one page of each kind, at the widths readers use (phones,
 * tablets, both sides of the 996 px breakpoint, laptops, desktops), in light and dark mode, with the
 * announcement bar shown and dismissed. Each page loads once; widths, colour modes and the bar
 * change in place. A failure names the page, width, mode and what overlaps, and leaves a
 * screenshot in test-results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {PAGE_TYPES} from '../support/page-weight';

const WIDTHS = [320, 360, 390, 414, 768, 996, 997, 1024, 1100, 1280, 1440, 1920];
const THEMES = ['light', 'dark'] as const;
const SHOTS = path.join(__dirname, '..', '..', 'test-results', 'layout');

/** What is wrong with the layout as it stands now; empty when it holds. */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const visible = (el: Element) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
  };
  const name = (el: Element) =>
    (el.getAttribute('aria-label') || (el as HTMLElement).innerText || el.className.toString() || el.tagName)
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 30);
  const overlap = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;

  // Each visible item of the top bar: the brand, links, dropdowns, buttons, the colour toggle.
  const items = Array.from(document.querySelectorAll('.navbar__inner .navbar__items > *')).filter(visible);
  const boxes = items.map((el) => ({el, box: el.getBoundingClientRect()}));
  for (let i = 0; i < boxes.length; i += 1) {
    const a = boxes[i]!;
    if (a.box.left < -0.5 || a.box.right > window.innerWidth + 0.5)
      problems.push(`"${name(a.el)}" sticks out of the window`);
    for (let j = i + 1; j < boxes.length; j += 1) {
      const b = boxes[j]!;
      if (overlap(a.box, b.box)) problems.push(`"${name(a.el)}" overlaps "${name(b.el)}"`);
    }
  }
  // The brand's own picture and words, too: a link inside it may be narrower than what it shows.
  const brand = document.querySelector('.navbar__brand');
  if (brand && visible(brand)) {
    const right = Math.max(
      ...Array.from(brand.querySelectorAll('*'))
        .filter(visible)
        .map((el) => el.getBoundingClientRect().right),
    );
    for (const {el, box} of boxes) {
      if (
        el !== brand &&
        !el.contains(brand) &&
        box.left < right - 1 &&
        box.left > brand.getBoundingClientRect().left
      ) {
        problems.push(`the brand reaches into "${name(el)}"`);
      }
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth) {
    problems.push(
      `the page scrolls sideways (${document.documentElement.scrollWidth} px wide in ${window.innerWidth} px)`,
    );
  }
  const article = document.querySelector('article');
  if (article && visible(article)) {
    for (const selector of ['.theme-doc-sidebar-container', '.theme-doc-toc-desktop']) {
      const side = document.querySelector(selector);
      if (side && visible(side) && overlap(side.getBoundingClientRect(), article.getBoundingClientRect())) {
        problems.push(`${selector} overlaps the article`);
      }
    }
  }
  return problems;
}

/** Waits until the browser has laid out and painted twice since the last change. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const type of PAGE_TYPES) {
  test(`${type.label} (${type.route}) holds its layout at every width, in both modes, bar shown or closed`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({width: 1280, height: 800});
    await page.goto(type.route);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    const failures: string[] = [];
    for (const bar of ['shown', 'closed'] as const) {
      if (bar === 'closed') {
        await page.setViewportSize({width: 1280, height: 800});
        await page.getByRole('button', {name: 'Close'}).first().click();
        await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({width, height: 800});
        await page.waitForFunction((w) => window.innerWidth === w, width);
        for (const theme of THEMES) {
          await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
          await settle(page);
          const problems = await page.evaluate(layoutProblems);
          if (problems.length === 0) continue;
          const shot = path.join(SHOTS, `${type.key}-${width}-${theme}-bar-${bar}.png`);
          fs.mkdirSync(SHOTS, {recursive: true});
          await page.screenshot({path: shot});
          failures.push(
            `${width} px, ${theme}, bar ${bar}: ${problems.join('; ')} (${path.relative(process.cwd(), shot)})`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });
}
