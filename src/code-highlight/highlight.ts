/**
 * Build-time highlighting: prism-react-renderer's own Prism, with the extra languages the site
 * configures loaded from `prismjs` the way the theme loaded them in the browser, so tokens are the
 * ones readers saw before. Runs in Node only; the browser receives the encoded tokens.
 */
import {createRequire} from 'node:module';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import {encodeTokens, type Token} from './tokens';

const require = createRequire(__filename);
const loaded = new Set<string>();

/** Adds prismjs languages (`bash`, `nginx`, …) to prism-react-renderer's Prism instance. */
export function loadLanguages(languages: readonly string[]): void {
  const global = globalThis as {Prism?: unknown};
  const before = global.Prism;
  global.Prism = Prism;
  try {
    for (const lang of languages) {
      if (loaded.has(lang)) continue;
      if (lang === 'php') require('prismjs/components/prism-markup-templating.js');
      require(`prismjs/components/prism-${lang}.js`);
      loaded.add(lang);
    }
  } finally {
    if (before === undefined) delete global.Prism;
    else global.Prism = before;
  }
}

/** Whether Prism knows the language (by name or alias). */
export function hasLanguage(language: string): boolean {
  return Prism.languages[language.toLowerCase()] !== undefined;
}

/** The lines of `code` as tokens, exactly as the theme's `<Highlight>` would produce them. */
export function tokenize(code: string, language: string): Token[][] {
  const lang = language.toLowerCase();
  const grammar = Prism.languages[lang];
  if (!grammar) return normalizeTokens([code]);
  const env = {code, grammar, language: lang, tokens: [] as ReturnType<typeof Prism.tokenize>};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(code, grammar);
  Prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
}

/**
 * The encoded tokens of a block as written (its source, magic comments included, without the final
 * line break the theme drops), or undefined when there is nothing to colour.
 */
export function highlight(source: string, language: string): string | undefined {
  return encodeTokens(tokenize(source.replace(/\r?\n$/, ''), language));
}
