/**
 * The one rule for redirect targets, asked by every output that makes a redirect (nginx, `_redirects`,
 * the redirect stubs, the not-found page): a target is a path on this site, or an address on one of
 * the few other sites the rule list itself names. Whatever part of it was copied from a request can
 * carry no control character, no backslash and no run of slashes that would turn it into another host.
 */
import {API_REFERENCE, INTEGRATIONS_SITE} from './rules';

/**
 * What part of a request path a rule may copy into a target (the splat): RFC 3986's unreserved
 * characters, in segments separated by single slashes, never starting with a slash. As a regular
 * expression source, so that nginx's patterns and the browser's matcher say exactly the same thing.
 */
export const SPLAT_CHARS = 'A-Za-z0-9._~-';
const SPLAT = new RegExp(`^(?:[${SPLAT_CHARS}]+(?:/[${SPLAT_CHARS}]+)*/?)?$`);
/**
 * The same splat as an nginx capture named `splat`: not empty, and lazy, so that a trailing `/`,
 * `.html` or `/index.html` after it is left to the pattern that follows. Named, because a numbered
 * capture is overwritten by any regular expression nginx evaluates later (a `map`, for one).
 */
export const NGINX_SPLAT_CAPTURE = `(?<splat>[${SPLAT_CHARS}]+?(?:/[${SPLAT_CHARS}]+?)*?)`;
/** The same splat, whole, trailing slash included: for targets on other sites, which keep it. */
export const NGINX_SPLAT_CAPTURE_WHOLE = `(?<splat>[${SPLAT_CHARS}]+(?:/[${SPLAT_CHARS}]+)*/?)`;
/** Safe segments after a path's first slash (`a/b`, `a/b/` or nothing), for patterns that copy `$uri`. */
export const NGINX_SAFE_REST = `(?:[${SPLAT_CHARS}]+(?:/[${SPLAT_CHARS}]+)*/?)?`;

/** True when `splat` may be copied into a target. */
export function isSafeSplat(splat: string): boolean {
  return SPLAT.test(splat);
}

/** The origins besides this site's own that the site's rules may send a reader to. */
export const EXTERNAL_ORIGINS: readonly string[] = [API_REFERENCE, INTEGRATIONS_SITE].map((url) => new URL(url).origin);

const originsByRules = new WeakMap<readonly {to: string}[], readonly string[]>();
/** The origins a list of rules names in its targets: the only other sites its redirects may reach. */
export function externalOriginsOf(rules: readonly {to: string}[]): readonly string[] {
  let origins = originsByRules.get(rules);
  if (!origins) {
    origins = [...new Set(rules.filter((r) => /^https:\/\//.test(r.to)).map((r) => new URL(r.to).origin))];
    originsByRules.set(rules, origins);
  }
  return origins;
}

/** True when `text` holds a C0 control character (CR, LF, tab, NUL…) or DEL. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A stand-in for this site's own origin: a target that keeps it is a path on this site. */
const SITE = 'https://site.invalid';

/**
 * True when `target` may go into a `Location` header or a browser navigation: printable ASCII with
 * no space and no backslash, and either a path on this site (under its base path) with no doubled
 * slash, or an address that starts with one of `externalOrigins` exactly (no user name, no look-alike
 * host).
 */
export function isSafeTarget(
  target: string,
  externalOrigins: readonly string[] = EXTERNAL_ORIGINS,
  base = '/',
): boolean {
  if (!/^[\x21-\x7e]+$/.test(target) || target.includes('\\')) return false;
  if (target.startsWith('/')) {
    const path = target.replace(/[?#].*$/, '');
    if (path.includes('//') || !(path.startsWith(base) || path === base.slice(0, -1))) return false;
    return new URL(target, SITE).origin === SITE;
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (!externalOrigins.includes(url.origin)) return false;
  return target === url.origin || target.startsWith(`${url.origin}/`);
}

/** Throws, naming the rule, when a target is not safe; for the generators, which must never emit one. */
export function assertSafeTarget(target: string, context: string, base = '/'): string {
  if (!isSafeTarget(target, EXTERNAL_ORIGINS, base)) {
    throw new Error(`${context}: unsafe redirect target ${JSON.stringify(target)}`);
  }
  return target;
}
