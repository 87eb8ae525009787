import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {Root} from 'mdast';
import {VFile} from 'vfile';
import {
  DIAGRAMS_DIR,
  asImage,
  describeDiagram,
  diagramKey,
  drawingFile,
  normalizeSource,
  readDrawing,
} from '../../src/diagrams/diagrams';
import {auditDrawings, docsDiagrams, findDiagrams, type DocDiagram} from '../../src/diagrams/docs';
import remarkDiagrams, {type Options} from '../../src/remark/diagrams';
import {parsePage} from '../../src/pages/parse';

const SVG =
  '<svg id="d1" width="100%" xmlns="http://www.w3.org/2000/svg" class="flowchart" style="max-width: 300.123456px;" ' +
  'viewBox="-8 -8 300.123456 80.5" role="graphics-document document"><style>#d1{font-size:16px;}</style>' +
  '<path d="M 0.123456 1.987654 L 10 5"></path><text x="12.3456789">v 2024.12.345 and 0.12345</text></svg>';

describe('keys of diagrams', () => {
  it('read the text without common indentation, line-end style and blank edges', () => {
    expect(normalizeSource('\n  graph LR\r\n    A --> B   \n\n')).toBe('graph LR\n  A --> B');
  });
  it('change with the text and with how diagrams are drawn, and nothing else', () => {
    const key = diagramKey('graph LR\n  A --> B', 'v1');
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(diagramKey('  graph LR\n    A --> B\n', 'v1')).toBe(key);
    expect(diagramKey('graph LR\n  A --> C', 'v1')).not.toBe(key);
    expect(diagramKey('graph LR\n  A --> B', 'v2')).not.toBe(key);
    expect(drawingFile(key, 'dark')).toBe(`${key}-dark.svg`);
  });
});

describe('findDiagrams', () => {
  it('finds Mermaid blocks with their lines, as the build parses the page', () => {
    const page = [
      '# Title',
      '',
      '```mermaid',
      'graph LR',
      '  A --> B',
      '```',
      '',
      '```js',
      'x()',
      '```',
      '',
      '- item',
      '',
      '  ```mermaid',
      '  sequenceDiagram',
      '  A->>B: hi',
      '  ```',
      '',
    ].join('\n');
    expect(findDiagrams(page)).toEqual([
      {source: 'graph LR\n  A --> B', line: 3},
      {source: 'sequenceDiagram\nA->>B: hi', line: 14},
    ]);
  });
});

describe('drawings as image files', () => {
  it('get a fixed size from the view box, rounded coordinates and a title and description', () => {
    const image = asImage(SVG, 'Flowchart', 'A → B <"x" & y>');
    const root = /^<svg[^>]*>/.exec(image)![0];
    expect(root).toContain('width="301" height="81"');
    expect(root).not.toContain('100%');
    expect(root).not.toContain('max-width');
    expect(root).toContain('viewBox="-8 -8 300.12 80.5"');
    expect(image).toContain('<path d="M 0.12 1.99 L 10 5">');
    expect(image).toContain('x="12.35"');
    // Text is never rounded.
    expect(image).toContain('>v 2024.12.345 and 0.12345</text>');
    expect(image).toContain('<title>Flowchart</title><desc>A → B &lt;&quot;x&quot; &amp; y&gt;</desc>');
    expect(() => asImage('<svg width="10"></svg>', 't', 'd')).toThrow(/view box/);
  });
  it('give their size and text alternative back', () => {
    expect(readDrawing(asImage(SVG, 'Flowchart', 'A → B <"x" & y>'))).toEqual({
      width: 301,
      height: 81,
      alt: 'A → B <"x" & y>',
    });
    expect(() => readDrawing(SVG.replace('width="100%"', 'width="3" height="4"'))).toThrow(/no description/);
    expect(() => readDrawing('<p>no</p>')).toThrow(/not an SVG/);
  });
});

describe('describeDiagram', () => {
  it('tells every arrow of a flowchart, with its label, and the boxes no arrow reaches', () => {
    expect(
      describeDiagram({
        type: 'flowchart',
        nodes: [
          {id: 'a', text: 'Browser'},
          {id: 'b', text: 'authentik<br/>server'},
          {id: 'c', text: 'Cache'},
        ],
        edges: [
          {from: 'a', to: 'b', text: 'HTTPS'},
          {from: 'b', to: 'a', text: ''},
        ],
      }),
    ).toBe('Flowchart: Browser → authentik server (HTTPS); authentik server → Browser; also Cache.');
  });
  it('tells every message, note and block of a sequence diagram, in order', () => {
    expect(
      describeDiagram({
        type: 'sequence',
        actors: [
          {id: 'U', text: 'User'},
          {id: 'A', text: 'authentik'},
        ],
        steps: [
          {kind: 'SOLID', from: 'U', to: 'A', text: 'Open the flow'},
          {kind: 'ALT_START', from: '', to: '', text: 'password right'},
          {kind: 'DOTTED', from: 'A', to: 'U', text: 'Session'},
          {kind: 'ALT_ELSE', from: '', to: '', text: ''},
          {kind: 'NOTE', from: 'A', to: 'A', text: 'Logs the failure'},
          {kind: 'ALT_END', from: '', to: '', text: ''},
        ],
      }),
    ).toBe(
      'Sequence diagram between User and authentik. User to authentik: Open the flow; If (password right): ' +
        'authentik to User: Session; Otherwise: note on authentik: Logs the failure.',
    );
  });
  it('names a diagram of another kind', () => {
    expect(describeDiagram({type: 'other', name: 'gantt'})).toBe('gantt diagram.');
  });
});

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'diagrams-'));
}

function drawn(dir: string, key: string, alt = 'Flowchart: A → B.'): void {
  for (const mode of ['light', 'dark'] as const) {
    fs.writeFileSync(path.join(dir, drawingFile(key, mode)), asImage(SVG, 'Flowchart', alt));
  }
}

describe('auditDrawings', () => {
  it('reports blocks without both drawings and drawings no block uses', () => {
    const dir = tempDir();
    const diagram = (key: string): DocDiagram => ({file: 'a.md', line: 1, source: '', key});
    drawn(dir, 'aaaa');
    fs.writeFileSync(path.join(dir, drawingFile('bbbb', 'light')), SVG);
    fs.writeFileSync(path.join(dir, drawingFile('cccc', 'dark')), SVG);
    const {missing, orphans} = auditDrawings([diagram('aaaa'), diagram('bbbb')], dir);
    expect(missing.map((d) => d.key)).toEqual(['bbbb']);
    expect(orphans).toEqual(['cccc-dark.svg']);
  });
});

describe('the docs', () => {
  it('have every diagram drawn in both colour modes, and no drawing left over (npm run diagrams)', () => {
    const diagrams = docsDiagrams();
    expect(diagrams.length).toBeGreaterThan(50);
    const {missing, orphans} = auditDrawings(diagrams);
    expect(
      missing.map((d) => `docs/${d.file}:${d.line}`),
      'not drawn',
    ).toEqual([]);
    expect(orphans, 'left over').toEqual([]);
    for (const {key} of diagrams.slice(0, 5)) {
      const drawing = readDrawing(fs.readFileSync(path.join(DIAGRAMS_DIR, drawingFile(key, 'light')), 'utf8'));
      expect(drawing.alt).toMatch(/^(Flowchart|Sequence diagram)/);
    }
    // It parses every page of the docs, as the build does.
  }, 60_000);
});

describe('remarkDiagrams', () => {
  const source = 'graph LR\n  A --> B';
  const page = `# Page\n\n\`\`\`mermaid\n${source}\n\`\`\`\n\n\`\`\`js\nx()\n\`\`\`\n`;
  const run = (options: Options): Root => {
    const tree = parsePage(page);
    remarkDiagrams(options)(tree, new VFile({path: 'docs/page.md', value: page}));
    return tree;
  };

  it('shows a drawn block as its drawings, with their size and text alternative', () => {
    const dir = tempDir();
    const key = diagramKey(source);
    drawn(dir, key);
    const tree = run({dir, requireDrawings: true});
    expect(tree.children[1]).toEqual({
      type: 'mermaidCodeBlock',
      data: {
        hName: 'mermaid',
        hProperties: {
          width: 301,
          height: 81,
          alt: 'Flowchart: A → B.',
          light: `/assets/diagrams/${key}-light.svg`,
          dark: `/assets/diagrams/${key}-dark.svg`,
        },
      },
    });
    expect(tree.children[2]).toMatchObject({type: 'code', lang: 'js'});
  });
  it('fails the build on a block not drawn, at its line', () => {
    expect(() => run({dir: tempDir(), requireDrawings: true})).toThrow(
      /^docs\/page\.md:3:1: this diagram is not drawn: run `npm run diagrams`/,
    );
  });
  it('leaves a block not drawn to the live renderer in development', () => {
    expect(run({dir: tempDir(), requireDrawings: false}).children[1]).toMatchObject({
      type: 'code',
      lang: 'mermaid',
      value: source,
    });
  });
});

describe('remarkDiagrams in a running server', () => {
  it('shows a drawing made after the page was first built, without a restart', () => {
    const source = 'graph LR\n  C --> D';
    const page = `\`\`\`mermaid\n${source}\n\`\`\`\n`;
    const dir = tempDir();
    const plugin = remarkDiagrams({dir, requireDrawings: false});
    const build = () => {
      const tree = parsePage(page);
      plugin(tree, new VFile({path: 'docs/page.md', value: page}));
      return tree.children[0]!.type;
    };
    expect(build()).toBe('code');
    drawn(dir, diagramKey(source));
    expect(build()).toBe('mermaidCodeBlock');
  });
});
