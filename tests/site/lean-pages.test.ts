/**
 * What every page loads stays lean: no syntax highlighter in any script of the build (code arrives
 * highlighted from the build), and the docs version data carries no page descriptions.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {BUILD_DIR, readPage} from './build';

const JS_DIR = path.join(BUILD_DIR, 'assets', 'js');
const scripts = fs
  .readdirSync(JS_DIR)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({name, text: fs.readFileSync(path.join(JS_DIR, name), 'utf8')}));

/** Prism's grammars build on each other with these calls; no other code of the site makes them. */
const PRISM_GRAMMAR = /\.languages\.(extend|insertBefore)\(/;

describe('code highlighted at build time', () => {
  it('no script of the build carries Prism or its grammars, first-load scripts included', () => {
    expect(scripts.length).toBeGreaterThan(10);
    const html = fs.readFileSync(path.join(BUILD_DIR, 'index.html'), 'utf8');
    const firstLoad = [...html.matchAll(/<script[^>]* src=["']?\/assets\/js\/([^"' >]+)/g)].map((m) => m[1]);
    expect(firstLoad).toContainEqual(expect.stringMatching(/^main\./));
    expect(scripts.map((s) => s.name)).toEqual(expect.arrayContaining(firstLoad));
    const withPrism = scripts.filter((s) => PRISM_GRAMMAR.test(s.text)).map((s) => s.name);
    expect(withPrism, `Prism grammar found in ${withPrism.join(', ')}`).toEqual([]);
  });

  it('pages carry their code already highlighted, in the theme markup', () => {
    const page = readPage(path.join(BUILD_DIR, 'install-config', 'configuration', 'index.html'));
    const block = page.$('.theme-code-block pre.prism-code.language-shell').first();
    expect(block.find('.token-line').length).toBeGreaterThan(1);
    expect(block.find('.token.variable').length).toBeGreaterThan(0);
  });
});

describe('docs version data', () => {
  it('is sent without page titles and descriptions', () => {
    const data = scripts.filter((s) => s.text.includes('"docsSidebars"'));
    expect(data.length).toBeGreaterThan(0);
    for (const {name, text} of data) {
      expect(text, name).not.toContain('"description"');
      expect(text, name).not.toMatch(/"title":/);
      expect(text, name).toContain('"sidebar":"docs"');
    }
  });
});
