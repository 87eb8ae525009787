/**
 * Links in the built HTML. Every internal link and asset (href or src on a, link, script, img and
 * source, and srcset) resolves to a file of the build or to a redirect rule that ends on one, and an
 * anchor names an id on its target page. Every external link goes to a host of the allow-list in
 * tests/data/external-hosts.txt. All external links, grouped by host, are written to
 * test-results/external-links.txt for review.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {describe, expect, it} from 'vitest';
import {REDIRECT_RULES} from '../../src/redirects/rules';
import {isExternal, redirectChain} from '../../src/redirects/match';
import {SITE_URL} from '../../src/config/site';
import {htmlFiles, isRedirectStub} from '../../src/serve/site';
import {BUILD_DIR, fileRoute} from './build';

const ROOT = path.join(__dirname, '..', '..');
const ALLOW_LIST = path.join(ROOT, 'tests', 'data', 'external-hosts.txt');
const REPORT = path.join(ROOT, 'test-results', 'external-links.txt');
/** The site's own address: absolute links to it (canonical, og:url) are checked as internal ones. */
const SITE_HOST = new URL(SITE_URL).host;

interface Link {
  /** The page the link is on, as a route. */
  page: string;
  /** The element and attribute it comes from, such as `a[href]`. */
  where: string;
  url: string;
}

/** Every link of every HTML file of the build, redirect stubs included. */
function collectLinks(): {links: Link[]; files: number} {
  const links: Link[] = [];
  const files = htmlFiles(BUILD_DIR);
  for (const file of files) {
    const page = fileRoute(file);
    const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
    const add = (where: string, value: string | undefined) => {
      const url = value?.trim();
      if (url) links.push({page, where, url});
    };
    for (const [selector, attribute] of [
      ['a', 'href'],
      ['link', 'href'],
      ['script', 'src'],
      ['img', 'src'],
      ['source', 'src'],
    ] as const) {
      $(`${selector}[${attribute}]`).each((_, el) => add(`${selector}[${attribute}]`, $(el).attr(attribute)));
    }
    $('img[srcset], source[srcset]').each((_, el) => {
      for (const candidate of ($(el).attr('srcset') ?? '').split(','))
        add(`${el.tagName}[srcset]`, candidate.trim().split(/\s+/)[0]);
    });
  }
  return {links, files: files.length};
}

/** The allow-list: one host a line, each with a `#` comment that says why it is allowed. */
function readAllowList(): {hosts: Set<string>; problems: string[]} {
  const hosts = new Set<string>();
  const problems: string[] = [];
  fs.readFileSync(ALLOW_LIST, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.trim();
      if (!line || line.startsWith('#')) return;
      const [host, ...comment] = line.split('#');
      const name = host!.trim();
      if (!/^[a-z0-9.-]+(:\d+)?$/.test(name)) problems.push(`line ${index + 1}: "${name}" is not a host name`);
      if (!comment.join('#').trim())
        problems.push(`line ${index + 1}: ${name} has no comment saying why it is allowed`);
      if (hosts.has(name)) problems.push(`line ${index + 1}: ${name} is listed twice`);
      hosts.add(name);
    });
  return {hosts, problems};
}

/**
 * Links that are broken in markup this project cannot change, each with the reason. Keep it short: an
 * entry here hides a broken link.
 */
const KNOWN_BROKEN: {page: string; where: string; url: RegExp; reason: string}[] = [
  {
    page: '/404.html',
    where: 'link[href]',
    url: /\/404\.html\/$/,
    // Docusaurus writes the not-found page's canonical and hreflang links as its route plus the
    // trailing slash (trailingSlash: true), an address that does not exist. Nobody follows them: the
    // page is served for unknown paths, and search engines do not index a 404 answer.
    reason: 'canonical and hreflang links of the not-found page',
  },
];

const {links, files} = collectLinks();
const idCache = new Map<string, Set<string> | undefined>();

/** The ids (and legacy `a[name]`s) of an HTML file of the build. */
function idsOf(file: string): Set<string> {
  if (!idCache.has(file)) {
    const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
    const ids = new Set<string>();
    $('[id]').each((_, el) => void ids.add($(el).attr('id')!));
    $('a[name]').each((_, el) => void ids.add($(el).attr('name')!));
    idCache.set(file, ids);
  }
  return idCache.get(file)!;
}

const stubCache = new Map<string, boolean>();

/** True for a client-redirect stub, which only sends the reader on to a page's new address. */
function isStub(file: string): boolean {
  if (!stubCache.has(file))
    stubCache.set(file, file.endsWith('.html') && isRedirectStub(fs.readFileSync(file, 'utf8')));
  return stubCache.get(file)!;
}

/** The file of the build a site path is served from, if any. */
function fileFor(pathname: string): string | undefined {
  const relative = decodeURIComponent(pathname).replace(/^\/+/, '');
  const candidates = pathname.endsWith('/')
    ? [path.join(BUILD_DIR, relative, 'index.html')]
    : [path.join(BUILD_DIR, relative), path.join(BUILD_DIR, relative, 'index.html')];
  return candidates.find((c) => c.startsWith(BUILD_DIR) && fs.existsSync(c) && fs.statSync(c).isFile());
}

/** Why an internal link is broken, or undefined when it resolves (through redirects if need be). */
function problemWith(link: Link): string | undefined {
  const base = new URL(link.page, 'http://site.invalid');
  const url = new URL(link.url.replace(new RegExp(`^https?://${SITE_HOST.replace(/\./g, '\\.')}(?=/|$)`), ''), base);
  let file = fileFor(url.pathname);
  let pathname = url.pathname;
  if (!file || isStub(file)) {
    // An old address (no file, or a client-redirect stub) is fine when a redirect rule leads on to a
    // page that exists; its anchor is looked for on that page.
    const hops = redirectChain(REDIRECT_RULES, url.pathname);
    const last = hops.at(-1);
    if (!last && file) return `${url.pathname} is a redirect stub, but no redirect rule matches it`;
    if (!last) return `no file ${url.pathname} in the build and no redirect rule for it`;
    if (isExternal(last)) return undefined;
    pathname = new URL(last, base).pathname;
    file = fileFor(pathname);
    if (!file) return `redirects to ${last}, which is not in the build`;
  }
  const hash = decodeURIComponent(url.hash.slice(1));
  if (hash && file.endsWith('.html') && !idsOf(file).has(hash)) return `no id "${hash}" on ${pathname}`;
  return undefined;
}

/** Links that lead nowhere to check: mail, telephone, scripts, inline data, and the page's own top. */
function isSkipped(url: string): boolean {
  return /^(mailto|tel|javascript|data|blob):/i.test(url) || url === '#';
}

function isExternalLink(url: string): boolean {
  if (url.startsWith('//')) return true;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) return false;
  return !URL.canParse(url) || new URL(url).host !== SITE_HOST;
}

describe('links in the built HTML', () => {
  const checked = links.filter((l) => !isSkipped(l.url));
  const internal = checked.filter((l) => !isExternalLink(l.url));
  const external = checked.filter((l) => isExternalLink(l.url));

  it('finds pages and links to check', () => {
    expect(files).toBeGreaterThan(1);
    expect(internal.length).toBeGreaterThan(files);
  });

  it('tells a broken link, anchor or asset from a working one', () => {
    const on = (url: string) => problemWith({page: '/', where: 'a[href]', url});
    expect(on('/no-such-page/')).toMatch(/no file/);
    expect(on('/sys-mgmt/certificates/#no-such-anchor')).toMatch(/no id "no-such-anchor"/);
    expect(on('/assets/js/no-such-chunk.js')).toMatch(/no file/);
    expect(on('/sys-mgmt/certificates/')).toBeUndefined();
    // An old address is fine when a redirect rule leads on to a page of the build.
    expect(on('/core/certificates/')).toBeUndefined();
    expect(isExternalLink('https://unknown.example/')).toBe(true);
    expect(readAllowList().hosts.has('unknown.example')).toBe(false);
  });

  it('every internal link, anchor and asset resolves to the build or a redirect rule', () => {
    const broken = new Map<string, string[]>();
    for (const link of internal) {
      if (KNOWN_BROKEN.some((k) => k.page === link.page && k.where === link.where && k.url.test(link.url))) continue;
      let problem: string | undefined;
      try {
        problem = problemWith(link);
      } catch (error) {
        problem = `cannot be read: ${(error as Error).message}`;
      }
      if (!problem) continue;
      const key = `${link.where} ${link.url}: ${problem}`;
      broken.set(key, [...(broken.get(key) ?? []), link.page]);
    }
    const lines = [...broken].map(
      ([key, pages]) =>
        `${key}\n    on ${pages.slice(0, 5).join(', ')}${pages.length > 5 ? ` and ${pages.length - 5} more` : ''}`,
    );
    expect(lines, `${lines.length} broken internal link(s):\n${lines.join('\n')}`).toEqual([]);
  });

  it('every external link goes to an allowed host, and the report lists them all', () => {
    const {hosts, problems} = readAllowList();
    expect(problems, `${path.relative(ROOT, ALLOW_LIST)}:\n${problems.join('\n')}`).toEqual([]);

    const byHost = new Map<string, Map<string, Set<string>>>();
    for (const link of external) {
      const url = link.url.startsWith('//') ? `https:${link.url}` : link.url;
      const host = URL.canParse(url) ? new URL(url).host : `(not a URL) ${url}`;
      const urls = byHost.get(host) ?? new Map<string, Set<string>>();
      urls.set(url, (urls.get(url) ?? new Set()).add(link.page));
      byHost.set(host, urls);
    }
    const sorted = [...byHost].sort(([a], [b]) => a.localeCompare(b));
    const report = [
      `# External links in ${path.relative(ROOT, BUILD_DIR) || BUILD_DIR}, grouped by host.`,
      `# ${sorted.reduce((n, [, urls]) => n + urls.size, 0)} distinct links to ${sorted.length} hosts from ${files} HTML files.`,
      '',
      ...sorted.flatMap(([host, urls]) => [
        `${host}${hosts.has(host) ? '' : '  (NOT ALLOWED)'}: ${urls.size} link(s)`,
        ...[...urls]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([url, pages]) => `  ${url}  (on ${pages.size} page(s), e.g. ${[...pages][0]})`),
        '',
      ]),
      `# Allowed hosts no link uses: ${[...hosts].filter((h) => !byHost.has(h)).join(', ') || 'none'}`,
      '',
    ].join('\n');
    fs.mkdirSync(path.dirname(REPORT), {recursive: true});
    fs.writeFileSync(REPORT, report);

    const unknown = sorted
      .filter(([host]) => !hosts.has(host))
      .map(([host, urls]) => `${host}: ${[...urls.keys()].slice(0, 3).join(', ')}${urls.size > 3 ? ', …' : ''}`);
    expect(
      unknown,
      `external links to hosts missing from ${path.relative(ROOT, ALLOW_LIST)} (add each with a reason, or remove the links; see ${path.relative(ROOT, REPORT)}):\n${unknown.join('\n')}`,
    ).toEqual([]);
  });
});
