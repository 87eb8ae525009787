/**
 * Highlighting and snippets in Algolia's shape. Every piece of page text and query text is
 * HTML-escaped; only the highlight tags are markup.
 */
import {escapeHtml} from '../../html';
import {normalizeTerm, tokenize, typoTolerance, words} from './tokenize';

export type MatchLevel = 'none' | 'partial' | 'full';

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

type Range = {start: number; end: number};

/**
 * Marks the texts of one hit: the matched index terms and the query's words are read once, and each
 * text is cut into words once, for its highlight and its snippet alike.
 */
export class Marker {
  private readonly atomic = new Set<string>();
  private readonly parts: string[];

  constructor(
    matched: Iterable<string>,
    queryWords: readonly string[],
    private readonly pre: string,
    private readonly post: string,
    private readonly ellipsis = '…',
  ) {
    for (const term of matched) for (const t of tokenize(term)) this.atomic.add(normalizeTerm(t) ?? t);
    this.parts = queryParts(queryWords);
  }

  /** Which words of `text` matched, which query words they answer, and how much of the text they cover. */
  private matchedRanges(text: string) {
    const ranges: Range[] = [];
    const answered = new Set<string>();
    let wordChars = 0;
    let covered = 0;
    for (const w of words(text)) {
      wordChars += w.end - w.start;
      const n = normalizeTerm(w.word);
      if (!n || !this.atomic.has(n)) continue;
      ranges.push({start: w.start, end: w.end});
      covered += w.end - w.start;
      for (const q of this.parts) if (answers(n, q)) answered.add(q);
    }
    const matchedWords = this.parts.filter((q) => answered.has(q));
    const matchLevel: MatchLevel =
      ranges.length === 0 ? 'none' : matchedWords.length === this.parts.length ? 'full' : 'partial';
    return {ranges, matchLevel, matchedWords, fullyHighlighted: covered > 0 && covered === wordChars};
  }

  private mark(text: string, ranges: readonly Range[]): string {
    let out = '';
    let at = 0;
    for (const range of ranges) {
      out +=
        escapeHtml(text.slice(at, range.start)) + this.pre + escapeHtml(text.slice(range.start, range.end)) + this.post;
      at = range.end;
    }
    return out + escapeHtml(text.slice(at));
  }

  /** The whole text, escaped, with every matched word marked; and a snippet of `size` words when asked. */
  text(
    text: string,
    size?: number,
  ): {
    highlight: {value: string; matchLevel: MatchLevel; matchedWords: string[]; fullyHighlighted: boolean};
    snippet?: {value: string; matchLevel: MatchLevel};
  } {
    const {ranges, matchLevel, matchedWords, fullyHighlighted} = this.matchedRanges(text);
    const value = this.mark(text, ranges);
    return {
      highlight: {value, matchLevel, matchedWords, fullyHighlighted},
      snippet: size === undefined ? undefined : {value: this.cut(text, ranges, size, value), matchLevel},
    };
  }

  /** A window of `size` words around the first match, with the ellipsis where text was cut. */
  private cut(text: string, ranges: readonly Range[], size: number, whole: string): string {
    const pieces = [...text.matchAll(/\S+/g)].map((m) => ({start: m.index, end: m.index + m[0].length}));
    if (pieces.length <= size) return whole;
    const first = ranges[0];
    const hitPiece = first ? pieces.findIndex((p) => p.end > first.start) : 0;
    const startPiece = Math.max(0, Math.min(hitPiece - Math.floor(size / 3), pieces.length - size));
    const endPiece = startPiece + size - 1;
    const from = pieces[startPiece]!.start;
    const to = pieces[endPiece]!.end;
    const inside = ranges
      .filter((r) => r.start >= from && r.end <= to)
      .map((r) => ({start: r.start - from, end: r.end - from}));
    return (
      (startPiece > 0 ? this.ellipsis : '') +
      this.mark(text.slice(from, to), inside) +
      (endPiece < pieces.length - 1 ? this.ellipsis : '')
    );
  }
}
