/** The generated files of the build: release data, hosting files and the search index. */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseAllRedirects} from 'netlify-redirect-parser';
import {REDIRECT_RULES} from '../../src/redirects/rules';
import {netlifyRedirectLines, sectionsOf, withoutLeadingSplats} from '../../src/redirects/match';
import {readCatalogue} from '../../src/pages/catalogue';
import {markdownPath, shortMarkdownPath} from '../../src/markdown-copies/paths';
import {readBuiltIndex} from '../support/search-index';
import {BUILD_DIR, builtPages, readPage} from './build';
import {htmlFiles} from '../../src/serve/site';
import {SERVER_FILES} from '../../src/serve/nginx';

const docsDir = path.join(__dirname, '..', '..', 'docs');

describe('releases.gen.json', () => {
  const json = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, 'releases.gen.json'), 'utf8'));
  it('lists every release with notes, newest first, and names 2025.8 the latest', () => {
    // The folders of the release notes, in no particular order, and an order computed here, not
    // by the code under test: every version's numbers compared as numbers.
    const folders = fs
      .readdirSync(path.join(docsDir, 'releases'), {withFileTypes: true})
      .filter((e) => e.isDirectory() && /^\d+\.\d+$/.test(e.name))
      .map((e) => e.name);
    const versions: string[] = json.releases.map((r: {version: string}) => r.version);
    expect([...versions].sort()).toEqual([...folders].sort());
    const numbers = (v: string) => v.split('.').map(Number) as [number, number];
    for (let i = 1; i < versions.length; i += 1) {
      const [a, b] = [numbers(versions[i - 1]!), numbers(versions[i]!)];
      expect(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]), `${versions[i - 1]} before ${versions[i]}`).toBe(true);
    }
    expect(json.latest).toBe('2025.8');
    expect(versions[0]).toBe('2025.8');
    expect(versions.at(-1)).toBe('0.9');
    for (const release of json.releases) {
      expect(release).toEqual({
        version: expect.stringMatching(/^\d+\.\d+$/),
        title: expect.stringContaining(release.version),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        url: `/releases/${release.version}/`,
      });
    }
  });
});

describe('_redirects', () => {
  it("states the rule list, in order, as Netlify's own parser reads it", async () => {
    const {redirects, errors} = await parseAllRedirects({
      redirectsFiles: [path.join(BUILD_DIR, '_redirects')],
      configRedirects: [],
      minimal: false,
    });
    expect(errors).toEqual([]);
    const expected = netlifyRedirectLines(
      withoutLeadingSplats(REDIRECT_RULES, sectionsOf([...builtPages().keys()])),
    ).map(({from, to}) => ({from, to, status: 301, force: true}));
    // Then the short form of every page's Markdown copy, rewritten to the copy.
    for (const route of readCatalogue()
      .map((row) => row.route)
      .sort()) {
      const short = shortMarkdownPath(route);
      if (short) expected.push({from: short, to: markdownPath(route), status: 200, force: false});
    }
    expected.push(...SERVER_FILES.map((from) => ({from, to: '/404.html', status: 404, force: true})));
    expect(
      (redirects as {from: string; to: string; status: number; force: boolean}[]).map(({from, to, status, force}) => ({
        from,
        to,
        status,
        force,
      })),
    ).toEqual(expected);
  });
});

describe('heading anchors', () => {
  it('never end in a hyphen (the space before a badge kept in the heading)', () => {
    const bad: string[] = [];
    for (const [route, file] of builtPages()) {
      for (const id of readPage(file).ids) if (/-$/.test(id)) bad.push(`${route}#${id}`);
    }
    expect(bad).toEqual([]);
  });
});

describe('robots.txt', () => {
  it('lets every page be crawled and names the sitemap, which exists', () => {
    expect(fs.readFileSync(path.join(BUILD_DIR, 'robots.txt'), 'utf8')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://docs.goauthentik.io/sitemap.xml\n',
    );
    expect(fs.existsSync(path.join(BUILD_DIR, 'sitemap.xml'))).toBe(true);
  });
});

describe('test-only pages', () => {
  it('are not in the production build', () => {
    expect(fs.existsSync(path.join(BUILD_DIR, 'test'))).toBe(false);
    const js = path.join(BUILD_DIR, 'assets', 'js');
    const naming = fs
      .readdirSync(js)
      .filter((f) => fs.readFileSync(path.join(js, f), 'utf8').includes('Deliberate crash'));
    expect(naming).toEqual([]);
  });
});

describe('hosting files', () => {
  it('ship _headers and a ready nginx configuration', () => {
    const headers = fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8');
    expect(headers).toMatch(/Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-/);
    expect(headers).toContain('Strict-Transport-Security');
    const nginx = fs.readFileSync(path.join(BUILD_DIR, 'nginx.conf'), 'utf8');
    expect(nginx).toContain('root /var/www/authentik-docs;');
    expect(nginx).toContain('Strict-Transport-Security');
  });
});

describe('search index', () => {
  const assets = path.join(BUILD_DIR, 'assets');
  const files = fs.readdirSync(assets).filter((f) => /^search-index\.[0-9a-f]{10}\.json$/.test(f));
  it('is one index file with a content hash in its name, which names a folder of pieces named by their contents', () => {
    expect(files).toHaveLength(1);
    const {meta, pieces, records} = readBuiltIndex(BUILD_DIR);
    expect(meta.dir).toMatch(/^search-[0-9a-f]{10}$/);
    // No folder of an older index is left beside it.
    expect(fs.readdirSync(assets).filter((f) => /^search-[0-9a-f]+$/.test(f))).toEqual([meta.dir]);
    const count = (kind: string) => pieces.filter((f) => new RegExp(`^${kind}\\d+\\.json$`).test(f)).length;
    expect(count('v')).toBe(meta.blocks.length);
    expect(count('r')).toBe(Math.ceil(meta.documentCount / meta.recordsPerFile));
    expect(count('v') + count('p') + count('r')).toBe(pieces.length);
    expect(records).toHaveLength(meta.documentCount);
  });
  it('points every record at a page and heading that exist', () => {
    const {meta, records} = readBuiltIndex(BUILD_DIR);
    expect(records.map((r) => r.objectID)).toEqual(records.map((_, i) => String(i)));
    const pages = builtPages();
    const ids = new Map<string, Set<string>>();
    const missing: string[] = [];
    for (const record of records) {
      const route = record.url_without_anchor.slice(meta.site.length);
      const file = pages.get(route);
      if (!file) {
        missing.push(record.url);
        continue;
      }
      if (!ids.has(route)) ids.set(route, readPage(file).ids);
      if (record.anchor && !ids.get(route)!.has(record.anchor)) missing.push(record.url);
    }
    expect(missing).toEqual([]);
    expect(new Set(records.map((r) => r.url_without_anchor)).size).toBe(
      pages.size -
        [...pages.keys()].filter((r) => r === '/404.html' || r === '/search/' || r.startsWith('/tags/')).length,
    );
  });
  it('is not linked, preloaded or prefetched by any page; only the global data names its address', () => {
    // Every HTML file of the build, not one page: a preload or prefetch anywhere would load it.
    const pagesNaming = htmlFiles(BUILD_DIR).filter((file) => fs.readFileSync(file, 'utf8').includes('search-index.'));
    expect(pagesNaming.map((file) => path.relative(BUILD_DIR, file))).toEqual([]);
    // The main bundle carries the address as plugin data for the search code that loads on demand;
    // that is the only mention, so no code that runs with every page asks for it by name.
    const js = path.join(assets, 'js');
    const mentions = fs
      .readdirSync(js)
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) =>
        [...fs.readFileSync(path.join(js, f), 'utf8').matchAll(/.{0,24}search-index\./g)].map((m) => `${f}: ${m[0]}`),
      );
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatch(/^main\.[0-9a-f]+\.js: .*"indexUrl":"\/assets\/search-index\./);
  });
});
