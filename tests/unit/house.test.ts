/**
 * The layout of the code: imports between folders run one way (no folder-level cycle), and the
 * product (src/, releases/, the site's config) never imports the bench or the tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {findCycles, folderOf, importsOf} from '../support/house';

const root = path.resolve(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), {withFileTypes: true})) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const product = [...sourceFiles('src'), ...sourceFiles('releases'), 'docusaurus.config.ts', 'sidebars.ts'];

describe('the house', () => {
  const edges = new Map<string, Set<string>>();
  const imports = product.map((file) => ({file, targets: importsOf(root, file)}));
  for (const {file, targets} of imports) {
    for (const target of targets) {
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }

  it('reads the imports it judges (a sample it must find)', () => {
    const search = imports.find(({file}) => file === path.join('src', 'search', 'engine', 'engine.ts'));
    expect(search?.targets).toContain(path.join('src', 'search', 'engine', 'tokenize.ts'));
    expect(edges.get('src/lint-docs')).toContain('src/pages');
  });

  it('has no import cycle between folders', () => {
    expect(findCycles(edges)).toEqual([]);
  });

  it('keeps the bench and the tests out of the product', () => {
    const leaks = imports.flatMap(({file, targets}) =>
      targets.filter((t) => /^(bench|tests|scripts)[\\/]/.test(t)).map((t) => `${file} imports ${t}`),
    );
    expect(leaks).toEqual([]);
  });
});
