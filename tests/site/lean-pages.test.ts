/**
 * What every page loads stays lean: no syntax highlighter in any script of the build (code arrives
 * highlighted from the build), no doc map in the docs version data, and none of what
 * src/plugins/lean-client keeps out of the first-load scripts (the route data of every section among them). The search worker loads its engine
 * in one request.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {htmlFiles} from '../../src/serve/site';
import {BUILD_DIR, fileRoute, readPage} from './build';

const JS_DIR = path.join(BUILD_DIR, 'assets', 'js');
const scripts = fs
  .readdirSync(JS_DIR)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({name, text: fs.readFileSync(path.join(JS_DIR, name), 'utf8')}));

/** Prism's grammars build on each other with these calls; no other code of the site makes them. */
const PRISM_GRAMMAR = /\.languages\.(extend|insertBefore)\(/;

describe('code highlighted at build time', () => {
  it('no script of the build carries Prism or its grammars, first-load scripts included', () => {
    expect(scripts.length).toBeGreaterThan(10);
    const html = fs.readFileSync(path.join(BUILD_DIR, 'index.html'), 'utf8');
    const firstLoad = [...html.matchAll(/<script[^>]* src=["']?\/assets\/js\/([^"' >]+)/g)].map((m) => m[1]);
    expect(firstLoad).toContainEqual(expect.stringMatching(/^main\./));
    expect(scripts.map((s) => s.name)).toEqual(expect.arrayContaining(firstLoad));
    const withPrism = scripts.filter((s) => PRISM_GRAMMAR.test(s.text)).map((s) => s.name);
    expect(withPrism, `Prism grammar found in ${withPrism.join(', ')}`).toEqual([]);
  });

  it('pages carry their code already highlighted, in the theme markup', () => {
    const page = readPage(path.join(BUILD_DIR, 'install-config', 'configuration', 'index.html'));
    const block = page.$('.theme-code-block pre.prism-code.language-shell').first();
    expect(block.find('.token-line').length).toBeGreaterThan(1);
    expect(block.find('.token.variable').length).toBeGreaterThan(0);
  });
});

/**
 * Every docs page's HTML holds the sidebar's top-level categories, so a site with more sections
 * sends more of them on every page. Issue 35 allows a page's HTML to grow by a tenth at ten times
 * the pages; the home page (about 25 KB) grown by nine more sections leaves some 280 bytes for each,
 * its label and link included. The markup around them (src/theme/DocSidebarItem/Category) is held
 * below that: with the theme's category it was 342 bytes for a category without a page of its own and
 * 403 for one with a page and its caret button, and the home page grew 1.13× at ten times the pages.
 */
const CATEGORY_MARKUP = {withoutPage: 200, withPage: 300};

describe('sidebar categories', () => {
  it('a collapsed top-level category carries little markup beyond its label and link', () => {
    const html = fs.readFileSync(path.join(BUILD_DIR, 'index.html'), 'utf8');
    const start = html.indexOf('theme-doc-sidebar-menu menu__list"');
    expect(start).toBeGreaterThan(0);
    const menu = html.slice(html.indexOf('>', start) + 1, html.indexOf('</ul>', start));
    const categories = menu
      .split(/(?=<li )/)
      .filter((item) => item.includes('menu__list-item--collapsed'))
      .map((item) => {
        const label = /<span[^>]*>([^<]+)<\/span>/.exec(item)![1]!;
        const href = /href=("[^"]*"|[^ >]+)/.exec(item)![1]!;
        // The label is counted wherever it stands: in the link, and in the caret button's name.
        const labels = item.split(label).length - 1;
        const markup = item.length - href.length - label.length * labels;
        return {label, withPage: item.includes('menu__caret'), markup};
      });
    expect(categories.length, 'collapsed top-level categories on the home page').toBeGreaterThan(5);
    expect(categories.some((c) => c.withPage)).toBe(true);
    expect(categories.some((c) => !c.withPage)).toBe(true);
    for (const {label, withPage, markup} of categories) {
      expect(markup, label).toBeLessThanOrEqual(withPage ? CATEGORY_MARKUP.withPage : CATEGORY_MARKUP.withoutPage);
    }
  });
});

describe('docs version data', () => {
  it('is sent with no doc map (no titles, no descriptions) and the sidebar as a shell of its top-level items', () => {
    const data = scripts.filter((s) => s.text.includes('"docsSidebars"'));
    expect(data.length).toBeGreaterThan(0);
    for (const {name, text} of data) {
      expect(text.includes('"description"'), `${name} carries descriptions`).toBe(false);
      expect(/"title":/.test(text), `${name} carries titles`).toBe(false);
      expect(text.includes('"docs":{}'), `${name} carries a doc map`).toBe(true);
      // Top-level categories carry a stub and the number of the part that holds their items.
      expect(text.includes('"__part":'), `${name} has no sidebar parts`).toBe(true);
      expect(text.includes('"label":"Installation and configuration"'), `${name} has no sidebar`).toBe(true);
      expect(/"?href"?:"\/install-config\/configuration\/"/.test(text), `${name} holds a whole category`).toBe(false);
    }
  });

  it("every category's items ride in the chunk of the route section they link into", () => {
    // The part is a module of the section's chunk, which also holds the section's routes.
    const withPart = scripts.filter(
      (s) =>
        /"?href"?:"\/install-config\/configuration\/"/.test(s.text) &&
        s.text.includes('path:"/install-config/configuration/"'),
    );
    expect(withPart.map((s) => s.name)).toHaveLength(1);
  });
});

describe('first-load scripts', () => {
  const main = scripts.find((s) => /^main\.[0-9a-f]+\.js$/.test(s.name));
  const runtime = scripts.find((s) => /^runtime~main\.[0-9a-f]+\.js$/.test(s.name));

  it('the route registry carries no module paths (only server rendering reads them)', () => {
    expect(main, 'main.<hash>.js').toBeDefined();
    // Matches, not the whole script, in a failure message. The one left is Docusaurus's own
    // catch-all route, which names its component in code, not in the registry.
    expect(main!.text.match(/"@(site|theme|generated)\/[^"]*"/g) ?? []).toEqual(['"@theme/NotFound"']);
  });

  it('the route table, its chunk names and the docs list hold no page of a section (they load with it)', () => {
    // Every `path:` of a route or a docs-list entry, and every chunk-names key (`"<path>-<hash>"`).
    const paths = [...main!.text.matchAll(/path:"([^"]*)"/g)].map((m) => m[1]);
    const keys = [...main!.text.matchAll(/"(\/[^"]*)-[0-9a-f]{3}"/g)].map((m) => m[1]);
    const pages = new Set(htmlFiles(BUILD_DIR).map(fileRoute));
    expect(pages.size).toBeGreaterThan(250);
    // The home page and the search page are no section's; the other paths are not pages (a plugin's base).
    expect([...new Set(paths.filter((p) => pages.has(p!)))].sort()).toEqual(['/', '/search/']);
    expect([...new Set(keys)].sort()).toEqual(['/', '/search/']);
    // Each page's route is in exactly one script, of its section's; `add-secure-apps` has more pages
    // than one section carries, so its routes are split over the buckets main.js's splits name.
    const routeIn = (route: string) => scripts.filter((s) => s.text.includes(`path:"${route}",component:`));
    const appPages = [
      ...new Set(
        scripts.flatMap((s) => [...s.text.matchAll(/path:"(\/add-secure-apps\/[^"]+)",component:/g)].map((m) => m[1]!)),
      ),
    ].filter((route) => pages.has(route));
    expect(appPages.length).toBeGreaterThan(64);
    for (const page of appPages)
      expect(
        routeIn(page).map((s) => s.name),
        page,
      ).toHaveLength(1);
    const holders = new Set(appPages.flatMap((page) => routeIn(page).map((s) => s.name)));
    expect(main!.text).toMatch(/splits:\{"add-secure-apps":(\d+)\}/);
    const buckets = Number(/splits:\{"add-secure-apps":(\d+)\}/.exec(main!.text)![1]);
    expect(holders.size).toBe(buckets);
    expect(holders.has(main!.name)).toBe(false);
  });

  it("the runtime's chunk maps name the chunks outside sections; each section's chunk names its pages'", () => {
    const files = (text: string) => [...text.matchAll(/"?(\w+)"?:"([0-9a-f]{8})"/g)].map((m) => `${m[1]}.${m[2]}.js`);
    const inRuntime = new Set(files(runtime!.text));
    const registered = scripts.flatMap((s) =>
      [...s.text.matchAll(/\.hashes,(\{[^}]*\})/g)].flatMap((m) => files(m[1]!)),
    );
    // The search worker has a runtime of its own, which names the engine chunk it loads.
    const worker = scripts.find((s) => /\.json\$\/\.test\(\w+\.name\)/.test(s.text));
    const engine = [...worker!.text.matchAll(/\.e\("(\d+)"\)/g)].map((m) => `${m[1]}.`);
    const chunks = scripts
      .filter((s) => s !== main && s !== runtime && !engine.some((id) => s.name.startsWith(id)))
      .map((s) => s.name);
    expect([...inRuntime, ...registered].sort()).toEqual([...chunks].sort());
    // Most chunks are pages: the map every page loads first keeps a fraction of them.
    expect(registered.length).toBeGreaterThan(inRuntime.size * 2);
  });

  it('no tslib: @docusaurus/utils-common is reached without its helpers', () => {
    expect(main!.text.match(/__extends|__decorate|__importStar/g) ?? []).toEqual([]);
  });

  it('the progress bar is its own chunk, loaded only for a slow page change', () => {
    expect(main!.text.includes('role="bar"'), 'nprogress in main.js').toBe(false);
    expect(scripts.filter((s) => s.text.includes('role="bar"')).map((s) => s.name)).toHaveLength(1);
  });

  it("the theme's window-size hook is the one that updates in a transition", () => {
    // A message only theme-common's own hook carries; ours reads the window only in an effect.
    expect(main!.text.includes('should only be called after React hydration'), "theme-common's hook in main.js").toBe(
      false,
    );
  });

  it('chunk files are named by id, so the runtime holds no map of chunk names', () => {
    const chunks = scripts.filter((s) => s !== main && s !== runtime).map((s) => s.name);
    expect(chunks.length).toBeGreaterThan(100);
    expect(chunks.filter((name) => !/^\d+\.[0-9a-f]{8}\.js$/.test(name))).toEqual([]);
  });
});

describe('search worker', () => {
  // The worker's script is the one that reads the index file's address from its own name.
  const worker = scripts.filter((s) => /\.json\$\/\.test\(\w+\.name\)/.test(s.text));

  it('loads the engine as one chunk (a worker loads chunks one after the other), with no indexer in it', () => {
    expect(worker.map((s) => s.name)).toHaveLength(1);
    const loads = [...worker[0]!.text.matchAll(/\.e\("(\d+)"\)/g)].map((m) => m[1]);
    expect(loads, 'chunks the worker loads').toHaveLength(1);
    const engine = scripts.find((s) => s.name.startsWith(`${loads[0]}.`));
    expect(engine?.text).toContain('createWorkerAnswerer');
    // The index is read in the pieces the build wrote; nothing is indexed in the browser.
    expect(engine?.text).not.toContain('MiniSearch');
    expect(scripts.filter((s) => s.text.includes('MiniSearch')).map((s) => s.name)).toEqual([]);
  });
});
