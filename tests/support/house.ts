/** Reading the code's own import graph, for tests/unit/house.test.ts. */
import fs from 'node:fs';
import path from 'node:path';

const SPECIFIER = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"]([^'"]+)['"]|new URL\(\s*['"](\.[^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.cjs', '.mjs', '/index.ts', '/index.tsx'];

/** The project files a file imports (relative and `@site/` specifiers), relative to the root. */
export function importsOf(root: string, file: string): string[] {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  const found = new Set<string>();
  for (const match of source.matchAll(SPECIFIER)) {
    const spec = match[1] ?? match[2]!;
    let base: string;
    if (spec.startsWith('@site/')) base = spec.slice('@site/'.length);
    else if (spec.startsWith('.')) base = path.join(path.dirname(file), spec);
    else continue;
    const hit = EXTENSIONS.map((ext) => path.normalize(base + ext)).find((candidate) => {
      const full = path.join(root, candidate);
      return fs.existsSync(full) && fs.statSync(full).isFile();
    });
    if (hit) found.add(hit);
  }
  return [...found];
}

/**
 * The folder a file belongs to for the layout rules: its first two levels (`src/pages`), or three
 * inside `src/search`, `src/plugins` and `src/theme`, whose sub-folders are rooms of their own.
 */
export function folderOf(file: string): string {
  const parts = file.split(/[\\/]/);
  const deep = parts[0] === 'src' && ['search', 'plugins', 'theme'].includes(parts[1] ?? '');
  const depth = Math.min(parts.length - 1, deep ? 3 : 2);
  return parts.slice(0, Math.max(depth, 1)).join('/');
}

/** Every cycle in a directed graph, each as the list of its nodes, the first repeated at the end. */
export function findCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}
