/**
 * Code highlighted at build time: the tokens the build makes (src/code-highlight/highlight.ts), as the
 * browser cuts them back out of the source (src/code-highlight/tokens.ts) after the theme's own
 * metadata step has applied line ranges and removed magic comments.
 */
import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {themes} from 'prism-react-renderer';
// The theme's own function, the one the browser runs (its package exports only its React entry).
import {createCodeBlockMetadata} from '../../node_modules/@docusaurus/theme-common/lib/utils/codeBlockUtils.js';
import {CODE_LANGUAGES} from '../../src/code-highlight/languages';
import {hasLanguage, highlight, loadLanguages, tokenize} from '../../src/code-highlight/highlight';
import {decodeTokens, encodeTokens, type Token} from '../../src/code-highlight/tokens';
import {codeThemeCss} from '../../src/code-highlight/theme-css';
import {darkCodeTheme, lightCodeTheme} from '../../src/code-highlight/prism-themes';

loadLanguages(CODE_LANGUAGES);

const MAGIC_COMMENTS = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: {start: 'highlight-start', end: 'highlight-end'},
  },
];

/** What the page shows for a fenced block: the theme's metadata, then the build's tokens. */
function render(source: string, language: string, metastring?: string) {
  const metadata = createCodeBlockMetadata({
    code: source,
    className: `language-${language}`,
    metastring,
    magicComments: MAGIC_COMMENTS,
    language: undefined,
    defaultLanguage: undefined,
    title: undefined,
    showLineNumbers: undefined,
  });
  const lines = decodeTokens(highlight(source, language), metadata.codeInput, metadata.code);
  return {metadata, lines};
}

const text = (lines: Token[][]) => lines.map((line) => line.map((t) => t.content).join('')).join('\n');
const typesOf = (line: Token[]) => line.filter((t) => t.types[0] !== 'plain').map((t) => t.types.join('.'));
/** What the theme's in-browser <Highlight> made of the code it shows (empty tokens aside). */
const themeTokens = (code: string, lang: string) =>
  tokenize(code, lang).map((line) => (line[0]!.empty ? line : line.filter((t) => t.content.length > 0)));

/** A sample per language, and a token type it must produce. */
const SAMPLES: Record<string, [string, string]> = {
  apacheconf: [
    '<VirtualHost *:443>\n  ProxyPass / http://authentik:9000/\n</VirtualHost>',
    'directive-inline.property',
  ],
  diff: ['- old: 1\n+ new: 2', 'inserted-sign.inserted.line'],
  http: ['GET /api/v3/ HTTP/1.1\nHost: authentik.company', 'request-line'],
  json: ['{"name": "authentik", "port": 9000}', 'property'],
  nginx: ['location / {\n  proxy_pass http://authentik;\n}', 'directive'],
  python: ['def f(request):\n    return request.user.is_active', 'keyword'],
  bash: ['if [ -f .env ]; then docker compose up -d; fi', 'keyword'],
  powershell: ['Get-Process | Where-Object { $_.CPU -gt 100 }', 'function'],
  // prism-react-renderer's own languages that the pages use most
  yaml: ['version: 1\nentries: [] # none', 'key.atrule'],
  shell: ['export AUTHENTIK_TAG=2025.8', 'builtin.class-name'],
  jsx: ['const a = <div className="x">{b}</div>;', 'tag.punctuation'],
  tsx: ['type A = {b: string};', 'keyword'],
};

describe('build-time highlighting', () => {
  it.each(CODE_LANGUAGES.map((lang) => [lang]))('knows the configured language %s', (lang) => {
    expect(hasLanguage(lang)).toBe(true);
    expect(Object.keys(SAMPLES)).toContain(lang);
  });

  it.each(Object.entries(SAMPLES))('colours %s, and gives back the exact source', (lang, [source, type]) => {
    const {lines} = render(source, lang);
    expect(text(lines)).toBe(source);
    expect(lines.flatMap(typesOf)).toContain(type);
    // The browser gets exactly the tokens the theme's <Highlight> would have made.
    expect(lines).toEqual(
      tokenize(source, lang).map((line) => (line[0]!.empty ? line : line.filter((t) => t.content.length > 0))),
    );
  });

  it('highlights lines by range, keeping every line and its tokens', () => {
    const source = 'a: 1\nb: 2\nc: 3\nd: 4';
    const {metadata, lines} = render(source, 'yaml', 'title="x.yaml" showLineNumbers {2-3}');
    expect(metadata.title).toBe('x.yaml');
    expect(metadata.lineNumbersStart).toBe(1);
    expect(Object.keys(metadata.lineClassNames)).toEqual(['1', '2']);
    expect(text(lines)).toBe(source);
    expect(lines.map(typesOf)).toEqual(Array(4).fill(['key.atrule', 'punctuation', 'number']));
  });

  it('highlights lines by magic comment, drops the comment lines and keeps the others coloured', () => {
    const source = [
      'import a from "a";',
      '// highlight-next-line',
      'const b = 1;',
      '// highlight-start',
      'function c() {',
      '  return b;',
      '}',
      '// highlight-end',
      'export default c;',
    ].join('\n');
    const {metadata, lines} = render(source, 'js');
    expect(metadata.code).not.toContain('highlight-');
    expect(text(lines)).toBe(metadata.code);
    expect(Object.keys(metadata.lineClassNames).map(Number)).toEqual([1, 2, 3, 4]);
    // Exactly the tokens of the code as shown, so the magic comments changed nothing else.
    expect(lines).toEqual(themeTokens(metadata.code, 'js'));
    expect(typesOf(lines[3]!)).toContain('keyword.control-flow');
  });

  it('uses # magic comments in Python, YAML and shell', () => {
    const {metadata, lines} = render('x = 1\n# highlight-next-line\nreturn x', 'python');
    expect(metadata.code).toBe('x = 1\nreturn x');
    expect(metadata.lineClassNames[1]).toEqual(['theme-code-block-highlighted-line']);
    expect(typesOf(lines[1]!)).toEqual(['keyword']);
  });

  it('shows an unknown language as plain text, and sends nothing for it', () => {
    const source = 'whatever <b>this</b> is\n  indented';
    expect(highlight(source, 'no-such-language')).toBeUndefined();
    const {lines} = render(source, 'no-such-language');
    expect(text(lines)).toBe(source);
    expect(lines.flat().every((t) => t.types.join() === 'plain')).toBe(true);
  });

  it('keeps HTML in code as text: <script> and &amp; reach the page escaped and inert', () => {
    const source = '<script>alert("x")</script>\n<p title="a &amp; b">&lt;not a tag&gt;</p>';
    for (const lang of ['html', 'markup', 'text', 'yaml']) {
      const {lines} = render(source, lang);
      expect(text(lines)).toBe(source);
      const html = renderToStaticMarkup(
        React.createElement(
          'code',
          null,
          lines.map((line, i) =>
            React.createElement(
              'span',
              {key: i},
              line.map((t, j) => React.createElement('span', {key: j, className: t.types.join(' ')}, t.content)),
            ),
          ),
        ),
      );
      expect(html).not.toMatch(/<script|<p[ >]/);
      expect(html.replace(/<[^>]*>/g, '')).toBe(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;p title=&quot;a &amp;amp; b&quot;&gt;&amp;lt;not a tag&amp;gt;&lt;/p&gt;',
      );
    }
  });

  it('handles an empty block and a block of empty lines', () => {
    expect(highlight('', 'yaml')).toBeUndefined();
    expect(text(render('', 'yaml').lines)).toBe('');
    expect(text(render('a: 1\n\n\nb: 2\n', 'yaml').lines)).toBe('a: 1\n\n\nb: 2');
  });

  it('handles very long lines, sending far fewer bytes than the text', () => {
    const line = Array.from({length: 2000}, (_, i) => `key${i}: "value ${i}"`).join(', ');
    const source = `${line}\n${'x'.repeat(50_000)}`;
    const encoded = highlight(`[${source}]`, 'json');
    const {lines} = render(source, 'yaml');
    expect(text(lines)).toBe(source);
    expect(encoded).toBeDefined();
    expect(lines[1]).toEqual([{types: ['plain'], content: 'x'.repeat(50_000)}]);
  });

  it('shows text it cannot match plain, never losing or changing a character', () => {
    const encoded = highlight('a: 1\nb: 2', 'yaml')!;
    // The source changed after tokenizing (or the tokens were damaged): the text still shows as it is.
    expect(text(decodeTokens(encoded, 'a: 12\nb: 2', 'a: 12\nb: 2'))).toBe('a: 12\nb: 2');
    expect(decodeTokens(encoded, 'a: 12\nb: 2', 'a: 12\nb: 2')[0]).toEqual([{types: ['plain'], content: 'a: 12'}]);
    expect(text(decodeTokens('junk/9:9 x', 'a: 1', 'a: 1'))).toBe('a: 1');
  });

  it('gives back any source exactly, in any language', () => {
    fc.assert(
      fc.property(
        fc.string({unit: fc.constantFrom('a', ' ', '\n', '"', '#', '<', '>', '&', '{', '}', ':', '-', '1', '\t', 'é')}),
        fc.constantFrom('yaml', 'python', 'bash', 'json', 'html', 'jsx', 'nginx', 'diff', 'text'),
        (source, lang) => {
          const code = source.replace(/\r?\n$/, '');
          expect(text(decodeTokens(highlight(source, lang), source, code))).toBe(code);
        },
      ),
      {numRuns: 300},
    );
  });

  it('encodes only what is coloured', () => {
    expect(encodeTokens([[{types: ['plain'], content: 'x'}]])).toBeUndefined();
    expect(
      encodeTokens([
        [
          {types: ['keyword'], content: 'if'},
          {types: ['plain'], content: ' x'},
        ],
        [],
      ]),
    ).toBe('keyword,plain/0:2 1:2/');
  });
});

describe('code colours', () => {
  const css = codeThemeCss(lightCodeTheme, darkCodeTheme);

  it('colours tokens per colour mode, from the accessible themes', () => {
    expect(css).toContain("[data-theme='light']{--prism-color:#393A34;--prism-background-color:#f6f8fa}");
    expect(css).toMatch(/\[data-theme='light'\] \.token\.comment[^{]*\{color:#626257;font-style:italic\}/);
    expect(css).toMatch(/\[data-theme='dark'\] \.token\.comment[^{]*\{color:#8692b9/);
    expect(css).not.toContain('#999988');
    expect(css).not.toContain('opacity');
  });

  it('writes a rule for every token type of both themes', () => {
    for (const [theme, mode] of [
      [lightCodeTheme, 'light'],
      [darkCodeTheme, 'dark'],
    ] as const) {
      for (const {types, style} of theme.styles) {
        if (Object.keys(style).every((k) => k === 'opacity')) continue;
        for (const type of types) expect(css).toContain(`[data-theme='${mode}'] .token.${type.trim()}`);
      }
    }
    expect(themes.github.styles.length).toBeGreaterThan(5);
  });
});
