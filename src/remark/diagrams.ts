/**
 * Shows each Mermaid block as its drawings (see src/diagrams/diagrams.ts): the page gets an image
 * per colour mode, with the drawing's size and text alternative, and no reader loads Mermaid.
 * Writers keep writing ordinary ` ```mermaid ` blocks. A block without drawings fails the build
 * (`npm run diagrams` draws it); in development it is drawn live in the browser instead, so a writer
 * sees a diagram while writing it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Code, Root} from 'mdast';
import type {VFile} from 'vfile';
import {visit} from 'unist-util-visit';
import {PageError} from '../pages/page-error';
import {
  COLOR_MODES,
  DIAGRAMS_DIR,
  DIAGRAMS_URL,
  diagramKey,
  drawingFile,
  readDrawing,
  type Drawing,
} from '../diagrams/diagrams';

export interface Options {
  /** False: a block without drawings is left to the live renderer. Default: a production build. */
  requireDrawings?: boolean;
  /** Where the drawings are; default static/assets/diagrams/. */
  dir?: string;
}

/** What the page's diagram component (src/theme/Mermaid) receives for a drawn diagram. */
export interface DrawnProps extends Drawing {
  light: string;
  dark: string;
}

export default function remarkDiagrams(options: Options = {}) {
  const dir = options.dir ?? DIAGRAMS_DIR;
  const requireDrawings = options.requireDrawings ?? process.env.NODE_ENV === 'production';
  // Drawings found are kept; one missing is looked for again, so that a running development server
  // shows it as soon as `npm run diagrams` has drawn it.
  const drawings = new Map<string, Drawing>();
  const read = (key: string): Drawing | undefined => {
    const files = COLOR_MODES.map((mode) => path.join(dir, drawingFile(key, mode)));
    if (!drawings.has(key) && files.every((file) => fs.existsSync(file))) {
      drawings.set(key, readDrawing(fs.readFileSync(files[0]!, 'utf8')));
    }
    return drawings.get(key);
  };
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node: Code, index, parent) => {
      if (node.lang !== 'mermaid' || !parent || index === undefined) return;
      const key = diagramKey(node.value);
      const drawing = read(key);
      if (!drawing) {
        if (requireDrawings) {
          throw new PageError(
            file.path,
            node.position?.start,
            'this diagram is not drawn: run `npm run diagrams` and commit static/assets/diagrams/',
          );
        }
        return;
      }
      const props: DrawnProps = {
        ...drawing,
        light: `${DIAGRAMS_URL}${drawingFile(key, 'light')}`,
        dark: `${DIAGRAMS_URL}${drawingFile(key, 'dark')}`,
      };
      // The node Docusaurus makes of a Mermaid block, with the drawings instead of the text.
      parent.children[index] = {
        type: 'mermaidCodeBlock',
        data: {hName: 'mermaid', hProperties: {...props}},
      } as unknown as Code;
    });
  };
}
