/**
 * The page a static host serves at an old address when it cannot answer with a real 301: valid
 * HTML that sends the reader on at once (script, keeping the query and fragment; meta refresh
 * without script) and, should both be off, says where the page went with a link to it.
 */
import {escapeHtml} from '../html';
import {oldPathsFor} from './match';
import {assertSafeTarget} from './safe';
import type {RedirectRule} from './rules';

/** What a stub needs to know of the page it sends the reader to. */
export interface StubTarget {
  /** The site path of the page, such as `/sys-mgmt/certificates/`. */
  route: string;
  /** The page's `<title>` as it appears in its HTML (entities already escaped). */
  titleHtml: string;
  /** The address the site is published at, for the canonical link. */
  siteUrl: string;
  /** The path the site is served under; `route` is below it. */
  base?: string;
}

export function redirectStubHtml({route, titleHtml, siteUrl, base = '/'}: StubTarget): string {
  assertSafeTarget(route, 'redirect stub', base);
  const href = escapeHtml(route);
  const canonical = escapeHtml(new URL(route, siteUrl).href);
  // The link names the page alone, without the site name that ends its title.
  const linkText = titleHtml.replace(/\s+\|[^|]*$/, '') || titleHtml;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${titleHtml}</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${href}">
<link rel="canonical" href="${canonical}">
<script>location.replace(${JSON.stringify(route).replace(/</g, '\\u003c')} + location.search + location.hash)</script>
</head>
<body>
<p>This page has moved to <a href="${href}">${linkText}</a>.</p>
</body>
</html>
`;
}

/** The `<title>` of a built page, as written in its HTML, or undefined when it has none. */
export function titleOf(html: string): string | undefined {
  return /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim() || undefined;
}

/**
 * Every stub a build needs: for each route, the old addresses that the rules send to it in one hop,
 * leaving out addresses that are routes of the build themselves. Sorted by old address.
 */
export function stubsFor(
  rules: readonly RedirectRule[],
  routes: readonly string[],
  base = '/',
): {from: string; to: string}[] {
  const existing = new Set(routes);
  const stubs = new Map<string, string>();
  for (const route of routes) {
    for (const from of oldPathsFor(rules, route, existing, base)) if (!stubs.has(from)) stubs.set(from, route);
  }
  return [...stubs].sort(([a], [b]) => a.localeCompare(b)).map(([from, to]) => ({from, to}));
}
