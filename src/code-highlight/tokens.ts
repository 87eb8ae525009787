/**
 * The compact form in which a code block's tokens travel from the build to the browser.
 *
 * The build tokenizes each block and sends, beside the source text the page already carries, only
 * each token's type and length: `"<types>/<line>/<line>…"`, where `<types>` lists the distinct
 * token types of the block (comma-separated, nested types joined by `.`), and each line is a
 * space-separated list of `<type index>:<length>`. The browser cuts the source into tokens with
 * it, so no highlighter ships and the text is never sent twice.
 */

/** One token of a line, as prism-react-renderer's `normalizeTokens` gives it. */
export interface Token {
  types: string[];
  content: string;
  empty?: boolean;
}

const LINE = '/';

/** Splits code into lines the way Prism's token normalisation does. */
export function splitLines(code: string): string[] {
  return code.split(/\r\n|\r|\n/);
}

/**
 * Encodes tokenized lines. Returns undefined when every token is plain, so that blocks in an
 * unknown language, or plain text, carry nothing extra.
 */
export function encodeTokens(lines: Token[][]): string | undefined {
  const types: string[] = [];
  const index = new Map<string, number>();
  let highlighted = false;
  const encoded = lines.map((line) =>
    line
      .filter((token) => token.content.length > 0)
      .map((token) => {
        const key = token.types.join('.');
        if (key !== 'plain') highlighted = true;
        let i = index.get(key);
        if (i === undefined) {
          i = types.length;
          types.push(key);
          index.set(key, i);
        }
        return `${i}:${token.content.length}`;
      })
      .join(' '),
  );
  return highlighted ? [types.join(','), ...encoded].join(LINE) : undefined;
}

function plainLine(text: string): Token[] {
  return [text ? {types: ['plain'], content: text} : {types: ['plain'], content: '', empty: true}];
}

/** Cuts one line of text into tokens by the encoded lengths; null when they do not add up. */
function cutLine(text: string, spec: string, types: string[][]): Token[] | null {
  if (spec === '') return text === '' ? plainLine('') : null;
  const tokens: Token[] = [];
  let at = 0;
  for (const part of spec.split(' ')) {
    const [i, n] = part.split(':').map(Number) as [number, number];
    const tokenTypes = types[i];
    if (!tokenTypes || !Number.isInteger(n) || n <= 0 || at + n > text.length) return null;
    tokens.push({types: tokenTypes, content: text.slice(at, at + n)});
    at += n;
  }
  return at === text.length ? tokens : null;
}

/**
 * The lines of `code` as tokens, for rendering.
 *
 * `encoded` describes the lines of `source`, the block as written; `code` is what the theme shows,
 * which is `source` without its magic-comment lines (`// highlight-next-line`), so each line of
 * `code` takes the tokens of the next line of `source` with the same text. A line whose tokens are
 * missing or do not add up to its text is shown plain: a mismatch can cost colour, never text.
 */
export function decodeTokens(encoded: string | undefined, source: string, code: string): Token[][] {
  const lines = splitLines(code);
  if (!encoded) return lines.map(plainLine);
  const [header = '', ...specs] = encoded.split(LINE);
  const types = header.split(',').map((key) => key.split('.'));
  const sourceLines = splitLines(source.replace(/\r?\n$/, ''));
  let j = 0;
  return lines.map((text) => {
    const from = j;
    while (j < sourceLines.length && sourceLines[j] !== text) j++;
    if (j >= sourceLines.length) {
      j = from;
      return plainLine(text);
    }
    const spec = specs[j++];
    return (spec !== undefined && cutLine(text, spec, types)) || plainLine(text);
  });
}
