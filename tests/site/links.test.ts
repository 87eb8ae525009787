/**
 * Links in the built HTML. Every internal link, anchor and asset of every page resolves to a file of
 * the build, directly or through the redirect rules, and every fragment names an anchor of the page
 * it reaches. External links are written to reports/external-links.md, grouped by host, and each
 * host must be in tests/data/external-hosts.txt. The logic lives in src/links/crawl.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {SITE_URL} from '../../src/config/site';
import {REDIRECT_RULES} from '../../src/redirects/rules';
import {rulesUnder} from '../../src/redirects/match';
import {filesBelow, isRedirectStub} from '../../src/serve/site';
import {
  checkInternal,
  crawl,
  externalReport,
  formatBroken,
  groupByHost,
  parseAllowList,
  scanHtml,
  unlistedHosts,
  type BrokenLink,
  type CrawlResult,
  type ScannedPage,
  type SiteIndex,
} from '../../src/links/crawl';
import {BUILD_DIR, fileRoute} from './build';
import {at, SITE_BASE} from '../support/server';

const ROOT = path.join(__dirname, '..', '..');
const ALLOW_LIST = path.join(ROOT, 'tests', 'data', 'external-hosts.txt');
const REPORT = path.join(ROOT, 'reports', 'external-links.md');

/**
 * Broken links in markup this project does not write, each with the reason it is let through. Keep
 * this short: every entry hides a link that does not work.
 */
const ACCEPTED: {page: string; url: RegExp; reason: string}[] = [
  {
    page: at('/404.html'),
    url: /\/404\.html\/$/,
    // Docusaurus gives the not-found page a canonical URL, hreflang alternates and og:url made of
    // its file name and a trailing slash (trailingSlash is on). That address does not exist, but
    // nothing follows it: the page answers unknown paths with status 404 and is never indexed.
    reason: 'head metadata of the not-found page',
  },
];

function isAccepted(link: BrokenLink): boolean {
  return ACCEPTED.some((a) => a.page === link.page && a.url.test(link.url));
}

/** Every file of the build, as the decoded paths it is served at (`/img/logo.svg`, or under the base path). */
function servedFiles(dir: string): string[] {
  return filesBelow(dir).map((file) => at(`/${path.relative(dir, file).split(path.sep).join('/')}`));
}

let result: CrawlResult;
let site: SiteIndex;

beforeAll(() => {
  const files = servedFiles(BUILD_DIR);
  const pages = new Map<string, ScannedPage>();
  const anchors = new Map<string, Set<string>>();
  const stubs = new Map<string, string | undefined>();
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const html = fs.readFileSync(path.join(BUILD_DIR, file.slice(SITE_BASE.length)), 'utf8');
    const scanned = scanHtml(html);
    if (isRedirectStub(html)) {
      // A stub only sends the reader on: its links are not checked, links to it follow it.
      stubs.set(file, scanned.refresh);
      continue;
    }
    pages.set(at(fileRoute(path.join(BUILD_DIR, file.slice(SITE_BASE.length)))), scanned);
    anchors.set(file, scanned.anchors);
  }
  site = {files: new Set(files), anchors, stubs, rules: rulesUnder(REDIRECT_RULES, SITE_BASE), base: SITE_BASE};
  result = crawl(pages, site, SITE_URL);
});

describe('links in the built HTML', () => {
  it('finds pages and links to check', () => {
    expect(result.pages).toBeGreaterThan(1);
    expect(result.internalChecked).toBeGreaterThan(result.pages);
    const groups = groupByHost(result.external);
    const urls = [...groups.values()].reduce((n, byUrl) => n + byUrl.size, 0);
    console.info(
      `links: ${result.pages} pages, ${result.internalChecked} internal links checked, ` +
        `${urls} distinct external URLs on ${groups.size} hosts, ${result.mail.length} mail links`,
    );
  });

  it('tells a broken link, anchor or asset of this build from a working one', () => {
    const on = (url: string) => checkInternal(new URL(at(url), SITE_URL), site);
    expect(on('/no-such-page/')).toMatch(/no file/);
    expect(on('/sys-mgmt/certificates/#no-such-anchor')).toMatch(/no id "no-such-anchor"/);
    expect(on('/assets/js/no-such-chunk.js')).toMatch(/no file/);
    expect(on('/sys-mgmt/certificates/')).toBeUndefined();
    // An old address is fine when a redirect rule leads on to a page of the build.
    expect(on('/core/certificates/')).toBeUndefined();
  });

  it('every internal link, anchor and asset resolves to the build or a redirect rule', () => {
    const broken = result.broken.filter((b) => !isAccepted(b));
    expect(broken, `${broken.length} broken link(s):\n${formatBroken(broken)}`).toEqual([]);
  });

  it('each accepted broken link still occurs', () => {
    const stale = ACCEPTED.filter((a) => !result.broken.some((b) => a.page === b.page && a.url.test(b.url)));
    expect(stale.map((a) => `${a.page} ${a.url}: ${a.reason}`)).toEqual([]);
  });

  it('every external link goes to an allowed host, and the report lists them by host', () => {
    const allowList = parseAllowList(fs.readFileSync(ALLOW_LIST, 'utf8'));
    expect(allowList.problems, `${path.relative(ROOT, ALLOW_LIST)}:\n${allowList.problems.join('\n')}`).toEqual([]);

    const groups = groupByHost(result.external);
    fs.mkdirSync(path.dirname(REPORT), {recursive: true});
    fs.writeFileSync(REPORT, externalReport(groups, allowList.hosts, result.mail, result.pages));

    const unlisted = unlistedHosts(groups, allowList.hosts);
    expect(
      unlisted,
      `external hosts missing from ${path.relative(ROOT, ALLOW_LIST)} (add each with a reason, or fix the ` +
        `link; every link is in ${path.relative(ROOT, REPORT)}):\n${unlisted.join('\n')}`,
    ).toEqual([]);
  });
});
