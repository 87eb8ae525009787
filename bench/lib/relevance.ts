/**
 * Relevance of the embedded search on a set of queries with the page a reader expects for each:
 * top-1, top-5 and MRR@5 over pages (several hits of one page count as one). Pure: the unit test
 * and the bench run it over the real index.
 */
export interface RelevanceQuery {
  query: string;
  /** The route of the expected page, such as `/add-secure-apps/flows-stages/stages/password/`. */
  expected: string;
  kind: string;
}

export interface RelevanceReport {
  queries: number;
  top1: number;
  top5: number;
  mrr5: number;
  /** Queries whose page is not in the top 5, with the pages that came instead. */
  misses: {query: string; expected: string; got: string[]}[];
}

/** Reads `query<TAB>expected<TAB>kind` lines; the first line is the header. */
export function parseQueries(tsv: string): RelevanceQuery[] {
  return tsv
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [query = '', expected = '', kind = ''] = line.split('\t');
      return {query, expected, kind};
    });
}

/** The route of a URL, with no origin and no anchor. */
export function routeOf(url: string): string {
  return url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/#.*$/, '');
}

/** Distinct pages of a ranked list of hit URLs, in order. */
export function rankedPages(urls: readonly string[]): string[] {
  return [...new Set(urls.map(routeOf))];
}

export function scoreRelevance(
  queries: readonly RelevanceQuery[],
  search: (query: string) => readonly string[],
): RelevanceReport {
  let top1 = 0;
  let top5 = 0;
  let reciprocal = 0;
  const misses: RelevanceReport['misses'] = [];
  for (const q of queries) {
    const pages = rankedPages(search(q.query)).slice(0, 5);
    const rank = pages.indexOf(q.expected);
    if (rank === 0) top1 += 1;
    if (rank >= 0) {
      top5 += 1;
      reciprocal += 1 / (rank + 1);
    } else misses.push({query: q.query, expected: q.expected, got: pages});
  }
  const n = Math.max(1, queries.length);
  return {queries: queries.length, top1: top1 / n, top5: top5 / n, mrr5: reciprocal / n, misses};
}
