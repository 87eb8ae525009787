/**
 * Pages a reader may have meant when an address leads nowhere: the words of the missing address
 * against the title and address of every page. `/flows/stage/pasword/` finds the Password stage:
 * "stage" matches a title word exactly, "pasword" matches "password" with one letter missing.
 */
import {editDistance} from './highlight';
import {normalizeTerm, typoTolerance, words} from './tokenize';

/** A page that can be suggested: its route and its title. */
export type PageTitle = readonly [route: string, title: string];

export interface Suggestion {
  route: string;
  title: string;
}

/** Parts of an address that say nothing about the page. */
const NOISE = new Set(['docs', 'index', 'html', 'htm', 'md', 'mdx', 'php', 'www']);

/** The words of an address (its path, percent-decoded where that is possible), lower case. */
export function addressWords(pathname: string): string[] {
  let text = pathname;
  try {
    text = decodeURIComponent(pathname);
  } catch {
    // A malformed escape stays as it is; its letters still count.
  }
  const found = words(text)
    .map(({word}) => normalizeTerm(word))
    .filter((w): w is string => w !== null && !NOISE.has(w));
  return [...new Set(found)];
}

/** How well one word of the address matches a list of page words: 3 exact, 2 prefix, 1 typo, else 0. */
function wordScore(word: string, pageWords: readonly string[]): number {
  let best = 0;
  for (const candidate of pageWords) {
    if (candidate === word) return 3;
    if (word.length >= 3 && candidate.startsWith(word)) best = Math.max(best, 2);
    else if (best < 1) {
      const limit = typoTolerance(word);
      if (limit > 0 && editDistance(word, candidate, limit) <= limit) best = 1;
    }
  }
  return best;
}

const pageWords = (text: string) =>
  words(text)
    .map(({word}) => normalizeTerm(word))
    .filter((w): w is string => w !== null);

/**
 * The pages whose titles best match the words of `pathname`, best first, at most `limit`. A match
 * in the title counts more than one only in the page's address; shorter titles win ties.
 */
export function suggestPages(pathname: string, pages: readonly PageTitle[], limit = 5): Suggestion[] {
  const query = addressWords(pathname);
  if (query.length === 0) return [];
  const scored = pages.map(([route, title]) => {
    const inTitle = pageWords(title);
    const inRoute = pageWords(route.replace(/[-_]/g, ' '));
    let score = 0;
    for (const word of query) {
      const title = wordScore(word, inTitle);
      score += title > 0 ? title * 2 : wordScore(word, inRoute);
    }
    return {route, title, score};
  });
  return scored
    .filter((page) => page.score > 0)
    .sort((a, b) => b.score - a.score || a.title.length - b.title.length || a.route.localeCompare(b.route))
    .slice(0, limit)
    .map(({route, title}) => ({route, title}));
}
