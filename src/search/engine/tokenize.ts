/**
 * How text is cut into search terms. Technical names stay findable whole: `AUTHENTIK_POSTGRESQL__HOST`,
 * `authenticator_totp`, `CVE-2024-52289` and `X-authentik-username` are indexed as one term each, and
 * also as their parts, so both the exact name and its words match.
 */

/** Characters that end a chunk; `_ - . /` inside a chunk join the parts of a technical name. */
const CHUNK_SEPARATOR = /[\s,;:!?()[\]{}<>"'`|*=+@#$%^&~\\“”‘’«»—–]+/u;
const PART_SEPARATOR = /[._\-/]+/u;
const HAS_PART_SEPARATOR = /[._\-/]/;
const EDGE = /^[._\-/]+|[._\-/]+$/gu;

/** True when a term holds `_ - . /`: a technical name, or part of one. */
export function hasPartSeparator(term: string): boolean {
  return HAS_PART_SEPARATOR.test(term);
}

export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const raw of text.split(CHUNK_SEPARATOR)) {
    // Most chunks are plain words: nothing to trim or to cut into parts.
    if (!HAS_PART_SEPARATOR.test(raw)) {
      if (raw) terms.push(raw);
      continue;
    }
    const chunk = raw.replace(EDGE, '');
    if (!chunk) continue;
    const parts = chunk.split(PART_SEPARATOR).filter(Boolean);
    if (parts.length > 1) terms.push(chunk);
    terms.push(...parts);
  }
  return terms;
}

/**
 * How a query is cut: like page text, except that a technical name stays whole. Whoever types
 * `AUTHENTIK_POSTGRESQL__HOST` wants that name, not every page with "host" in it, and one whole
 * term is also much faster to look up than its parts with typo tolerance each.
 */
export function tokenizeQuery(text: string): string[] {
  const terms: string[] = [];
  for (const raw of text.split(CHUNK_SEPARATOR)) {
    const chunk = raw.replace(EDGE, '');
    if (chunk) terms.push(chunk);
  }
  return terms;
}

/** Anything but printable ASCII takes the Unicode path (control characters too: same result, rarer). */
const NOT_PRINTABLE_ASCII = /[^ -~]/;
const ASCII_LETTER_OR_DIGIT = /[a-z0-9]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const MARK = /\p{M}/gu;

/** Lower case without accents; a term with no letter or digit is dropped. */
export function normalizeTerm(term: string): string | null {
  // Unicode normalisation is costly and only needed outside ASCII, which most terms are not.
  if (!NOT_PRINTABLE_ASCII.test(term)) {
    const lower = term.toLowerCase();
    return ASCII_LETTER_OR_DIGIT.test(lower) ? lower : null;
  }
  const normalized = foldUnicode(term);
  return LETTER_OR_DIGIT.test(normalized) ? normalized : null;
}

function foldUnicode(text: string): string {
  return text.normalize('NFKD').replace(MARK, '').toLowerCase();
}

/** Any text in lower case without accents, folded as `normalizeTerm` folds a term. */
export function fold(text: string): string {
  return NOT_PRINTABLE_ASCII.test(text) ? foldUnicode(text) : text.toLowerCase();
}

/** The atomic words of a text (letters and digits only), with their positions. */
export function words(text: string): {word: string; start: number; end: number}[] {
  const found: {word: string; start: number; end: number}[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    found.push({word: match[0], start: match.index, end: match.index + match[0].length});
  }
  return found;
}

/** Edit distance allowed for a query word: none under 4 characters, one from 4, two from 8. */
export function typoTolerance(term: string): number {
  if (term.length >= 8) return 2;
  if (term.length >= 4) return 1;
  return 0;
}
