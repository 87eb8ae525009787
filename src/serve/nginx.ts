/**
 * The nginx configuration of the site, generated from the redirect rules and the header policy.
 * `npm run preview` runs it; the build output carries a production copy for self-hosting, and the
 * release archive carries it as files to include in an operator's own server (`nginxFiles`).
 *
 * Everything the site needs sits in one `location` for its base path, so that the same lines serve the
 * site at `/` or under `/docs/`, on a server of its own or inside another; what must sit at nginx's
 * `http` level (the maps) has names of its own (`$akdocs_…`), so that it cannot clash with an
 * operator's configuration.
 */
import {isExternal} from '../redirects/match';
import {REDIRECT_STATUS, type RedirectRule} from '../redirects/rules';
import {
  assertSafeTarget,
  NGINX_SAFE_REST,
  NGINX_SPLAT_CAPTURE,
  NGINX_SPLAT_CAPTURE_WHOLE,
  SPLAT_CHARS,
} from '../redirects/safe';
import {CACHE_IMMUTABLE, CACHE_REVALIDATE, CACHE_SHORT, RELEASES_JSON, RELEASES_JSON_HEADERS} from './headers';
import {underBase} from '../config/base-url';
import {rulesUnder} from '../redirects/match';

/**
 * Files the build writes for servers, not for readers: nginx answers them with the not-found page,
 * and `_redirects` tells static hosts to do the same.
 */
export const SERVER_FILES = ['/nginx.conf', '/_redirects', '/_headers'];

export interface NginxOptions {
  /** Absolute path of the built site. */
  root: string;
  /** `127.0.0.1:3000`, or `80` for a self-hosted server. */
  listen: string;
  headers: readonly [string, string][];
  /** A folder nginx may write to (pid, temp files); omit for a system-wide install. */
  runtimeDir?: string;
  /** Path of nginx's mime.types. */
  mimeTypes?: string;
  /** Run in the foreground with logs on the terminal (preview). */
  foreground?: boolean;
  /** The account nginx's workers run as; omit for nginx's default. */
  user?: string;
  /** The path the site is served under (`/` or `/docs/`); `root` then holds it as a folder. */
  base?: string;
}

/**
 * The two endings of a page's Markdown address (`src/markdown-copies/paths.ts`) as a named capture: a fixed
 * alternation, so a redirect may copy it.
 */
export const NGINX_MARKDOWN_SUFFIX = '(?<md>/index\\.html\\.md|\\.md)';

/** Escapes a literal path for a PCRE pattern. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A backslash as a regular expression inside an nginx string: nginx reads `\\\\` in quotes as `\\`,
 * which PCRE reads as one literal backslash.
 */
const BACKSLASH = '\\\\\\\\';

/** An nginx string in double quotes (header values hold no `$`). */
function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The `location` blocks of one rule: regex locations, so rule order is nginx's match order. What a
 * pattern captures is only ever a safe splat (`src/redirects/safe.ts`): a decoded path with a control
 * character, a backslash or anything but unreserved characters matches no rule and ends in a 404.
 * Redirects carry the query string only when it is plain (`$akdocs_query`). `rule` is already under
 * the base path (`rulesUnder`).
 */
export function ruleLocations(rule: RedirectRule, base = '/'): string[] {
  const external = isExternal(rule.to);
  // The target as written, with a sample splat, must be safe, or the configuration is never written.
  assertSafeTarget(rule.to.replace(':splat', 'x'), `redirect rule ${rule.from}`, base);
  // Site targets end in a slash; a trailing .html, /index.html or / on the old path is ignored.
  const tail = '(?:/index\\.html|\\.html|/)?';
  const ret = (target: string) => `return ${REDIRECT_STATUS} ${target}$akdocs_query;`;
  if (!rule.from.endsWith('*')) {
    const target = external ? rule.to : rule.to.endsWith('/') ? rule.to : `${rule.to}/`;
    const page = target.replace(/\/$/, '');
    return [
      // The Markdown copy of a moved page goes to the copy of its new page, in the form asked for.
      ...(external || page === base.slice(0, -1)
        ? []
        : [`location ~ ^${escapeRegex(rule.from)}${NGINX_MARKDOWN_SUFFIX}$ { ${ret(`${page}$md`)} }`]),
      `location ~ ^${escapeRegex(rule.from)}${tail}$ { ${ret(target)} }`,
    ];
  }
  const prefix = rule.from.slice(0, -1);
  const before = rule.to.slice(0, rule.to.indexOf(':splat'));
  const after = rule.to.slice(rule.to.indexOf(':splat') + ':splat'.length);
  const blocks: string[] = [];
  if (prefix.endsWith('/')) {
    // The bare prefix (`/flow` or `/flow/`) goes to the target with an empty splat.
    const bare = external ? before.replace(/\/$/, '') || before : before;
    blocks.push(`location ~ ^${escapeRegex(prefix.slice(0, -1))}/?$ { ${ret(bare)} }`);
  }
  if (!external) {
    blocks.push(
      `location ~ ^${escapeRegex(prefix)}${NGINX_SPLAT_CAPTURE}${NGINX_MARKDOWN_SUFFIX}$ { ${ret(`${before}$splat${after.replace(/\/$/, '')}$md`)} }`,
    );
  }
  if (external) {
    blocks.push(
      `location ~ ^${escapeRegex(prefix)}${NGINX_SPLAT_CAPTURE_WHOLE}$ { ${ret(`${before}$splat${after}`)} }`,
    );
  } else {
    blocks.push(
      `location ~ ^${escapeRegex(prefix)}${NGINX_SPLAT_CAPTURE}${tail}$ { ${ret(`${before}$splat${after}/`.replace(/\/\/$/, '/'))} }`,
    );
  }
  return blocks;
}

/**
 * The maps the site's location reads, for nginx's `http` level: the query a redirect may carry, the
 * file a page answers with (HTML, or the Markdown copy for a reader that asks for Markdown only), and
 * whether a path is untidy and what its tidy form is.
 */
export function nginxMaps(base = '/'): string[] {
  return [
    '# A redirect carries the query string only when it is printable ASCII without a backslash.',
    'map $args $akdocs_query {',
    '  "~^[\\x21-\\x5b\\x5d-\\x7e]+$" ?$args;',
    '  default "";',
    '}',
    '# A reader that asks for Markdown and not for HTML gets the Markdown copy of a page.',
    'map $http_accept $akdocs_page_file {',
    '  "~*text/html" index.html;',
    '  "~*text/markdown" index.html.md;',
    '  default index.html;',
    '}',
    '# A path that starts with more than one slash or backslash (raw or encoded), or holds a doubled',
    '# slash, is untidy: it is sent to its tidy form, or answers 404 when that form is not a safe path.',
    'map $request_uri $akdocs_untidy {',
    `  "~*^/(?:/|${BACKSLASH}|%5c|%2f)" 1;`,
    '  "~^[^?]*//" 1;',
    '  default "";',
    '}',
    '# The tidy form: the decoded path (nginx has merged its slashes) without leading backslashes.',
    'map $uri $akdocs_tidy_path {',
    `  "~^/[/${BACKSLASH}]*(?<tidy>${NGINX_SAFE_REST})$" /$tidy;`,
    '  default "";',
    '}',
    ...(base === '/'
      ? []
      : [
          '# Whether a request is for the site, below its base path (the checks leave other paths alone).',
          'map $uri $akdocs_site {',
          `  "~^${escapeRegex(base.slice(0, -1))}(?:/|$)" 1;`,
          '  default "";',
          '}',
        ]),
  ];
}

/**
 * The checks nginx must make before it picks a location, for the `server` block: a control character
 * in the decoded path is refused, and an untidy path (`//x`, `/\\x`, `%2F%2Fx`) goes to its tidy form
 * or is not found. Under a base path they apply to the site's paths only.
 */
export function nginxServerChecks(base = '/'): string[] {
  const site = base === '/' ? '' : '$akdocs_site:';
  const inSite = base === '/' ? '' : '1:';
  return [
    '# Redirects made here answer with a path, whatever host the reader used.',
    'absolute_redirect off;',
    '# A control character in the decoded path is refused outright.',
    ...(base === '/'
      ? ['if ($uri ~ "[\\x00-\\x1f\\x7f]") { return 400; }']
      : ['set $akdocs_raw "$akdocs_site:$uri";', 'if ($akdocs_raw ~ "^1:.*[\\x00-\\x1f\\x7f]") { return 400; }']),
    `set $akdocs_tidy "${site}$akdocs_untidy:$akdocs_tidy_path";`,
    `if ($akdocs_tidy ~ "^${inSite}1:(?<akdocs_to>/.*)$") { return ${REDIRECT_STATUS} $akdocs_to$akdocs_query; }`,
    `if ($akdocs_tidy ~ "^${inSite}1:") { return 404; }`,
  ];
}

/**
 * What goes inside `location ^~ <base> { … }`, after the `root` that holds the site (with the base path
 * as folders below it): the site's own settings, the refusal of unsafe paths, the redirect rules and
 * the files, each with its headers.
 */
export function nginxSiteLocation(
  rules: readonly RedirectRule[],
  options: {headers: readonly [string, string][]; base?: string},
): string[] {
  const base = options.base ?? '/';
  const at = (sitePath: string) => underBase(base, sitePath);
  const headerLines = options.headers.map(([name, value]) => `add_header ${name} ${quote(value)} always;`);
  const withHeaders = (cache: string, extra: readonly [string, string][] = []) =>
    [
      ...headerLines,
      ...extra.map(([name, value]) => `add_header ${name} ${quote(value)} always;`),
      `add_header Cache-Control ${quote(cache)} always;`,
    ].map((l) => `  ${l}`);
  return [
    '# Pages are served by try_files, never by internal redirects, so each request meets one location.',
    'index off;',
    `error_page 404 ${at('/404.html')};`,
    '# Every redirect and trailing-slash redirect answers with a path, whatever host the reader used.',
    'absolute_redirect off;',
    'server_tokens off;',
    'sendfile on;',
    'charset utf-8;',
    'charset_types text/css application/javascript application/json image/svg+xml text/plain text/markdown text/xml;',
    'gzip on;',
    'gzip_comp_level 6;',
    'gzip_min_length 256;',
    'gzip_vary on;',
    'gzip_types text/plain text/markdown text/css text/xml application/javascript application/json application/xml image/svg+xml application/manifest+json;',
    '# Security headers on every answer, redirects and errors included; locations that set headers of',
    '# their own repeat them (nginx inherits add_header only into locations without any).',
    ...headerLines,
    '',
    '# Configuration files for servers are not pages.',
    `location ~ ^(?:${SERVER_FILES.map((file) => escapeRegex(at(file))).join('|')})$ { return 404; }`,
    '',
    '# Redirect rules, first match wins, in the order of src/redirects/rules.ts.',
    ...rulesUnder(rules, base).flatMap((rule) => ruleLocations(rule, base)),
    '',
    '# /x/page.html and /x/page/index.html reach /x/page/.',
    `location = ${at('/index.html')} { return ${REDIRECT_STATUS} ${base}$akdocs_query; }`,
    `location ~ ^(?<page>(?:/[${SPLAT_CHARS}]+?)+?)(?:/index)?\\.html$ {`,
    `  if (-f $document_root$page/index.html) { return ${REDIRECT_STATUS} $page/$akdocs_query; }`,
    ...withHeaders(CACHE_REVALIDATE),
    '  try_files $uri =404;',
    '}',
    '',
    '# Markdown copies of the pages: <route>index.html.md, and <route without its slash>.md for short.',
    `location ~ ^(?<mdpage>(?:/[${SPLAT_CHARS}]+?)+?)(?:/index\\.html)?\\.md$ {`,
    '  types { }',
    '  default_type text/markdown;',
    ...withHeaders(CACHE_SHORT),
    '  try_files $uri $mdpage/index.html.md =404;',
    '}',
    '',
    '# Files whose names carry a content hash never change.',
    `location ^~ ${at('/assets/')} {`,
    ...withHeaders(CACHE_IMMUTABLE),
    '  try_files $uri =404;',
    '}',
    '',
    `location = ${at(RELEASES_JSON)} {`,
    ...withHeaders(CACHE_SHORT, RELEASES_JSON_HEADERS),
    '  try_files $uri =404;',
    '}',
    '',
    `location = ${at('/404.html')} {`,
    ...withHeaders(CACHE_REVALIDATE),
    '}',
    '',
    '# Other static files: cached for an hour.',
    'location ~ \\.(?:svg|png|jpe?g|gif|webp|ico|json|xml|txt|webmanifest|woff2?)$ {',
    ...withHeaders(CACHE_SHORT),
    '  try_files $uri =404;',
    '}',
    '',
    '# /x/page answers 301 to /x/page/ when that page exists.',
    `location ~ ^(?<folder>(?:/[${SPLAT_CHARS}]+)+)$ {`,
    `  if (-d $document_root$folder) { return ${REDIRECT_STATUS} $folder/$akdocs_query; }`,
    ...withHeaders(CACHE_REVALIDATE),
    '  try_files $uri =404;',
    '}',
    '',
    `location ${base} {`,
    ...withHeaders(CACHE_REVALIDATE, [['Vary', 'Accept']]),
    '  try_files $uri $uri/$akdocs_page_file =404;',
    '}',
  ];
}

/** The settings of nginx's `http` level that the site's location relies on being there. */
function httpSettings(mimeTypes: string): string[] {
  return [
    `include ${mimeTypes};`,
    "# The site's Markdown copies and manifest; the rest comes from nginx's list of types.",
    'types { application/manifest+json webmanifest; text/markdown md; }',
    'default_type application/octet-stream;',
    'large_client_header_buffers 4 16k;',
  ];
}

/** For a server of the site's own under a base path: the bare name leads there, anything else is not found. */
function outsideTheSite(base: string, headerLines: string[]): string[] {
  if (base === '/') return [];
  return [
    '# The site lives under its base path; its bare name leads there, anything else is not found.',
    `location = ${base.slice(0, -1)} { return ${REDIRECT_STATUS} ${base}$akdocs_query; }`,
    `location = / { return ${REDIRECT_STATUS} ${base}; }`,
    'location / {',
    ...headerLines.map((l) => `  ${l}`),
    '  return 404;',
    '}',
  ];
}

/** The lines of a server of the site's own: the checks, the site's location with its root, the rest. */
function serverLines(siteLocation: string[], root: string, base: string, headerLines: string[]): string[] {
  return [
    '# Security headers on answers made before a location is chosen (the checks below).',
    ...headerLines,
    ...nginxServerChecks(base),
    '',
    `location ^~ ${base} {`,
    `  root ${root};`,
    ...siteLocation.map((l) => (l ? `  ${l}` : l)),
    '}',
    ...outsideTheSite(base, headerLines),
  ];
}

export function nginxConfig(rules: readonly RedirectRule[], options: NginxOptions): string {
  const base = options.base ?? '/';
  const headerLines = options.headers.map(([name, value]) => `add_header ${name} ${quote(value)} always;`);
  const indent = (lines: string[], by: string) => lines.map((l) => (l ? `${by}${l}` : l));
  const runtime = options.runtimeDir;
  const lines = [
    '# Generated by src/serve/nginx.ts from the redirect rules and header policy; do not edit.',
    ...(options.user ? [`user ${options.user};`] : []),
    'worker_processes 1;',
    ...(options.foreground ? ['daemon off;', 'error_log stderr warn;'] : []),
    ...(runtime ? [`pid ${runtime}/nginx.pid;`] : []),
    'events { worker_connections 256; }',
    'http {',
    ...indent(httpSettings(options.mimeTypes ?? '/etc/nginx/mime.types'), '  '),
    ...(runtime
      ? [
          `  client_body_temp_path ${runtime}/body;`,
          `  proxy_temp_path ${runtime}/proxy;`,
          `  fastcgi_temp_path ${runtime}/fastcgi;`,
          `  uwsgi_temp_path ${runtime}/uwsgi;`,
          `  scgi_temp_path ${runtime}/scgi;`,
        ]
      : []),
    options.foreground ? '  access_log off;' : '  access_log /var/log/nginx/access.log;',
    ...indent(nginxMaps(base), '  '),
    '  server {',
    `    listen ${options.listen};`,
    ...indent(
      serverLines(nginxSiteLocation(rules, {headers: options.headers, base}), options.root, base, headerLines),
      '    ',
    ),
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}

/** The names of the files `nginxFiles` writes, as the standalone configuration includes them. */
export const NGINX_FILES = {
  main: 'nginx.conf',
  http: 'authentik-docs-http.conf',
  server: 'authentik-docs-server.conf',
  site: 'authentik-docs-site.conf',
} as const;

/**
 * The configuration of a release archive, as files: `authentik-docs-http.conf` (the maps, for an
 * `http` block), `authentik-docs-server.conf` (the checks, for the `server` block),
 * `authentik-docs-site.conf` (what goes inside `location ^~ <base> { root …; include …; }`) and
 * `nginx.conf`, a server of its own that includes all three. Run from the archive's folder, with no
 * path to edit: `nginx -p <folder> -c nginx/nginx.conf` (relative paths are the folder's).
 */
export function nginxFiles(
  rules: readonly RedirectRule[],
  options: {headers: readonly [string, string][]; base: string; listen: string},
): Record<(typeof NGINX_FILES)[keyof typeof NGINX_FILES], string> {
  const {base} = options;
  const generated = '# Generated by src/serve/nginx.ts from the redirect rules and header policy; do not edit.';
  const headerLines = options.headers.map(([name, value]) => `add_header ${name} ${quote(value)} always;`);
  const indent = (lines: string[], by: string) => lines.map((l) => (l ? `${by}${l}` : l));
  const site = nginxSiteLocation(rules, {headers: options.headers, base});
  const main = [
    generated,
    "# A server of its own for the documentation. Run it from the archive's folder:",
    '#   nginx -p "$PWD" -c nginx/nginx.conf',
    'worker_processes 1;',
    'pid logs/nginx.pid;',
    'error_log logs/error.log warn;',
    'events { worker_connections 256; }',
    'http {',
    ...indent(httpSettings('/etc/nginx/mime.types'), '  '),
    '  access_log logs/access.log;',
    '  client_body_temp_path logs/body;',
    '  proxy_temp_path logs/proxy;',
    '  fastcgi_temp_path logs/fastcgi;',
    '  uwsgi_temp_path logs/uwsgi;',
    '  scgi_temp_path logs/scgi;',
    `  include ${NGINX_FILES.http};`,
    '  server {',
    `    listen ${options.listen};`,
    ...indent(
      [
        '# Security headers on answers made before a location is chosen.',
        ...headerLines,
        `include ${NGINX_FILES.server};`,
        '',
        `location ^~ ${base} {`,
        '  root html;',
        `  include ${NGINX_FILES.site};`,
        '}',
        ...outsideTheSite(base, headerLines),
      ],
      '    ',
    ),
    '  }',
    '}',
    '',
  ].join('\n');
  return {
    [NGINX_FILES.main]: main,
    [NGINX_FILES.http]: [generated, "# For nginx's http block.", ...nginxMaps(base), ''].join('\n'),
    [NGINX_FILES.server]: [
      generated,
      '# For the server block, before its locations.',
      ...nginxServerChecks(base),
      '',
    ].join('\n'),
    [NGINX_FILES.site]: [
      generated,
      `# For a location of the site's base path, after its root: location ^~ ${base} { root <folder>/html; include <this file>; }`,
      ...site,
      '',
    ].join('\n'),
  };
}
