/**
 * The theme's search page adds "..." after every content snippet itself. A snippet cut at its end
 * already carries the ellipsis (Algolia's default and the embedded engine's), which made "how it......".
 * This drops the snippet's own trailing ellipsis from the page's responses, in both search modes.
 */
const TRAILING_ELLIPSIS = /(?:…|\.\.\.)\s*$/u;

interface WithSnippets {
  hits?: {_snippetResult?: {content?: {value?: unknown}}}[];
}

export function withoutTrailingEllipsis<T>(response: T): T {
  const results = (response as {results?: WithSnippets[]} | undefined)?.results;
  if (!Array.isArray(results)) return response;
  for (const result of results) {
    for (const hit of result.hits ?? []) {
      const content = hit._snippetResult?.content;
      if (content && typeof content.value === 'string') content.value = content.value.replace(TRAILING_ELLIPSIS, '');
    }
  }
  return response;
}
