/**
 * Highlighting and snippets in Algolia's shape. Every piece of page text and query text is
 * HTML-escaped; only the highlight tags are markup.
 */
import {normalizeTerm, tokenize, typoTolerance, words} from './tokenize';

export type MatchLevel = 'none' | 'partial' | 'full';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c]!);
}

/** The atomic words of the query, normalised. */
function queryParts(queryWords: readonly string[]): string[] {
  const parts = new Set<string>();
  for (const w of queryWords) {
    for (const {word} of words(w)) {
      const n = normalizeTerm(word);
      if (n) parts.add(n);
    }
  }
  return [...parts];
}

/** Edit distance of two words, or `limit + 1` once it is known to exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({length: b.length + 1}, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** True when a word of the page answers a word of the query: the same, completed, or within typos. */
function answers(word: string, queryWord: string): boolean {
  if (word === queryWord || word.startsWith(queryWord)) return true;
  const allowed = typoTolerance(queryWord);
  return allowed > 0 && editDistance(word, queryWord, allowed) <= allowed;
}

/** Which words of `text` matched (by the matched index terms) and which query words they answer. */
function matchedRanges(text: string, matched: ReadonlySet<string>, queryWords: readonly string[]) {
  const atomic = new Set<string>();
  for (const term of matched) for (const t of tokenize(term)) atomic.add(normalizeTerm(t) ?? t);
  const parts = queryParts(queryWords);
  const ranges: {start: number; end: number}[] = [];
  const answered = new Set<string>();
  for (const w of words(text)) {
    const n = normalizeTerm(w.word);
    if (!n || !atomic.has(n)) continue;
    ranges.push({start: w.start, end: w.end});
    for (const q of parts) if (answers(n, q)) answered.add(q);
  }
  const matchedWords = parts.filter((q) => answered.has(q));
  const matchLevel: MatchLevel =
    ranges.length === 0 ? 'none' : matchedWords.length === parts.length ? 'full' : 'partial';
  return {ranges, matchLevel, matchedWords};
}

function mark(text: string, ranges: readonly {start: number; end: number}[], pre: string, post: string): string {
  let out = '';
  let at = 0;
  for (const range of ranges) {
    out += escapeHtml(text.slice(at, range.start)) + pre + escapeHtml(text.slice(range.start, range.end)) + post;
    at = range.end;
  }
  return out + escapeHtml(text.slice(at));
}

export function highlight(
  text: string,
  matched: ReadonlySet<string>,
  queryWords: readonly string[],
  pre: string,
  post: string,
): {value: string; matchLevel: MatchLevel; matchedWords: string[]; fullyHighlighted: boolean} {
  const {ranges, matchLevel, matchedWords} = matchedRanges(text, matched, queryWords);
  const covered = ranges.reduce((sum, r) => sum + r.end - r.start, 0);
  return {
    value: mark(text, ranges, pre, post),
    matchLevel,
    matchedWords,
    fullyHighlighted: covered > 0 && covered === words(text).reduce((sum, w) => sum + w.end - w.start, 0),
  };
}

/** A window of `size` words around the first match, with the ellipsis where text was cut. */
export function snippet(
  text: string,
  matched: ReadonlySet<string>,
  queryWords: readonly string[],
  size: number,
  pre: string,
  post: string,
  ellipsis: string,
): {value: string; matchLevel: MatchLevel} {
  const pieces = [...text.matchAll(/\S+/g)].map((m) => ({start: m.index, end: m.index + m[0].length}));
  const {ranges, matchLevel} = matchedRanges(text, matched, queryWords);
  if (pieces.length <= size) return {value: mark(text, ranges, pre, post), matchLevel};
  const first = ranges[0];
  const hitPiece = first ? pieces.findIndex((p) => p.end > first.start) : 0;
  const startPiece = Math.max(0, Math.min(hitPiece - Math.floor(size / 3), pieces.length - size));
  const endPiece = startPiece + size - 1;
  const from = pieces[startPiece]!.start;
  const to = pieces[endPiece]!.end;
  const inside = ranges
    .filter((r) => r.start >= from && r.end <= to)
    .map((r) => ({start: r.start - from, end: r.end - from}));
  const value =
    (startPiece > 0 ? ellipsis : '') +
    mark(text.slice(from, to), inside, pre, post) +
    (endPiece < pieces.length - 1 ? ellipsis : '');
  return {value, matchLevel};
}
