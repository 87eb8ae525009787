/**
 * Pages that machines can read, in the build: `llms.txt` in the llmstxt.org format listing every
 * catalogue page once, a clean Markdown copy of every page, `llms-full.txt` holding them all, each
 * page's head pointing at its copy, and neither the sitemap nor the search index listing a copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readCatalogue} from '../../src/pages/catalogue';
import {OPTIONAL, parseLlmsTxt} from '../../src/markdown-copies/llms';
import {markdownPath} from '../../src/markdown-copies/paths';
import {readBuiltIndex} from '../support/search-index';
import {SITE_URL} from '../../src/config/site';
import {offBase} from '../../src/config/base-url';
import {siteAddress} from '../../src/markdown-copies/convert';
import {BUILD_DIR, builtPages, readPage} from './build';
import {at, SITE_BASE} from '../support/server';

/** The absolute address of a site path on the site under test, base path included. */
const address = (sitePath: string) => siteAddress(sitePath, `${SITE_URL}${SITE_BASE}`).href;
/** The site path of an absolute address of this site. */
const sitePathOf = (url: string) => offBase(SITE_BASE, new URL(url).pathname) ?? new URL(url).pathname;

const catalogue = readCatalogue();
const read = (file: string) => fs.readFileSync(path.join(BUILD_DIR, file), 'utf8');
const copyOf = (route: string) => read(markdownPath(route));

/** The copy's text outside code, where no JSX, directive or import may be. */
function prose(markdown: string): string {
  return markdown.replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/(`+)[^`]*?\1/g, '');
}

/** Every link and image address of a Markdown text (inline and reference definitions). */
function addresses(markdown: string): string[] {
  const text = prose(markdown);
  return [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]*)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!),
  ];
}

describe('llms.txt', () => {
  const parsed = parseLlmsTxt(read('llms.txt'));

  it('is in the llmstxt.org format: the site name, a summary, H2 sections of links, Optional last', () => {
    expect(parsed.title).toBe('authentik');
    expect(parsed.summary.length).toBeGreaterThan(80);
    expect(parsed.sections.length).toBeGreaterThan(5);
    expect(parsed.sections.at(-1)!.title).toBe(OPTIONAL);
    expect(parsed.sections.map((s) => s.title)).not.toContain('Other pages');
  });

  it('lists every catalogue page exactly once, by the absolute address of its Markdown copy', () => {
    const urls = parsed.sections.flatMap((s) => s.links.map((l) => l.url));
    const expected = catalogue.map((row) => address(markdownPath(row.route)));
    expect(urls.filter((url, i) => urls.indexOf(url) !== i)).toEqual([]);
    expect([...urls].sort()).toEqual([...expected].sort());
    const titles = new Map(parsed.sections.flatMap((s) => s.links.map((l) => [l.url, l.title])));
    for (const row of catalogue) {
      if (row.title !== '(choose)') expect(titles.get(address(markdownPath(row.route)))).toBe(row.title);
    }
  });

  it('puts release notes and advisories under Optional, and only them', () => {
    const optional = parsed.sections.at(-1)!.links.map((l) => sitePathOf(l.url));
    expect(optional.length).toBeGreaterThan(10);
    for (const p of optional) expect(p).toMatch(/^\/(releases|security\/cves)\//);
    const rest = parsed.sections.slice(0, -1).flatMap((s) => s.links.map((l) => sitePathOf(l.url)));
    for (const p of rest) expect(p).not.toMatch(/^\/(releases|security\/cves)\//);
  });
});

describe('the Markdown copy of every page', () => {
  it('exists, starts with "# <title>" and holds no import, JSX tag, directive or badge syntax', () => {
    const problems: string[] = [];
    for (const row of catalogue) {
      const file = path.join(BUILD_DIR, markdownPath(row.route));
      if (!fs.existsSync(file)) {
        problems.push(`${row.route}: no ${markdownPath(row.route)}`);
        continue;
      }
      const markdown = fs.readFileSync(file, 'utf8');
      const title = readPage(path.join(BUILD_DIR, row.route, 'index.html'))
        .$('h1')
        .first()
        .text();
      if (!markdown.startsWith(`# ${title}\n`)) problems.push(`${row.route}: does not start with "# ${title}"`);
      const text = prose(markdown);
      for (const [what, pattern] of [
        ['an import line', /^import\s+(?:['"]|.*\bfrom\s*['"])/m],
        ['a JSX or HTML tag', /<\/?[A-Za-z][\w.-]*(\s[^>]*)?\/?>/],
        ['a ::: directive', /:::/],
        ['badge syntax', /:ak-/],
        ['front matter', /^---\n[\s\S]*?\n---$/m],
      ] as const) {
        if (pattern.test(text)) problems.push(`${row.route}: ${what}: ${pattern.exec(text)![0].slice(0, 60)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('links only to absolute addresses', () => {
    const relative: string[] = [];
    for (const row of catalogue) {
      for (const url of addresses(copyOf(row.route))) {
        if (!/^(https?:|mailto:)/.test(url)) relative.push(`${row.route}: ${url}`);
      }
    }
    expect(relative).toEqual([]);
  });

  it('links to pages of this site that exist, and to images that exist', () => {
    const pages = builtPages();
    const broken: string[] = [];
    for (const row of catalogue) {
      for (const url of addresses(copyOf(row.route))) {
        if (!url.startsWith(address('/'))) continue;
        const pathname = decodeURIComponent(sitePathOf(url));
        if (!pages.has(pathname) && !fs.existsSync(path.join(BUILD_DIR, pathname))) broken.push(`${row.route}: ${url}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps tabs as headed sections, admonitions as quotes, badges as words, generated tables filled', () => {
    const beta = copyOf('/install-config/beta/');
    expect(beta).toMatch(/^### Docker Compose$/m);
    expect(beta).toMatch(/^### Kubernetes$/m);
    expect(beta).toMatch(/^> \*\*Warning:\*\* /m);
    expect(copyOf('/install-config/configuration/')).toContain('authentik 2024.12+');
    expect(copyOf('/security/policy/')).toMatch(
      /\| \[CVE-2024-52289\]\(https:\/\/[^)]+\/security\/cves\/CVE-2024-52289\/\) \|/,
    );
    expect(copyOf('/releases/')).toMatch(/\| \[2025\.8\]\(https:\/\/[^)]+\/releases\/2025\.8\/\) \|/);
  });
});

describe('llms-full.txt', () => {
  const full = read('llms-full.txt');
  it('holds every page in llms.txt order, each headed by its title and canonical address', () => {
    const order = parseLlmsTxt(read('llms.txt')).sections.flatMap((s) => s.links.map((l) => l.url));
    let at = -1;
    for (const url of order) {
      const route = sitePathOf(url).replace(/index\.html\.md$/, '');
      const copy = copyOf(route);
      const title = copy.slice(0, copy.indexOf('\n'));
      const entry = `${title}\n\nSource: ${address(route)}\n\n`;
      const found = full.indexOf(entry, at + 1);
      expect(found, `${route} missing or out of order`).toBeGreaterThan(at);
      at = found;
    }
  });
});

describe('pages point at their copy; nothing else lists the copies', () => {
  it('every page carries <link rel="alternate" type="text/markdown"> to its copy', () => {
    const missing: string[] = [];
    for (const row of catalogue) {
      const $ = readPage(path.join(BUILD_DIR, row.route, 'index.html')).$;
      const href = $('head link[rel="alternate"][type="text/markdown"]').attr('href');
      if (href !== at(markdownPath(row.route))) missing.push(`${row.route}: ${String(href)}`);
      if ($(`a[href="${at(markdownPath(row.route))}"]`).text() !== 'View as Markdown')
        missing.push(`${row.route}: no link`);
    }
    expect(missing).toEqual([]);
  });

  it('the sitemap and the search index do not list them', () => {
    expect(read('sitemap.xml')).not.toMatch(/\.md</);
    const {records} = readBuiltIndex(BUILD_DIR);
    expect(records.length).toBeGreaterThan(1000);
    expect(records.filter((r) => /\.md(#|$)/.test(r.url))).toEqual([]);
  });
});
