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
