/**
 * The nginx configuration of the site, generated from the redirect rules and the header policy.
 * `npm run preview` runs it; the build output carries a production copy for self-hosting.
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
 * Redirects carry the query string only when it is plain (`$redirect_query`).
 */
export function ruleLocations(rule: RedirectRule): string[] {
  const external = isExternal(rule.to);
  // The target as written, with a sample splat, must be safe, or the configuration is never written.
  assertSafeTarget(rule.to.replace(':splat', 'x'), `redirect rule ${rule.from}`);
  // Site targets end in a slash; a trailing .html, /index.html or / on the old path is ignored.
  const tail = '(?:/index\\.html|\\.html|/)?';
  const ret = (target: string) => `return ${REDIRECT_STATUS} ${target}$redirect_query;`;
  if (!rule.from.endsWith('*')) {
    const target = external ? rule.to : rule.to.endsWith('/') ? rule.to : `${rule.to}/`;
    const page = target.replace(/\/$/, '');
    return [
      // The Markdown copy of a moved page goes to the copy of its new page, in the form asked for.
      ...(external || page === ''
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

export function nginxConfig(rules: readonly RedirectRule[], options: NginxOptions): string {
  const headerLines = options.headers.map(([name, value]) => `add_header ${name} ${quote(value)} always;`);
  const withHeaders = (cache: string, extra: readonly [string, string][] = []) =>
    [
      ...headerLines,
      ...extra.map(([name, value]) => `add_header ${name} ${quote(value)} always;`),
      `add_header Cache-Control ${quote(cache)} always;`,
    ]
      .map((l) => `      ${l}`)
      .join('\n');
  const runtime = options.runtimeDir;
  const lines = [
    '# Generated by src/serve/nginx.ts from the redirect rules and header policy; do not edit.',
    ...(options.user ? [`user ${options.user};`] : []),
    'worker_processes 1;',
    ...(options.foreground ? ['daemon off;', 'error_log stderr warn;'] : []),
    ...(runtime ? [`pid ${runtime}/nginx.pid;`] : []),
    'events { worker_connections 256; }',
    'http {',
    `  include ${options.mimeTypes ?? '/etc/nginx/mime.types'};`,
    '  types { application/manifest+json webmanifest; text/markdown md; }',
    '  default_type application/octet-stream;',
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
    '  sendfile on;',
    '  server_tokens off;',
    '  charset utf-8;',
    '  charset_types text/css application/javascript application/json image/svg+xml text/plain text/markdown text/xml;',
    '  gzip on;',
    '  gzip_comp_level 6;',
    '  gzip_min_length 256;',
    '  gzip_vary on;',
    '  gzip_types text/plain text/markdown text/css text/xml application/javascript application/json application/xml image/svg+xml application/manifest+json;',
    '  large_client_header_buffers 4 16k;',
    '  # Every redirect and trailing-slash redirect answers with a path, whatever host the reader used.',
    '  absolute_redirect off;',
    '  # A redirect carries the query string only when it is printable ASCII without a backslash.',
    '  map $args $redirect_query {',
    '    "~^[\\x21-\\x5b\\x5d-\\x7e]+$" ?$args;',
    '    default "";',
    '  }',
    '  # A reader that asks for Markdown and not for HTML gets the Markdown copy of a page.',
    '  map $http_accept $page_file {',
    '    "~*text/html" index.html;',
    '    "~*text/markdown" index.html.md;',
    '    default index.html;',
    '  }',
    '  # A path that starts with more than one slash or backslash (raw or encoded), or holds a doubled',
    '  # slash, is untidy: it is sent to its tidy form, or answers 404 when that form is not a safe path.',
    '  map $request_uri $untidy {',
    `    "~*^/(?:/|${BACKSLASH}|%5c|%2f)" 1;`,
    '    "~^[^?]*//" 1;',
    '    default "";',
    '  }',
    '  # The tidy form: the decoded path (nginx has merged its slashes) without leading backslashes.',
    '  map $uri $tidy_path {',
    `    "~^/[/${BACKSLASH}]*(?<tidy>${NGINX_SAFE_REST})$" /$tidy;`,
    '    default "";',
    '  }',
    '  server {',
    `    listen ${options.listen};`,
    `    root ${options.root};`,
    '    # Pages are served by try_files, never by internal redirects, so each request meets one location.',
    '    index off;',
    '    error_page 404 /404.html;',
    '    # Security headers on every answer, redirects and errors included; locations that set',
    '    # headers of their own repeat them (nginx inherits add_header only into locations without any).',
    ...headerLines.map((l) => `    ${l}`),
    '    # A control character in the decoded path is refused outright.',
    '    if ($uri ~ "[\\x00-\\x1f\\x7f]") { return 400; }',
    '    set $tidy "$untidy:$tidy_path";',
    `    if ($tidy ~ "^1:(?<to>/.*)$") { return ${REDIRECT_STATUS} $to$redirect_query; }`,
    '    if ($untidy) { return 404; }',
    '',
    '    # Configuration files for servers are not pages.',
    `    location ~ ^(?:${SERVER_FILES.map(escapeRegex).join('|')})$ { return 404; }`,
    '',
    '    # Redirect rules, first match wins, in the order of src/redirects/rules.ts.',
    ...rules.flatMap(ruleLocations).map((l) => `    ${l}`),
    '',
    '    # /x/page.html and /x/page/index.html reach /x/page/.',
    `    location = /index.html { return ${REDIRECT_STATUS} /$redirect_query; }`,
    `    location ~ ^(?<page>(?:/[${SPLAT_CHARS}]+?)+?)(?:/index)?\\.html$ {`,
    `      if (-f $document_root$page/index.html) { return ${REDIRECT_STATUS} $page/$redirect_query; }`,
    withHeaders(CACHE_REVALIDATE),
    '      try_files $uri =404;',
    '    }',
    '',
    '    # Markdown copies of the pages: <route>index.html.md, and <route without its slash>.md for short.',
    `    location ~ ^(?<mdpage>(?:/[${SPLAT_CHARS}]+?)+?)(?:/index\\.html)?\\.md$ {`,
    withHeaders(CACHE_SHORT),
    '      try_files $uri $mdpage/index.html.md =404;',
    '    }',
    '',
    '    # Files whose names carry a content hash never change.',
    '    location ^~ /assets/ {',
    withHeaders(CACHE_IMMUTABLE),
    '      try_files $uri =404;',
    '    }',
    '',
    `    location = ${RELEASES_JSON} {`,
    withHeaders(CACHE_SHORT, RELEASES_JSON_HEADERS),
    '      try_files $uri =404;',
    '    }',
    '',
    '    location = /404.html {',
    withHeaders(CACHE_REVALIDATE),
    '    }',
    '',
    '    # Other static files: cached for an hour.',
    '    location ~ \\.(?:svg|png|jpe?g|gif|webp|ico|json|xml|txt|webmanifest|woff2?)$ {',
    withHeaders(CACHE_SHORT),
    '      try_files $uri =404;',
    '    }',
    '',
    '    # /x/page answers 301 to /x/page/ when that page exists.',
    `    location ~ ^(?<folder>(?:/[${SPLAT_CHARS}]+)+)$ {`,
    `      if (-d $document_root$folder) { return ${REDIRECT_STATUS} $folder/$redirect_query; }`,
    withHeaders(CACHE_REVALIDATE),
    '      try_files $uri =404;',
    '    }',
    '',
    '    location / {',
    withHeaders(CACHE_REVALIDATE, [['Vary', 'Accept']]),
    '      try_files $uri $uri/$page_file =404;',
    '    }',
    '',
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}
