/**
 * The built site against the catalogue: every route exists with its title, description, tags and
 * enough prose, and nothing is published that the catalogue does not list.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {describe, expect, it} from 'vitest';
import {ANY_TITLE, readCatalogue} from '../../src/catalogue';
import {MIN_PROSE_WORDS} from '../../src/lint-docs/check';
import {LANDED_PARTS, builtPages, readPage} from './build';

const everyRow = readCatalogue();
const catalogue = everyRow.filter((row) => LANDED_PARTS.includes(row.part));
const pages = builtPages();
const tagKeys = Object.keys(YAML.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'tags.yml'), 'utf8')));

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

  it('names only parts that exist', () => {
    const parts = new Set(everyRow.map((row) => row.part));
    expect(LANDED_PARTS.filter((part) => !parts.has(part))).toEqual([]);
  });

  it('publishes no page the catalogue does not list', () => {
    const listed = new Set(everyRow.map((row) => row.route));
    const extra = [...pages.keys()].filter((route) => !listed.has(route) && !isGenerated(route));
    expect(extra).toEqual([]);
  });

  it('every page title reads "page title | authentik"', () => {
    for (const [route, file] of pages) {
      if (route === '/404.html') continue;
      expect(readPage(file).title, route).toMatch(/^.+ \| authentik$/);
    }
  });

  it('has a tag index and a page for each of the 20 tags', () => {
    expect(tagKeys).toHaveLength(20);
    expect(pages.has('/tags/')).toBe(true);
    for (const tag of tagKeys) expect(pages.has(`/tags/${tag}/`), tag).toBe(true);
  });
});
