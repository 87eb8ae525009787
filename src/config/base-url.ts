/**
 * The path the site is served under (`/` by default, `/docs/` when an operator serves it inside another
 * site), and the two moves every output makes with it: putting a site path under it, and taking it off
 * a request's path. Pure, for the build and the browser alike.
 */

/** A base path: `/`, or segments of unreserved characters, each followed by a slash. */
const BASE_URL = /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*$/;

/**
 * The base path from its setting, or an error that says what is wrong: it must start and end with a
 * slash and hold only letters, digits and `-._~` (no `.` or `..` segment, no doubled slash, no
 * percent sign), so that it can go into an nginx pattern, a `Location` header and a file path as is.
 */
export function parseBaseUrl(value: string | undefined): string {
  const base = value === undefined || value === '' ? '/' : value;
  if (!BASE_URL.test(base) || base.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new Error(
      `BASE_URL ${JSON.stringify(value)} is not a base path: write it as /docs/ (a slash at both ends; letters, digits and -._~ only)`,
    );
  }
  return base;
}

/** A site path (`/a/b/`) as served under `base` (`/docs/a/b/`). */
export function underBase(base: string, sitePath: string): string {
  if (!sitePath.startsWith('/')) throw new Error(`not a site path: ${sitePath}`);
  return base + sitePath.slice(1);
}

/**
 * The site path of a request path under `base` (`/docs/a/` gives `/a/`; `/docs` gives `/`), or
 * undefined for a path outside it.
 */
export function offBase(base: string, requestPath: string): string | undefined {
  if (base === '/') return requestPath;
  if (requestPath === base.slice(0, -1)) return '/';
  return requestPath.startsWith(base) ? `/${requestPath.slice(base.length)}` : undefined;
}
