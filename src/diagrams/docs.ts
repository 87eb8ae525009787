/**
 * The Mermaid diagrams of the docs, found as the build's parser reads them, and which of them lack
 * their drawings (see ./diagrams.ts). For the drawing script and the tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Code} from 'mdast';
import {visit} from 'unist-util-visit';
import {listPages, parsePage} from '../pages/parse';
import {COLOR_MODES, DIAGRAMS_DIR, diagramKey, drawingFile, drawingVersion} from './diagrams';

/** The Mermaid blocks of a page, in order, with the line each starts on, as the build's parser reads them. */
export function findDiagrams(markdown: string): {source: string; line: number}[] {
  const found: {source: string; line: number}[] = [];
  visit(parsePage(markdown), 'code', (node: Code) => {
    if (node.lang === 'mermaid') found.push({source: node.value, line: node.position?.start.line ?? 0});
  });
  return found;
}

export const DOCS_DIR = path.join(__dirname, '..', '..', 'docs');

export interface DocDiagram {
  /** The Markdown file, relative to the docs folder, and the line its block starts on. */
  file: string;
  line: number;
  source: string;
  key: string;
}

/** Every Mermaid block of the docs, in file order. */
export function docsDiagrams(docsDir = DOCS_DIR, version = drawingVersion()): DocDiagram[] {
  const found: DocDiagram[] = [];
  for (const file of listPages([docsDir])) {
    for (const {source, line} of findDiagrams(fs.readFileSync(file, 'utf8'))) {
      found.push({file: path.relative(docsDir, file), line, source, key: diagramKey(source, version)});
    }
  }
  return found;
}

/** Blocks without both drawings, and drawings no block has any more. */
export function auditDrawings(
  diagrams: readonly DocDiagram[],
  diagramsDir = DIAGRAMS_DIR,
): {missing: DocDiagram[]; orphans: string[]} {
  const present = new Set(fs.existsSync(diagramsDir) ? fs.readdirSync(diagramsDir) : []);
  const wanted = new Set(diagrams.flatMap((d) => COLOR_MODES.map((mode) => drawingFile(d.key, mode))));
  return {
    missing: diagrams.filter((d) => COLOR_MODES.some((mode) => !present.has(drawingFile(d.key, mode)))),
    orphans: [...present].filter((name) => !wanted.has(name)).sort(),
  };
}
