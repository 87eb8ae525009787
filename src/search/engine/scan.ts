/**
 * Answers from documents that are not indexed yet, by reading each one: while the first shard is
 * being indexed (in slices, tens of milliseconds on a phone), the queries that come meanwhile are
 * answered at once from its records instead of waiting for the index. It finds words in the
 * lower-cased text without cutting it into terms (a few milliseconds for the first shard), and ranks in outline as the engine
 * does: field boosts, a word that only starts a term weighs less than the whole term, shorter fields
 * weigh more, every query word must match (AND) or any may (OR), and the engine's document boost
 * applies. It forgives no typos. Pure: browser and Node.
 */
import type {SearchResult} from 'minisearch';
import {fold, hasPartSeparator} from './tokenize';

export interface ScanOptions<F extends string> {
  combineWith: 'AND' | 'OR';
  boost: Record<F, number>;
  /** Whether query word `index` of `terms` also matches the terms it starts. */
  prefix: (term: string, index: number, terms: string[]) => boolean;
  /** The weight of a prefix match, before it is scaled by how much of the term the word covers. */
  prefixWeight: number;
  boostDocument: (id: number, term: string) => number;
}

/** How much a field's length lowers its matches (BM25's b). */
const LENGTH_WEIGHT = 0.75;

const LETTER_DIGIT_OR_MARK = /[\p{L}\p{N}\p{M}]/u;

/** A letter or digit (or, beyond ASCII, a mark): what terms are made of. */
function isWordChar(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return LETTER_DIGIT_OR_MARK.test(String.fromCharCode(code));
}

/** `_ - . /`, which join the parts of a technical name. */
function isJoiner(code: number): boolean {
  return code === 95 || code === 45 || code === 46 || code === 47;
}

export class Scan<F extends string> {
  /** Each document's fields in lower case without accents, made on the first search. */
  private texts: string[][] | undefined;
  private averageLength: number[] = [];

  constructor(
    private readonly documents: readonly ({id: number} & Record<F, string>)[],
    private readonly fields: readonly F[],
    private readonly processTerm: (term: string) => string | null,
  ) {}

  private lowerTexts(): string[][] {
    if (this.texts) return this.texts;
    // The average length of a field over the documents that have it.
    const totals = this.fields.map(() => 0);
    const counts = this.fields.map(() => 0);
    this.texts = this.documents.map((document) =>
      this.fields.map((field, f) => {
        const text = fold(document[field]);
        if (text.trim()) {
          totals[f] = (totals[f] ?? 0) + text.length;
          counts[f] = (counts[f] ?? 0) + 1;
        }
        return text;
      }),
    );
    this.averageLength = totals.map((total, f) => Math.max(1, total / Math.max(1, counts[f] ?? 0)));
    return this.texts;
  }

  /**
   * The best match of `word` in `text` (folded): a term that `word` is, or (with `prefix`) starts.
   * A term starts after a character that is not a letter or digit; it runs over letters and digits,
   * and over `_ - . /` too when the word itself has them (`joined`: a technical name typed whole).
   */
  private static bestMatch(
    text: string,
    word: string,
    joined: boolean,
    prefix: boolean,
    prefixWeight: number,
  ): {term: string; weight: number} | undefined {
    let best: {term: string; weight: number} | undefined;
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      if (at > 0 && isWordChar(text.charCodeAt(at - 1))) continue;
      let end = at + word.length;
      while (end < text.length) {
        if (isWordChar(text.charCodeAt(end))) {
          end += 1;
          continue;
        }
        // Joiners (`__` too) belong to the term when a letter or digit follows them.
        let after = end;
        while (joined && after < text.length && isJoiner(text.charCodeAt(after))) after += 1;
        if (after === end || !isWordChar(text.charCodeAt(after))) break;
        end = after;
      }
      const distance = end - at - word.length;
      if (distance === 0) return {term: word, weight: 1};
      if (!prefix) continue;
      const weight = (prefixWeight * word.length) / (word.length + 0.3 * distance);
      if (!best || weight > best.weight) best = {term: text.slice(at, end), weight};
    }
    return best;
  }

  /** The documents that match `query` (cut by `tokenizeQuery`), best first, in MiniSearch's result shape. */
  search(query: string, tokenizeQuery: (text: string) => string[], options: ScanOptions<F>): SearchResult[] {
    const queryTerms: string[] = [];
    for (const token of tokenizeQuery(query)) {
      const term = this.processTerm(token);
      if (term) queryTerms.push(term);
    }
    if (queryTerms.length === 0) return [];
    const prefix = queryTerms.map((term, i) => options.prefix(term, i, queryTerms));
    const joined = queryTerms.map(hasPartSeparator);
    const texts = this.lowerTexts();
    const results: SearchResult[] = [];
    for (let d = 0; d < this.documents.length; d += 1) {
      const fieldTexts = texts[d]!;
      const match: Record<string, string[]> = {};
      const matchedQueryTerms: string[] = [];
      let score = 0;
      let missing = false;
      for (let q = 0; q < queryTerms.length; q += 1) {
        const word = queryTerms[q]!;
        // As the engine's index does: a word's score is the sum of its matches in each field.
        let wordScore = 0;
        let best = 0;
        let bestTerm = '';
        for (let f = 0; f < this.fields.length; f += 1) {
          const text = fieldTexts[f]!;
          if (text.length < word.length) continue;
          const found = Scan.bestMatch(text, word, joined[q]!, prefix[q]!, options.prefixWeight);
          if (!found) continue;
          const field = this.fields[f]!;
          const fields = (match[found.term] ??= []);
          if (!fields.includes(field)) fields.push(field);
          const lengthNorm = 1 / (1 - LENGTH_WEIGHT + (LENGTH_WEIGHT * text.length) / this.averageLength[f]!);
          const value = found.weight * options.boost[field] * lengthNorm;
          wordScore += value;
          if (value > best) {
            best = value;
            bestTerm = found.term;
          }
        }
        if (wordScore === 0) {
          missing = true;
          if (options.combineWith === 'AND') break;
          continue;
        }
        matchedQueryTerms.push(word);
        score += wordScore * options.boostDocument(this.documents[d]!.id, bestTerm);
      }
      if (score === 0 || (missing && options.combineWith === 'AND')) continue;
      results.push({
        id: this.documents[d]!.id,
        score,
        terms: Object.keys(match),
        queryTerms: matchedQueryTerms,
        match,
      });
    }
    return results.sort((a, b) => b.score - a.score);
  }
}
