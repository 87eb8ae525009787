/**
 * Where a page's Markdown copy lives. The file is `<route>index.html.md`, the address llmstxt.org
 * proposes for a page whose URL ends in a slash; `<route without its trailing slash>.md` is a short
 * form that the servers rewrite to it. Pure, and small enough for the browser.
 */

/** The Markdown copy of `/a/b/` is `/a/b/index.html.md`; of `/`, `/index.html.md`. */
export function markdownPath(route: string): string {
  return `${route.endsWith('/') ? route : `${route}/`}index.html.md`;
}

/** The short form, `/a/b.md`; the home page has none. */
export function shortMarkdownPath(route: string): string | undefined {
  const trimmed = route.replace(/\/+$/, '');
  return trimmed === '' ? undefined : `${trimmed}.md`;
}

/** The two endings of a Markdown address, longest first. */
export const MARKDOWN_SUFFIXES = ['/index.html.md', '.md'] as const;

/**
 * Splits a Markdown address into the page path it stands for and its ending: `/a/b.md` gives
 * `['/a/b', '.md']`, `/a/b/index.html.md` gives `['/a/b', '/index.html.md']`; anything else undefined.
 */
export function splitMarkdownPath(pathname: string): [string, string] | undefined {
  if (pathname === '/index.html.md') return ['/', '/index.html.md'];
  for (const suffix of MARKDOWN_SUFFIXES) {
    if (pathname.endsWith(suffix) && pathname.length > suffix.length) {
      const page = pathname.slice(0, -suffix.length);
      if (page.endsWith('/')) return undefined;
      return [page, suffix];
    }
  }
  return undefined;
}

/** The Markdown address, in the ending a reader asked for, of the page at `route`. */
export function withMarkdownSuffix(route: string, suffix: string): string {
  if (suffix === '.md') return shortMarkdownPath(route) ?? markdownPath(route);
  return markdownPath(route);
}
