/**
 * The response headers of every output (nginx and the static host's `_headers`), from one place.
 * Pure: the caller passes the hashes of the inline scripts found in the built pages.
 */
import crypto from 'node:crypto';
import {underBase} from '../config/base-url';

export interface HeaderOptions {
  /** `sha256-…` sources of every inline script the pages carry. */
  scriptHashes: readonly string[];
  /** Hosted search: Algolia's hosts are allowed. */
  algoliaAppId?: string;
  /** Analytics on: Google's tag hosts are allowed. */
  analytics?: boolean;
  /** Production adds HSTS (only ever served over HTTPS). */
  production?: boolean;
}

/** The CSP source of one inline script's text. */
export function scriptHash(source: string): string {
  return `'sha256-${crypto.createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** Every inline `<script>` body in an HTML page (scripts with a `src` are skipped). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/.test(attributes) || body === '') continue;
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    scripts.push(body);
  }
  return scripts;
}

export function contentSecurityPolicy(options: HeaderOptions): string {
  const connect = ["'self'"];
  const scripts = ["'self'", ...[...new Set(options.scriptHashes)].sort()];
  const images = ["'self'", 'data:'];
  if (options.algoliaAppId) {
    const id = options.algoliaAppId.toLowerCase();
    connect.push(
      `https://${id}-dsn.algolia.net`,
      `https://*.algolia.net`,
      'https://*.algolianet.com',
      'https://insights.algolia.io',
    );
  }
  if (options.analytics) {
    scripts.push('https://www.googletagmanager.com');
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    );
    images.push('https://*.google-analytics.com', 'https://www.googletagmanager.com');
  }
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ].join('; ');
}

/** Headers on every response, HTML, assets and errors alike. */
export function securityHeaders(options: HeaderOptions): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(options)],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (options.production) headers.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']);
  return headers;
}

/** How long a response may be cached, by path. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
export const CACHE_SHORT = 'public, max-age=3600';

/** The release list, which other sites may fetch (CORS). */
export const RELEASES_JSON = '/releases.gen.json';
export const RELEASES_JSON_HEADERS: readonly [string, string][] = [['Access-Control-Allow-Origin', '*']];

/** Markdown copies of the pages and the text files (llms.txt, robots.txt), with their charset. */
export const TEXT_TYPES: readonly [string, string][] = [
  ['/*.md', 'text/markdown; charset=utf-8'],
  ['/*.txt', 'text/plain; charset=utf-8'],
];

/** Paths whose names carry a content hash. */
export const HASHED_PATHS = ['/assets/*'];

/**
 * The static host's `_headers` file: security headers everywhere, long caching for hashed files. Every
 * path is under the site's base path; the first block, `<base>*`, holds the security headers.
 */
export function toNetlifyHeaders(headers: readonly [string, string][], base = '/'): string {
  const block = (path: string, lines: [string, string][]) =>
    [underBase(base, path), ...lines.map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${[
    '# Generated from src/serve/headers.ts; edit the policy there, not this file.',
    block('/*', [...headers]),
    ...HASHED_PATHS.map((path) => block(path, [['Cache-Control', CACHE_IMMUTABLE]])),
    block(RELEASES_JSON, [...RELEASES_JSON_HEADERS, ['Cache-Control', CACHE_SHORT]]),
    ...TEXT_TYPES.map(([path, type]) =>
      block(path, [
        ['Content-Type', type],
        ['Cache-Control', CACHE_SHORT],
      ]),
    ),
  ].join('\n\n')}\n`;
}

/** One block of a `_headers` file: a path pattern and the headers it adds. */
export interface HeaderBlock {
  path: string;
  headers: [string, string][];
}

/** Every block of a `_headers` file, in order. */
export function parseNetlifyHeaderBlocks(text: string): HeaderBlock[] {
  const blocks: HeaderBlock[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (!line.startsWith(' ')) {
      blocks.push({path: line.trim(), headers: []});
      continue;
    }
    const at = line.indexOf(':');
    blocks.at(-1)?.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
  }
  return blocks;
}

/** True when a `_headers` path pattern matches `pathname`: a `*` stands for any run of characters. */
export function headerPathMatches(pattern: string, pathname: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(pathname);
}

/**
 * The headers a static host adds to `pathname` from the blocks that match it (a `*` matches any
 * run of characters); a later block's value for the same header wins.
 */
export function netlifyHeadersFor(blocks: readonly HeaderBlock[], pathname: string): [string, string][] {
  const headers = new Map<string, [string, string]>();
  for (const block of blocks) {
    const matches = headerPathMatches(block.path, pathname);
    if (matches) for (const [name, value] of block.headers) headers.set(name.toLowerCase(), [name, value]);
  }
  return [...headers.values()];
}

/** Reads the headers every path gets (the first block, `<base>*`) back out of a `_headers` file. */
export function parseNetlifyHeaders(text: string): [string, string][] {
  const [first] = parseNetlifyHeaderBlocks(text);
  return first?.path.endsWith('/*') ? first.headers : [];
}

/** The base path a `_headers` file was written for: its first block is `<base>*`. */
export function baseOfNetlifyHeaders(text: string): string {
  const [first] = parseNetlifyHeaderBlocks(text);
  if (!first?.path.endsWith('/*')) throw new Error('_headers does not start with the block of every path');
  return first.path.slice(0, -1);
}
