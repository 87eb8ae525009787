/** Pure functions over the redirect rules: path normalisation, matching and the output formats. */
import {REDIRECT_STATUS, type RedirectRule} from './rules';

/** Strips a trailing `/index.html` or `.html`, as the site does before it matches a route. */
export function stripHtmlSuffix(pathname: string): string {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html')) return pathname.slice(0, -'.html'.length);
  return pathname;
}

export function isExternal(url: string): boolean {
  return /^https?:\/\//.test(url);
}

/** Site paths end in a slash (trailing slash is on); a path to a file keeps its name. */
export function withTrailingSlash(pathname: string): string {
  if (pathname.endsWith('/')) return pathname;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.includes('.') ? pathname : `${pathname}/`;
}

/**
 * What `rule.from` captures of `pathname`: the splat (possibly empty) for a match, or undefined.
 * `/x/*` matches `/x`, `/x/` and `/x/anything`; `/x` matches `/x` and `/x/`; `/x-*` matches `/x-y`.
 */
export function matchRule(rule: RedirectRule, pathname: string): string | undefined {
  const path = stripHtmlSuffix(pathname);
  if (!rule.from.endsWith('*')) {
    return path === rule.from || path === `${rule.from}/` ? '' : undefined;
  }
  const prefix = rule.from.slice(0, -1);
  if (prefix.endsWith('/')) {
    const bare = prefix.slice(0, -1);
    if (path === bare) return '';
    return path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
  }
  return path.startsWith(prefix) && path.length > prefix.length ? path.slice(prefix.length) : undefined;
}

/** Where a rule sends a matched path: the splat replaced, site paths given their trailing slash. */
export function applyRule(rule: RedirectRule, splat: string): string {
  const target = rule.to.replace(':splat', splat);
  if (isExternal(target)) return target;
  return withTrailingSlash(target.replace(/\/{2,}/g, '/'));
}

export interface RedirectMatch {
  rule: RedirectRule;
  location: string;
  status: number;
}

/** The first rule that matches, and where it leads; the query string is carried over. */
export function resolveRedirect(
  rules: readonly RedirectRule[],
  pathname: string,
  search = '',
): RedirectMatch | undefined {
  for (const rule of rules) {
    const splat = matchRule(rule, pathname);
    if (splat !== undefined) {
      return {rule, location: applyRule(rule, splat) + search, status: REDIRECT_STATUS};
    }
  }
  return undefined;
}

/** Follows rules from `pathname` until none matches; returns every hop (at most `limit`). */
export function redirectChain(rules: readonly RedirectRule[], pathname: string, limit = 10): string[] {
  const hops: string[] = [];
  let current = pathname;
  for (let i = 0; i < limit; i += 1) {
    const match = resolveRedirect(rules, current);
    if (!match || match.location === current) break;
    hops.push(match.location);
    if (isExternal(match.location)) break;
    current = match.location;
  }
  return hops;
}

/** The static host's `_redirects` file: one line per rule, forced (`301!`), in rule order. */
export function toNetlifyRedirects(rules: readonly RedirectRule[]): string {
  const width = Math.max(...rules.map((r) => r.from.length)) + 2;
  const lines = rules.flatMap((rule) => {
    const forms = rule.from.endsWith('*') ? [rule.from] : [rule.from, `${rule.from}/`];
    return forms.map((from) => `${from.padEnd(width)}${rule.to}  ${REDIRECT_STATUS}!`);
  });
  return `# Generated from src/redirects/rules.ts; edit the rules there, not this file.\n${lines.join('\n')}\n`;
}

/**
 * The old paths that lead to `route` in one hop, for client-redirect stubs. Only paths whose first
 * matching rule really is the one that produced them count, so rule order is respected.
 */
export function oldPathsFor(rules: readonly RedirectRule[], route: string, existing: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const rule of rules) {
    if (isExternal(rule.to)) continue;
    let candidate: string | undefined;
    if (rule.from.endsWith('*')) {
      const toPrefix = rule.to.slice(0, rule.to.indexOf(':splat'));
      if (!route.startsWith(toPrefix)) continue;
      candidate = rule.from.slice(0, -1) + route.slice(toPrefix.length);
    } else if (applyRule(rule, '') === route) {
      candidate = withTrailingSlash(rule.from);
    }
    if (!candidate || candidate === '/' || existing.has(candidate)) continue;
    if (resolveRedirect(rules, candidate)?.location === route) found.add(withTrailingSlash(candidate));
  }
  return [...found].sort();
}
