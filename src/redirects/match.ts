/** Pure functions over the redirect rules: path normalisation, matching and the output formats. */
import {REDIRECT_STATUS, type RedirectRule} from './rules';
import {assertSafeTarget, externalOriginsOf, isSafeSplat, isSafeTarget} from './safe';
import {markdownPath, shortMarkdownPath} from '../markdown-copies/paths';
import {underBase} from '../config/base-url';

const rulesByBase = new Map<string, WeakMap<readonly RedirectRule[], readonly RedirectRule[]>>();
/**
 * The rules as served under a base path: every old path, and every target on this site, moved under
 * `base` (`/flow/*` to `/docs/flow/*`, `/:splat` to `/docs/:splat`); targets on other sites stay.
 * The same list is returned for the same rules and base, so that callers may compare rules.
 */
export function rulesUnder(rules: readonly RedirectRule[], base: string): readonly RedirectRule[] {
  if (base === '/') return rules;
  let cache = rulesByBase.get(base);
  if (!cache) rulesByBase.set(base, (cache = new WeakMap()));
  let moved = cache.get(rules);
  if (!moved) {
    moved = rules.map(({from, to}) => ({from: underBase(base, from), to: isExternal(to) ? to : underBase(base, to)}));
    cache.set(rules, moved);
  }
  return moved;
}

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
 * A splat is only taken when it may be copied into a target (`isSafeSplat`): a path with a
 * backslash, a control character, a percent sign or a doubled slash in it matches no rule.
 */
export function matchRule(rule: RedirectRule, pathname: string): string | undefined {
  const splat = rawSplat(rule, pathname);
  return splat !== undefined && isSafeSplat(splat) ? splat : undefined;
}

function rawSplat(rule: RedirectRule, pathname: string): string | undefined {
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

/**
 * The first rule that matches, and where it leads; the query string is carried over. A target that
 * is not safe (`isSafeTarget`) is never answered: the search is dropped when it is what makes the
 * target unsafe, and no redirect is made when the path does.
 */
export function resolveRedirect(
  rules: readonly RedirectRule[],
  pathname: string,
  search = '',
  base = '/',
): RedirectMatch | undefined {
  // The Markdown copy of a moved page (`/old.md`, `/old/index.html.md`) goes where the page goes, as
  // the copy of its new page in the same form (`src/markdown-copies/paths.ts`; written out here, because
  // the not-found page carries this module to every reader). A page that moved off the site takes
  // its copy along through its splat, below.
  const markdown = /^(\/.*?[^/])(\/index\.html\.md|\.md)$/.exec(pathname);
  if (markdown && markdown[1] !== '/index.html') {
    const match = resolveRedirect(rules, markdown[1]!, search, base);
    const [page = '', query = ''] = match?.location.split(/(?=\?)/) ?? [];
    if (match && page !== base && !isExternal(page)) {
      const copy = markdown[2] === '.md' ? `${page.slice(0, -1)}.md` : `${page}index.html.md`;
      return {...match, location: copy + query};
    }
  }
  for (const rule of rules) {
    const splat = matchRule(rule, pathname);
    if (splat === undefined) continue;
    const target = applyRule(rule, splat);
    const origins = externalOriginsOf(rules);
    if (!isSafeTarget(target, origins, base)) return undefined;
    const location = search && isSafeTarget(target + search, origins, base) ? target + search : target;
    return {rule, location, status: REDIRECT_STATUS};
  }
  return undefined;
}

/** Follows rules from `pathname` until none matches; returns every hop (at most `limit`). */
export function redirectChain(rules: readonly RedirectRule[], pathname: string, limit = 10, base = '/'): string[] {
  const hops: string[] = [];
  let current = pathname;
  for (let i = 0; i < limit; i += 1) {
    const match = resolveRedirect(rules, current, '', base);
    if (!match || match.location === current) break;
    hops.push(match.location);
    if (isExternal(match.location)) break;
    current = match.location;
  }
  return hops;
}

/**
 * A rule whose site target starts with its splat (`/docs/*` to `/:splat`) lets the request choose
 * the first segment of the target: on a host that decodes the splat, `/docs/%5Cevil.example` would
 * answer `/\evil.example`, which browsers follow off the site. For the static host such a rule is
 * written once per top-level section instead (`/docs/flow/*` to `/flow/:splat`), so that what comes
 * from the request always follows a fixed segment. `sections` are the first segments of the site's
 * routes; those of the other rules' old paths are added, so that chains through them still work.
 */
export function withoutLeadingSplats(rules: readonly RedirectRule[], sections: readonly string[]): RedirectRule[] {
  const firstSegment = (p: string) => /^\/([^/*]+)/.exec(p)?.[1];
  const known = new Set([...sections, ...rules.map((r) => firstSegment(r.from))].filter((s): s is string => !!s));
  return rules.flatMap((rule) => {
    if (!rule.from.endsWith('/*') || !rule.to.startsWith('/:splat')) return [rule];
    const prefix = rule.from.slice(0, -1);
    const own = firstSegment(rule.from);
    const expanded = [...known]
      .filter((segment) => segment !== own)
      .sort()
      .flatMap((segment) => [
        {from: `${prefix}${segment}`, to: withTrailingSlash(rule.to.replace(':splat', segment))},
        // A file (`schema.yml`) has nothing below it.
        ...(segment.includes('.')
          ? []
          : [{from: `${prefix}${segment}/*`, to: rule.to.replace(':splat', `${segment}/:splat`)}]),
      ]);
    return [{from: prefix.slice(0, -1), to: '/'}, ...expanded];
  });
}

/** The first path segments of the pages among a list of routes (`/a/b/` gives `a`; `/404.html` nothing). */
export function sectionsOf(routes: readonly string[]): string[] {
  const pages = routes.filter((route) => route.endsWith('/'));
  return [...new Set(pages.map((route) => route.split('/')[1]).filter((s): s is string => !!s))].sort();
}

/**
 * The static host's `_redirects` file: one line per rule, forced (`301!`), in rule order, with
 * leading splats written out per section (`withoutLeadingSplats`). Throws when a rule's target,
 * with any splat in it, could leave the site.
 */
export function toNetlifyRedirects(rules: readonly RedirectRule[], sections: readonly string[], base = '/'): string {
  const lines = withoutLeadingSplats(rules, sections);
  // The target as written, with a sample splat: what the host will put in `Location`.
  for (const rule of lines) assertSafeTarget(rule.to.replace(':splat', 'x'), `redirect rule ${rule.from}`, base);
  const written = netlifyRedirectLines(lines);
  const width = Math.max(...written.map((r) => r.from.length)) + 2;
  const text = written.map(({from, to}) => `${from.padEnd(width)}${to}  ${REDIRECT_STATUS}!`);
  return `# Generated from src/redirects/rules.ts; edit the rules there, not this file.\n${text.join('\n')}\n`;
}

/**
 * The lines of `_redirects` for rules already written out per section: a rule for one path answers
 * it with and without its trailing slash, and the Markdown copies of that path (`/old.md`,
 * `/old/index.html.md`) go to the copies of its target. A splat rule needs no more: its splat
 * carries `.md` or `/index.html.md` along.
 */
export function netlifyRedirectLines(rules: readonly RedirectRule[]): {from: string; to: string}[] {
  return rules.flatMap((rule) => {
    if (rule.from.endsWith('*')) return [{from: rule.from, to: rule.to}];
    const page = rule.to.replace(/\/$/, '');
    const markdown =
      isExternal(rule.to) || page === ''
        ? []
        : [
            {from: `${rule.from}.md`, to: `${page}.md`},
            {from: `${rule.from}/index.html.md`, to: `${page}/index.html.md`},
          ];
    return [{from: rule.from, to: rule.to}, {from: `${rule.from}/`, to: rule.to}, ...markdown];
  });
}

/** The short form of every page's Markdown copy, `/a/b.md`, served from `/a/b/index.html.md` (200), by route. */
export function toNetlifyMarkdownRewrites(routes: readonly string[], base = '/'): string {
  const lines = [...routes].sort().flatMap((route) => {
    // The home page under a base path has no short form: `/docs.md` would lie outside the site.
    const short = route === base ? undefined : shortMarkdownPath(route);
    return short ? [`${short}  ${markdownPath(route)}  200`] : [];
  });
  return `# The short form of each page's Markdown copy.\n${lines.join('\n')}\n`;
}

/**
 * The old paths that lead to `route` in one hop, for client-redirect stubs. Only paths whose first
 * matching rule really is the one that produced them count, so rule order is respected.
 */
export function oldPathsFor(
  rules: readonly RedirectRule[],
  route: string,
  existing: ReadonlySet<string>,
  base = '/',
): string[] {
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
    if (!candidate || candidate === base || existing.has(candidate)) continue;
    if (resolveRedirect(rules, candidate, '', base)?.location === route) found.add(withTrailingSlash(candidate));
  }
  return [...found].sort();
}
