/**
 * The link check over the built site, as pure functions: what a page links to, whether an internal
 * link reaches a file (directly or through the redirect rules) and an anchor on it, and how external
 * links are grouped, allowed and reported. Reading the build from disk is left to the caller.
 */
import * as cheerio from 'cheerio';
import {isExternal, redirectChain} from '../redirects/match';
import type {RedirectRule} from '../redirects/rules';

/** One URL found on a page, with the element and attribute it came from, such as `a[href]`. */
export interface FoundLink {
  where: string;
  url: string;
}

/** What a link check needs of one HTML file. */
export interface ScannedPage {
  links: FoundLink[];
  /** Every `id`, and every `name` of an `<a>`, that a fragment can point at. */
  anchors: Set<string>;
  /** Where a `<meta http-equiv="refresh">` sends the reader, if the page has one. */
  refresh: string | undefined;
}

/** Elements and the attributes of theirs that hold a single URL. */
const URL_ATTRIBUTES: readonly (readonly [string, string])[] = [
  ['a', 'href'],
  ['area', 'href'],
  ['link', 'href'],
  ['script', 'src'],
  ['img', 'src'],
  ['source', 'src'],
  ['video', 'src'],
  ['video', 'poster'],
  ['audio', 'src'],
  ['track', 'src'],
  ['iframe', 'src'],
  ['embed', 'src'],
  ['object', 'data'],
  ['use', 'href'],
  ['image', 'href'],
];

/** The URLs of a `srcset`: each candidate is a URL, optionally followed by a width or density. */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let rest = srcset;
  for (;;) {
    rest = rest.replace(/^[\s,]+/, '');
    if (!rest) return urls;
    const url = /^\S+/.exec(rest)![0];
    rest = rest.slice(url.length);
    if (url.endsWith(',')) {
      // No descriptor: the comma right after the URL ends the candidate.
      urls.push(url.replace(/,+$/, ''));
      continue;
    }
    urls.push(url);
    // Skip the descriptor up to the next comma outside parentheses.
    let depth = 0;
    let i = 0;
    for (; i < rest.length; i += 1) {
      const c = rest[i];
      if (c === '(') depth += 1;
      else if (c === ')') depth = Math.max(0, depth - 1);
      else if (c === ',' && depth === 0) break;
    }
    rest = rest.slice(i);
  }
}

/** The URLs of the `url(...)` references in a piece of CSS, such as a `style` attribute. */
export function cssUrls(css: string): string[] {
  const urls: string[] = [];
  for (const match of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi)) {
    const url = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (url) urls.push(url);
  }
  return urls;
}

/** The links, anchors and refresh target of an HTML document. */
export function scanHtml(html: string): ScannedPage {
  const $ = cheerio.load(html);
  const links: FoundLink[] = [];
  const add = (where: string, value: string | undefined) => {
    const url = value?.trim();
    if (url) links.push({where, url});
  };
  for (const [element, attribute] of URL_ATTRIBUTES) {
    $(`${element}[${attribute}]`).each((_, el) => add(`${element}[${attribute}]`, $(el).attr(attribute)));
  }
  // Older SVG markup names the target of <use> and <image> with xlink:href.
  $('use, image').each((_, el) => add(`${el.tagName}[xlink:href]`, $(el).attr('xlink:href')));
  $('img[srcset], source[srcset]').each((_, el) => {
    for (const url of srcsetUrls($(el).attr('srcset') ?? '')) add(`${el.tagName}[srcset]`, url);
  });
  $('[style]').each((_, el) => {
    for (const url of cssUrls($(el).attr('style') ?? '')) add(`${el.tagName}[style]`, url);
  });
  $('style').each((_, el) => {
    for (const url of cssUrls($(el).text())) add('style', url);
  });

  const anchors = new Set<string>();
  $('[id]').each((_, el) => void anchors.add($(el).attr('id') ?? ''));
  $('a[name]').each((_, el) => void anchors.add($(el).attr('name') ?? ''));
  anchors.delete('');

  const content = $('meta[http-equiv]')
    .filter((_, el) => ($(el).attr('http-equiv') ?? '').toLowerCase() === 'refresh')
    .first()
    .attr('content');
  const refresh = content ? /url\s*=\s*['"]?([^'"]+)/i.exec(content)?.[1]?.trim() : undefined;

  return {links, anchors, refresh};
}

/** How a link is treated: checked against the build, reported by host, listed as mail, or left alone. */
export type LinkClass =
  | {kind: 'internal'; url: URL}
  | {kind: 'external'; url: URL}
  | {kind: 'mail'; address: string}
  | {kind: 'skipped'}
  | {kind: 'other'; scheme: string}
  | {kind: 'invalid'};

/** Schemes that lead to nothing a crawl can check: telephone numbers, scripts and inline data. */
const SKIPPED_SCHEMES = new Set(['tel:', 'sms:', 'javascript:', 'data:', 'blob:', 'about:']);

/**
 * Sorts one URL found on the page at `route`. Links to `siteUrl` (the address the site was built
 * for), relative links and site paths are internal; other http(s) links are external.
 */
export function classifyLink(raw: string, route: string, siteUrl: string): LinkClass {
  const site = new URL(siteUrl);
  let url: URL;
  try {
    url = new URL(raw, new URL(route, site));
  } catch {
    return {kind: 'invalid'};
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    return url.host === site.host ? {kind: 'internal', url} : {kind: 'external', url};
  }
  if (url.protocol === 'mailto:') return {kind: 'mail', address: decodeSafely(url.pathname) ?? url.pathname};
  if (SKIPPED_SCHEMES.has(url.protocol)) return {kind: 'skipped'};
  return {kind: 'other', scheme: url.protocol};
}

function decodeSafely(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The built site, as far as a link check needs it. Paths are served paths, decoded: `/x/y/index.html`. */
export interface SiteIndex {
  /** Every file of the build. */
  files: ReadonlySet<string>;
  /** The anchors of every HTML page of the build that is not a redirect stub. */
  anchors: ReadonlyMap<string, ReadonlySet<string>>;
  /** Client-redirect stubs, each with the address its meta refresh sends the reader to. */
  stubs: ReadonlyMap<string, string | undefined>;
  /** The redirect rules, under the site's base path (`rulesUnder`). */
  rules: readonly RedirectRule[];
  /** The path the site is served under; the paths above start with it. `/` when omitted. */
  base?: string;
}

/**
 * The file the server answers a decoded site path with, following its rules: `/x/` is
 * `/x/index.html`; `/x`, `/x.html` and `/x/index.html` reach it too; other paths are files.
 */
export function fileForPath(pathname: string, files: ReadonlySet<string>): string | undefined {
  if (pathname.endsWith('/')) {
    const index = `${pathname}index.html`;
    return files.has(index) ? index : undefined;
  }
  if (files.has(pathname)) return pathname;
  const candidates = [`${pathname}/index.html`];
  if (pathname.endsWith('.html')) candidates.push(`${pathname.slice(0, -'.html'.length)}/index.html`);
  return candidates.find((c) => files.has(c));
}

/** Where an internal link ends: the file of the build, or an address on another site. */
export type Destination = {file: string; pathname: string} | {offsite: string};

/**
 * Follows an internal URL the way the server does: redirect rules first (they win over files), then
 * the file, then a client-redirect stub's refresh. Returns where it ends, or why it does not.
 */
export function resolveInternal(url: URL, site: SiteIndex): Destination | {problem: string} {
  const seen = new Set<string>();
  let current = url;
  for (let hop = 0; hop < 10; hop += 1) {
    const key = current.pathname;
    if (seen.has(key)) return {problem: `redirect loop at ${key}`};
    seen.add(key);
    const pathname = decodeSafely(current.pathname);
    if (pathname === undefined) return {problem: `malformed percent-encoding in ${current.pathname}`};

    const chain = redirectChain(site.rules, current.pathname, 10, site.base);
    const last = chain.at(-1);
    if (last !== undefined) {
      if (isExternal(last)) return {offsite: last};
      const next = new URL(last, current);
      const nextPath = decodeSafely(next.pathname) ?? next.pathname;
      const file = fileForPath(nextPath, site.files);
      if (!file || site.stubs.has(file)) {
        return {problem: `redirect rules send ${current.pathname} to ${last}, which is not a page of the build`};
      }
      return {file, pathname: nextPath};
    }

    const file = fileForPath(pathname, site.files);
    if (!file) return {problem: `no file for ${pathname} in the build, and no redirect rule matches it`};
    if (!site.stubs.has(file)) return {file, pathname};
    const refresh = site.stubs.get(file);
    if (!refresh) return {problem: `${pathname} is a redirect stub without a target`};
    const next = new URL(refresh, current);
    if (next.origin !== url.origin) return {offsite: next.href};
    current = next;
  }
  return {problem: `more than 10 redirects from ${url.pathname}`};
}

/** Why an internal link is broken, or undefined when it reaches its file and its anchor exists. */
export function checkInternal(url: URL, site: SiteIndex): string | undefined {
  const destination = resolveInternal(url, site);
  if ('problem' in destination) return destination.problem;
  if ('offsite' in destination) return undefined;
  const fragment = url.hash.slice(1);
  if (!fragment) return undefined;
  const anchors = site.anchors.get(destination.file);
  // Fragments of non-HTML files (an SVG sprite, a PDF page) are not anchors this check can see.
  if (!anchors) return undefined;
  const decoded = decodeSafely(fragment) ?? fragment;
  // `#top` scrolls to the top of any page (HTML standard), id or not.
  if (anchors.has(decoded) || anchors.has(fragment) || decoded.toLowerCase() === 'top') return undefined;
  return `no id "${decoded}" on ${destination.pathname}`;
}

/** A link that failed the check, with the page it is on and why. */
export interface BrokenLink {
  page: string;
  where: string;
  url: string;
  problem: string;
}

/** An external link, and the page it is on. */
export interface ExternalLink {
  page: string;
  url: URL;
}

/** Everything a crawl of the pages found. */
export interface CrawlResult {
  pages: number;
  internalChecked: number;
  broken: BrokenLink[];
  external: ExternalLink[];
  mail: {page: string; address: string}[];
}

/**
 * Checks every link of `pages` (route to scanned page; leave redirect stubs out) against the site.
 * Answers for one resolved URL are cached: the navigation repeats the same links on every page.
 */
export function crawl(pages: ReadonlyMap<string, ScannedPage>, site: SiteIndex, siteUrl: string): CrawlResult {
  const result: CrawlResult = {pages: pages.size, internalChecked: 0, broken: [], external: [], mail: []};
  const answers = new Map<string, string | undefined>();
  for (const [page, scanned] of pages) {
    for (const {where, url: raw} of scanned.links) {
      const link = classifyLink(raw, page, siteUrl);
      switch (link.kind) {
        case 'internal': {
          result.internalChecked += 1;
          const key = `${link.url.pathname}#${link.url.hash}`;
          if (!answers.has(key)) answers.set(key, checkInternal(link.url, site));
          const problem = answers.get(key);
          if (problem) result.broken.push({page, where, url: raw, problem});
          break;
        }
        case 'external':
          result.external.push({page, url: link.url});
          break;
        case 'mail':
          result.mail.push({page, address: link.address});
          break;
        case 'invalid':
          result.broken.push({page, where, url: raw, problem: 'not a valid URL'});
          break;
        case 'other':
          result.broken.push({page, where, url: raw, problem: `unexpected scheme ${link.scheme}`});
          break;
        case 'skipped':
          break;
      }
    }
  }
  return result;
}

/** One line per broken link: page, element, link and reason, in page order. */
export function formatBroken(broken: readonly BrokenLink[]): string {
  return broken.map((b) => `${b.page}: ${b.where} "${b.url}": ${b.problem}`).join('\n');
}

/** The allow-list of external hosts: one host a line, each with a `#` comment that says why. */
export interface AllowList {
  hosts: Map<string, string>;
  problems: string[];
}

export function parseAllowList(text: string): AllowList {
  const hosts = new Map<string, string>();
  const problems: string[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const hash = line.indexOf('#');
    const host = (hash === -1 ? line : line.slice(0, hash)).trim();
    const reason = hash === -1 ? '' : line.slice(hash + 1).trim();
    const where = `line ${index + 1}`;
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(host)) {
      problems.push(`${where}: "${host}" is not a lower-case host name`);
    }
    if (!reason) problems.push(`${where}: ${host} has no comment that says why it is allowed`);
    if (hosts.has(host)) problems.push(`${where}: ${host} is listed twice`);
    hosts.set(host, reason);
  });
  return {hosts, problems};
}

/** External links by host (lower case, no port), then by URL, with the pages that use each URL. */
export type HostGroups = Map<string, Map<string, Set<string>>>;

export function groupByHost(external: readonly ExternalLink[]): HostGroups {
  const groups: HostGroups = new Map();
  for (const {page, url} of external) {
    const host = url.hostname.toLowerCase();
    const urls = groups.get(host) ?? new Map<string, Set<string>>();
    groups.set(host, urls);
    const pages = urls.get(url.href) ?? new Set<string>();
    urls.set(url.href, pages);
    pages.add(page);
  }
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}

/** Hosts that links use but the allow-list does not name, each with a few of its URLs. */
export function unlistedHosts(groups: HostGroups, allowed: ReadonlyMap<string, string>): string[] {
  return [...groups]
    .filter(([host]) => !allowed.has(host))
    .map(([host, urls]) => {
      const sample = [...urls].slice(0, 3).map(([url, pages]) => `${url} (on ${[...pages][0]})`);
      return `${host}: ${sample.join(', ')}${urls.size > 3 ? ` and ${urls.size - 3} more` : ''}`;
    });
}

function pagesOf(urls: Map<string, Set<string>>): Set<string> {
  return new Set([...urls.values()].flatMap((pages) => [...pages]));
}

function listPages(pages: Iterable<string>, limit = 12): string {
  const all = [...pages].sort();
  const shown = all.slice(0, limit).map((p) => `\`${p}\``);
  return all.length > limit ? `${shown.join(', ')} and ${all.length - limit} more` : shown.join(', ');
}

/** The external-link report, in Markdown: a summary table by host, then every URL and its pages. */
export function externalReport(
  groups: HostGroups,
  allowed: ReadonlyMap<string, string>,
  mail: readonly {page: string; address: string}[],
  pages: number,
): string {
  const linkCount = (urls: Map<string, Set<string>>) => [...urls.values()].reduce((n, p) => n + p.size, 0);
  const total = [...groups.values()].reduce((n, urls) => n + linkCount(urls), 0);
  const distinct = [...groups.values()].reduce((n, urls) => n + urls.size, 0);
  const lines = [
    '# External links of the built site',
    '',
    `${pages} pages link to ${groups.size} external hosts: ${distinct} distinct URLs, ${total} links ` +
      '(a URL counts once per page). Hosts must be listed in `tests/data/external-hosts.txt`.',
    '',
    '| Host | Allowed | URLs | Links | Pages |',
    '| --- | --- | ---: | ---: | ---: |',
    ...[...groups].map(
      ([host, urls]) =>
        `| ${host} | ${allowed.has(host) ? 'yes' : '**no**'} | ${urls.size} | ${linkCount(urls)} | ${pagesOf(urls).size} |`,
    ),
    '',
  ];
  for (const [host, urls] of groups) {
    lines.push(`## ${host}`, '');
    lines.push(allowed.has(host) ? `Allowed: ${allowed.get(host)}` : '**Not in the allow-list.**', '');
    for (const [url, on] of [...urls].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`- <${url}> (${on.size} ${on.size === 1 ? 'page' : 'pages'}): ${listPages(on)}`);
    }
    lines.push('');
  }
  const unused = [...allowed.keys()].filter((host) => !groups.has(host)).sort();
  lines.push('## Allowed hosts no link uses', '', unused.length ? unused.map((h) => `- ${h}`).join('\n') : 'None.', '');
  const addresses = new Map<string, Set<string>>();
  for (const {page, address} of mail) addresses.set(address, (addresses.get(address) ?? new Set()).add(page));
  lines.push('## Mail addresses', '');
  if (!addresses.size) lines.push('None.');
  for (const [address, on] of [...addresses].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`- ${address} (${on.size} ${on.size === 1 ? 'page' : 'pages'}): ${listPages(on)}`);
  }
  lines.push('');
  return lines.join('\n');
}
