/**
 * `npm run diagrams`: draws every Mermaid block of the docs that has no drawing yet, in light and
 * dark, into static/assets/diagrams/ (see src/diagrams/diagrams.ts), and deletes drawings no block uses.
 * Mermaid lays text out with a browser's font metrics, so this runs Debian's Chromium (the one the
 * browser tests use); the build itself needs no browser. `--check` only reports what is missing or
 * left over, and fails if anything is. `--all` draws every diagram again.
 */
import fs from 'node:fs';
import path from 'node:path';
import {chromium, type Page} from '@playwright/test';
import {CHROMIUM, CHROMIUM_ARGS} from '../playwright.config';
import {
  COLOR_MODES,
  DIAGRAMS_DIR,
  MERMAID_OPTIONS,
  asImage,
  describeDiagram,
  diagramTitle,
  drawingFile,
  type ColorMode,
  type DiagramFacts,
} from '../src/diagrams/diagrams';
import {auditDrawings, docsDiagrams, type DocDiagram} from '../src/diagrams/docs';

interface Drawn {
  facts: DiagramFacts;
  svg: Record<ColorMode, string>;
}

/** Parses and draws one diagram in the page, which has Mermaid loaded. */
async function draw(page: Page, id: string, source: string): Promise<Drawn> {
  return page.evaluate(
    async ({id, source, options}) => {
      interface Db {
        getVertices?: () => Map<string, {id: string; text?: unknown}>;
        getEdges?: () => {start: string; end: string; text?: unknown}[];
        getActors?: () => Map<string, {name: string; description?: unknown}>;
        getMessages?: () => {from?: string; to?: string; message?: unknown; type?: number}[];
        LINETYPE?: Record<string, number>;
      }
      const text = (value: unknown): string =>
        typeof value === 'string'
          ? value
          : typeof (value as {text?: unknown})?.text === 'string'
            ? (value as {text: string}).text
            : '';
      const mermaid = (window as unknown as {mermaid: Record<string, any>}).mermaid; // eslint-disable-line @typescript-eslint/no-explicit-any
      mermaid.initialize(options.light);
      const diagram = (await mermaid.mermaidAPI.getDiagramFromText(source)) as {type: string; db: Db};
      const db = diagram.db;
      let facts: DiagramFacts;
      if (/^flowchart|^graph/.test(diagram.type) && db.getVertices && db.getEdges) {
        facts = {
          type: 'flowchart',
          nodes: [...db.getVertices().values()].map((v) => ({id: v.id, text: text(v.text)})),
          edges: db.getEdges().map((e) => ({from: e.start, to: e.end, text: text(e.text)})),
        };
      } else if (diagram.type === 'sequence' && db.getActors && db.getMessages && db.LINETYPE) {
        const kinds = new Map(Object.entries(db.LINETYPE).map(([name, n]) => [n, name]));
        facts = {
          type: 'sequence',
          actors: [...db.getActors().entries()].map(([actorId, a]) => ({
            id: actorId,
            text: text(a.description) || a.name,
          })),
          steps: db.getMessages().map((m) => ({
            kind: kinds.get(m.type ?? -1) ?? '',
            from: m.from ?? '',
            to: m.to ?? '',
            text: text(m.message),
          })),
        };
      } else {
        facts = {type: 'other', name: diagram.type};
      }
      const svg = {} as Record<'light' | 'dark', string>;
      for (const mode of ['light', 'dark'] as const) {
        mermaid.initialize(options[mode]);
        svg[mode] = ((await mermaid.render(`${id}-${mode}`, source)) as {svg: string}).svg;
      }
      return {facts, svg};
    },
    {id, source, options: MERMAID_OPTIONS},
  );
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const diagrams = docsDiagrams();
  const {missing, orphans} = auditDrawings(diagrams);
  const where = (d: DocDiagram) => `docs/${d.file}:${d.line}`;
  if (args.has('--check')) {
    for (const d of missing) console.error(`not drawn: the diagram at ${where(d)}`);
    for (const name of orphans) console.error(`left over: static/assets/diagrams/${name}`);
    if (missing.length + orphans.length > 0) {
      console.error('Run `npm run diagrams` and commit static/assets/diagrams/.');
      process.exitCode = 1;
    } else console.log(`${diagrams.length} diagrams, all drawn.`);
    return;
  }
  const todo = new Map<string, DocDiagram>();
  for (const d of args.has('--all') ? diagrams : missing) if (!todo.has(d.key)) todo.set(d.key, d);
  fs.mkdirSync(DIAGRAMS_DIR, {recursive: true});
  if (todo.size > 0) {
    const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html lang="en"><title>diagrams</title><body></body></html>');
      await page.addScriptTag({path: require.resolve('mermaid/dist/mermaid.min.js')});
      for (const d of todo.values()) {
        let drawn: Drawn;
        try {
          drawn = await draw(page, `d${d.key}`, d.source);
        } catch (error) {
          throw new Error(`Mermaid cannot draw the diagram at ${where(d)}: ${(error as Error).message}`);
        }
        const description = describeDiagram(drawn.facts);
        const title = diagramTitle(drawn.facts);
        for (const mode of COLOR_MODES) {
          fs.writeFileSync(
            path.join(DIAGRAMS_DIR, drawingFile(d.key, mode)),
            asImage(drawn.svg[mode], title, description),
          );
        }
        console.log(`drew ${where(d)}`);
      }
    } finally {
      await browser.close();
    }
  }
  for (const name of orphans) fs.rmSync(path.join(DIAGRAMS_DIR, name));
  console.log(`${todo.size} drawn, ${orphans.length} deleted, ${diagrams.length} diagrams in the docs.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
