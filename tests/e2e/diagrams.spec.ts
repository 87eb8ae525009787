/**
 * Every Mermaid diagram of the docs reaches the reader as its drawing (see src/diagrams): the page
 * shows the drawing of the reader's colour mode, the right one for each block, loaded, with a text
 * alternative, and loads no Mermaid. The drawings' text is readable on the page's background in
 * both modes (axe cannot judge text inside an image, so this test measures it).
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {readCatalogue, routeToDocFile} from '../../src/pages/catalogue';
import {COLOR_MODES, DIAGRAMS_URL, drawingFile} from '../../src/diagrams/diagrams';
import {docsDiagrams} from '../../src/diagrams/docs';
import {BUILD_DIR} from '../site/build';
import {contrast, flatten, parseColor, type Rgba} from '../support/contrast';
import {drawDiagrams, open, shownDrawings} from './pages';

const DIAGRAMS = docsDiagrams();

/** Each catalogue page with diagrams, and the keys of its diagrams in page order. */
const PAGES = readCatalogue()
  .map(({route}) => {
    const file = path.relative('docs', routeToDocFile(route));
    return {route, keys: DIAGRAMS.filter((d) => d.file === file).map((d) => d.key)};
  })
  .filter((page) => page.keys.length > 0);

/** Pages per test, so that the pages spread over the workers. */
const BATCH_SIZE = 12;

/** Text smaller than 24 px (18.66 px bold) needs 4.5:1 under WCAG AA; the drawings' text is 16 px at most. */
const MIN_CONTRAST = 4.5;

/** A string in Mermaid's code and nowhere else in the site's scripts. */
const MERMAID_CODE = 'No diagram type detected';

test('the docs have diagrams to check, each on a catalogue page', () => {
  expect(PAGES.length).toBeGreaterThan(30);
  expect(PAGES.reduce((n, page) => n + page.keys.length, 0)).toBe(DIAGRAMS.length);
});

for (let start = 0; start < PAGES.length; start += BATCH_SIZE) {
  const batch = PAGES.slice(start, start + BATCH_SIZE);
  test(`diagrams show their drawings on ${batch[0]!.route} and ${batch.length - 1} more pages, in both modes`, async ({
    page,
  }) => {
    test.setTimeout(batch.length * 15_000);
    for (const {route, keys} of batch) {
      await page.emulateMedia({colorScheme: 'light'});
      await open(page, route);
      // One load: the site follows the system's colour mode, so the second mode needs no reload.
      for (const mode of COLOR_MODES) {
        await page.emulateMedia({colorScheme: mode});
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        expect.soft(await drawDiagrams(page), route).toBe(keys.length);
        const diagrams = page.locator('main .ak-diagram');
        for (const [i, key] of keys.entries()) {
          const shown = await shownDrawings(diagrams.nth(i));
          expect
            .soft(shown, `${route}, diagram ${i + 1}, ${mode}`)
            .toEqual([{src: `${DIAGRAMS_URL}${drawingFile(key, mode)}`, loaded: true}]);
          const image = diagrams.nth(i).locator('img:visible');
          await expect.soft(image, route).toHaveAttribute('alt', /^(Flowchart|Sequence diagram)\b.{20,}/);
          const [box, column] = await Promise.all([image.boundingBox(), diagrams.nth(i).boundingBox()]);
          expect
            .soft(box!.width, `${route}: diagram ${i + 1} fits the column`)
            .toBeLessThanOrEqual(column!.width + 0.5);
        }
      }
    }
  });
}

test('pages with diagrams load no Mermaid, with every diagram shown in both modes', async ({page}) => {
  // Mermaid is in the build (it draws diagrams live while writing), so the check below can fail.
  const jsDir = path.join(BUILD_DIR, 'assets', 'js');
  const inBuild = fs
    .readdirSync(jsDir)
    .filter((name) => fs.readFileSync(path.join(jsDir, name), 'utf8').includes(MERMAID_CODE));
  expect(inBuild.length, 'chunks of the build with Mermaid').toBeGreaterThan(0);
  const loaded: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') loaded.push(response.url());
  });
  for (const route of ['/releases/2025.8/', '/security/policy/', PAGES[0]!.route]) {
    for (const mode of COLOR_MODES) {
      await page.emulateMedia({colorScheme: mode});
      await open(page, route);
      expect(await drawDiagrams(page), route).toBeGreaterThan(0);
    }
  }
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((url) => inBuild.some((name) => url.endsWith(`/${name}`)))).toEqual([]);
});

interface TextSample {
  text: string;
  fill: string;
  /** What is behind the text's centre, top first: fills of shapes and backgrounds of boxes. */
  layers: string[];
}

for (const mode of COLOR_MODES) {
  test(`the drawings' text is readable on the page in ${mode} mode (WCAG AA contrast)`, async ({page}) => {
    test.setTimeout(120_000);
    await page.setViewportSize({width: 1800, height: 1400});
    await page.emulateMedia({colorScheme: mode});
    await open(page, PAGES[0]!.route);
    const keys = [...new Set(DIAGRAMS.map((d) => d.key))];
    const svgs = keys.map((key) => fs.readFileSync(path.join(BUILD_DIR, DIAGRAMS_URL, drawingFile(key, mode)), 'utf8'));
    const base = await page.evaluate(() => {
      const color = (element: Element) => getComputedStyle(element).backgroundColor;
      return [color(document.body), color(document.documentElement)];
    });
    const baseColor = base.map((c) => parseColor(c)).find((c): c is Rgba => c !== undefined && c[3] === 1) ?? [
      255, 255, 255, 1,
    ];
    // Each drawing alone on the page's background, at its own size, at the top left of the screen.
    const samples = await page.evaluate((svgs) => {
      document.body.replaceChildren();
      const holder = document.createElement('div');
      holder.style.cssText = 'position:fixed;left:0;top:0;';
      document.body.append(holder);
      const SHAPES = new Set(['rect', 'path', 'polygon', 'circle', 'ellipse']);
      const found: {drawing: number; text: string; fill: string; layers: string[]}[] = [];
      svgs.forEach((svg, drawing) => {
        holder.innerHTML = svg;
        const texts = Array.from(holder.querySelectorAll('text, tspan')).filter(
          (t) => t.querySelector('tspan') === null && (t.textContent ?? '').trim() !== '',
        );
        for (const text of texts) {
          const box = text.getBoundingClientRect();
          const layers: string[] = [];
          // A sequence number stands on a marker (a circle drawn at the end of an empty line before
          // it), which the browser does not report at a point.
          const marker = /url\(#(.+)\)/.exec(text.previousElementSibling?.getAttribute('marker-start') ?? '')?.[1];
          const dot = marker ? holder.querySelector(`marker[id="${marker}"] circle`) : null;
          if (dot) layers.push(`${getComputedStyle(dot).fill}|1`);
          for (const element of Array.from(document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2))) {
            if (element instanceof SVGElement && SHAPES.has(element.tagName)) {
              const style = getComputedStyle(element);
              if (style.fill.startsWith('rgb'))
                layers.push(`${style.fill}|${Number(style.fillOpacity) * Number(style.opacity)}`);
            } else if (element instanceof HTMLElement) {
              layers.push(`${getComputedStyle(element).backgroundColor}|1`);
            }
          }
          found.push({drawing, text: text.textContent!.trim(), fill: getComputedStyle(text).fill, layers});
        }
      });
      return found;
    }, svgs);
    expect(samples.length).toBeGreaterThan(500);
    const layer = (spec: string): Rgba | undefined => {
      const [color, opacity] = spec.split('|');
      const rgba = parseColor(color!);
      return rgba && ([rgba[0], rgba[1], rgba[2], rgba[3] * Number(opacity)] as Rgba);
    };
    const poor = samples.flatMap((sample: TextSample & {drawing: number}) => {
      const fill = parseColor(sample.fill);
      if (!fill) return [`${keys[sample.drawing]}: "${sample.text}" has no plain fill (${sample.fill})`];
      const behind = flatten(
        sample.layers.map(layer).filter((c): c is Rgba => c !== undefined),
        baseColor,
      );
      const ratio = contrast(flatten([fill], behind), behind);
      return ratio < MIN_CONTRAST
        ? [`${drawingFile(keys[sample.drawing]!, mode)}: "${sample.text}" ${ratio.toFixed(2)}:1`]
        : [];
    });
    expect(poor, `text under ${MIN_CONTRAST}:1`).toEqual([]);
  });
}
