/**
 * The built site against the catalogue: every route exists with its title, description, tags and
 * enough prose, and nothing is published that the catalogue does not list. A tag's page lists its
 * first pages and fetches the others; together, and in its Markdown copy, they are every page with
 * the tag.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {describe, expect, it} from 'vitest';
import {ANY_TITLE, readCatalogue} from '../../src/pages/catalogue';
import {MIN_PROSE_WORDS} from '../../src/lint-docs/check';
import {TAG_PAGE_FIRST_ITEMS, TAG_PAGE_WHOLE_UP_TO, type TagListItem} from '../../src/plugins/lean-docs/lean';
import {tagPageTitle} from '../../src/markdown-copies/tags';
import {BUILD_DIR, builtPages, readPage} from './build';

const catalogue = readCatalogue();
const pages = builtPages();
/** The fewest pages a tag may gather: a tag on one or two pages helps no reader. */
const MIN_PAGES_PER_TAG = 3;
const tagsFile = YAML.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'tags.yml'), 'utf8')) as Record<
  string,
  {label: string}
>;
const tagKeys = Object.keys(tagsFile);

/** Pages the site generates on its own, beside the catalogue's. */
function isGenerated(route: string): boolean {
  return route === '/404.html' || route === '/search/' || route === '/tags/' || /^\/tags\/[^/]+\/$/.test(route);
}

describe('catalogue', () => {
  it.each(catalogue.map((row) => [row.route, row] as const))('%s is built as listed', (route, row) => {
    const file = pages.get(route);
    expect(file, `${route} is missing from build/`).toBeDefined();
    const page = readPage(file!);
    const expectedTitle =
      row.title === ANY_TITLE ? expect.stringMatching(/.+ \| authentik$/) : `${row.title} | authentik`;
    expect(page.title).toEqual(route === '/' ? 'Welcome to authentik | authentik' : expectedTitle);
    expect(page.description, 'meta description').toBeTruthy();
    expect(page.description!.length).toBeLessThanOrEqual(160);
    for (const tag of row.tags) expect(page.tags, `tag ${tag}`).toContain(tag);
    expect(page.proseWords, 'words of prose outside code').toBeGreaterThanOrEqual(MIN_PROSE_WORDS);
  });

  it('publishes no page the catalogue does not list', () => {
    const listed = new Set(catalogue.map((row) => row.route));
    const extra = [...pages.keys()].filter((route) => !listed.has(route) && !isGenerated(route));
    expect(extra).toEqual([]);
  });

  it('every page title reads "page title | authentik"', () => {
    for (const [route, file] of pages) {
      if (route === '/404.html') continue;
      expect(readPage(file).title, route).toMatch(/^.+ \| authentik$/);
    }
  });

  it('every page, generated ones included, has a meta description', () => {
    const without = [...pages].filter(([, file]) => !readPage(file).description).map(([route]) => route);
    expect(without).toEqual([]);
  });

  it('has a tag index and a page for each of the 20 tags', () => {
    expect(tagKeys).toHaveLength(20);
    expect(pages.has('/tags/')).toBe(true);
    for (const tag of tagKeys) expect(pages.has(`/tags/${tag}/`), tag).toBe(true);
  });

  it('lists every tag on /tags/ with at least three pages', () => {
    const {$} = readPage(pages.get('/tags/')!);
    const counts = new Map(
      $('main a[rel="tag"]')
        .map((_, link) => [[$(link).attr('href'), Number($(link).find('span').text())] as const])
        .get(),
    );
    for (const tag of tagKeys) expect(counts.get(`/tags/${tag}/`), tag).toBeGreaterThanOrEqual(MIN_PAGES_PER_TAG);
  });

  it.each(tagKeys)('the page of tag %s lists at least three pages, each a catalogue page', (tag) => {
    const {$} = readPage(pages.get(`/tags/${tag}/`)!);
    const listed = $('main article a[href]')
      .map((_, link) => $(link).attr('href'))
      .get();
    expect(listed.length).toBeGreaterThanOrEqual(MIN_PAGES_PER_TAG);
    const routes = new Set(catalogue.map((row) => row.route));
    expect(listed.filter((route) => !routes.has(route))).toEqual([]);
  });

  describe('a tag page lists its first pages, and the others on request', () => {
    // Every page's tags, from its footer.
    const tagged = new Map<string, {route: string; title: string}[]>();
    for (const [route, file] of pages) {
      const page = readPage(file);
      const title = page.$('article h1').first().text();
      for (const tag of page.tags) tagged.set(tag, [...(tagged.get(tag) ?? []), {route, title}]);
    }
    const assets = fs.readdirSync(path.join(BUILD_DIR, 'assets'));

    it('splits at least one list (the security tag has more pages than a page lists whole)', () => {
      expect(tagged.get('security')!.length).toBeGreaterThan(TAG_PAGE_WHOLE_UP_TO);
    });

    it.each(tagKeys)('tag %s: the page, its other pages and its Markdown copy hold every page once', (tag) => {
      const expected = tagged.get(tag)!.sort((a, b) => a.title.localeCompare(b.title));
      const {$} = readPage(pages.get(`/tags/${tag}/`)!);
      const shown = $('main article a[href]')
        .map((_, link) => $(link).attr('href'))
        .get();
      const split = expected.length > TAG_PAGE_WHOLE_UP_TO;
      expect(shown).toHaveLength(split ? TAG_PAGE_FIRST_ITEMS : expected.length);
      expect($('main h1').text()).toBe(tagPageTitle(tagsFile[tag]!.label, expected.length));
      const files = assets.filter((name) => name.startsWith(`tag-list-${tag}.`));
      const button = $('main section button');
      if (split) {
        expect(files).toHaveLength(1);
        expect(button.text()).toBe(`Show the other ${expected.length - shown.length} pages`);
        // Without JavaScript the page points to its copy (the HTML inside <noscript> is text to the parser).
        expect($('main noscript').text()).toMatch(new RegExp(`href="?/tags/${tag}/index\\.html\\.md[" >]`));
      } else {
        expect(files).toEqual([]);
        expect(button).toHaveLength(0);
      }
      const rest = files.length
        ? (JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'assets', files[0]!), 'utf8')) as TagListItem[])
        : [];
      expect([...shown, ...rest.map((item) => item.permalink)]).toEqual(expected.map((page) => page.route));
      const copy = fs.readFileSync(path.join(BUILD_DIR, 'tags', tag, 'index.html.md'), 'utf8');
      const copied = [...copy.matchAll(/^- \[.+?\]\(https?:\/\/[^/]+(\/[^)]*)\)/gm)].map((m) => m[1]);
      expect(copied).toEqual(expected.map((page) => page.route));
    });
  });
});
