/**
 * Mermaid diagrams drawn before the build: `npm run diagrams` (scripts/diagrams.ts) draws every
 * ` ```mermaid ` block of the docs to an SVG file per colour mode in static/assets/diagrams/, named after a
 * key of the block's text and of how it is drawn (Mermaid's version, the options below). Pages then
 * show those files as images (src/remark/diagrams.ts), and no reader loads Mermaid. This module is
 * what the drawing script, the remark plugin and the tests share; it runs in Node only. Finding the
 * diagrams of the docs is ./docs.ts, apart, so that the build does not load a second Markdown parser.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {escapeHtml} from '../html';

export const COLOR_MODES = ['light', 'dark'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

/** Where the drawings are kept (a static directory: the build copies it as it is) and served. */
export const DIAGRAMS_DIR = path.join(__dirname, '..', '..', 'static', 'assets', 'diagrams');
export const DIAGRAMS_URL = '/assets/diagrams/';

/**
 * Mermaid's options for each colour mode. Labels are SVG text (an image cannot show the HTML labels
 * Mermaid draws by default everywhere), in Arial's metrics: Liberation Sans, where diagrams are
 * drawn, has the same widths as Arial, which most readers have, so labels fit their boxes.
 */
const FONT = 'Arial, "Liberation Sans", Helvetica, sans-serif';
/** Some shapes are drawn with random jitter unless seeded: a fixed seed draws the same file each time. */
const SEED = 1;
export const MERMAID_OPTIONS: Record<ColorMode, Record<string, unknown>> = {
  light: {
    startOnLoad: false,
    theme: 'default',
    htmlLabels: false,
    flowchart: {htmlLabels: false},
    fontFamily: FONT,
    handDrawnSeed: SEED,
  },
  dark: {
    startOnLoad: false,
    theme: 'dark',
    htmlLabels: false,
    flowchart: {htmlLabels: false},
    fontFamily: FONT,
    handDrawnSeed: SEED,
    // The dark theme's edge labels and notes are light grey on mid grey (4.4:1); white reaches AA.
    themeCSS: '.edgeLabel text, .edgeLabel tspan, .noteText, .noteText > tspan { fill: #fff !important; }',
  },
};

function mermaidVersion(): string {
  const manifest = path.join(path.dirname(require.resolve('mermaid')), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as {version: string}).version;
}

/** A block's text as the key reads it: no indentation common to all lines, no trailing blanks. */
export function normalizeSource(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)![0].length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(common).trimEnd()).join('\n');
}

let drawing: string | undefined;

/** How diagrams are drawn, as part of every key: a new Mermaid or new options draw every diagram anew. */
export function drawingVersion(): string {
  drawing ??= `mermaid ${mermaidVersion()} ${JSON.stringify(MERMAID_OPTIONS)}`;
  return drawing;
}

/** The key of a diagram: its drawings are `<key>-light.svg` and `<key>-dark.svg`. */
export function diagramKey(source: string, version = drawingVersion()): string {
  return crypto
    .createHash('sha256')
    .update(`${version}\n${normalizeSource(source)}`)
    .digest('hex')
    .slice(0, 16);
}

export function drawingFile(key: string, mode: ColorMode): string {
  return `${key}-${mode}.svg`;
}

/** What a drawing says about itself: its size and its text alternative (the SVG's `<desc>`). */
export interface Drawing {
  width: number;
  height: number;
  alt: string;
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};

function unescapeXml(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-f]+));/gi,
    (whole, name: string, dec?: string, hex?: string) => {
      if (dec) return String.fromCodePoint(Number(dec));
      if (hex) return String.fromCodePoint(parseInt(hex, 16));
      return ENTITIES[name.toLowerCase()] ?? whole;
    },
  );
}

/** Reads the size and the text alternative back from a drawing's root element. */
export function readDrawing(svg: string): Drawing {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) throw new Error('not an SVG drawing');
  const number = (name: string) => Number(new RegExp(`\\s${name}="([\\d.]+)"`).exec(root)?.[1]);
  const width = number('width');
  const height = number('height');
  const desc = /<desc\b[^>]*>([\s\S]*?)<\/desc>/.exec(svg)?.[1];
  if (!(width > 0 && height > 0)) throw new Error('the drawing has no width and height');
  if (!desc?.trim()) throw new Error('the drawing has no description');
  return {width, height, alt: unescapeXml(desc.trim())};
}

/** Coordinates to a hundredth of a pixel: Mermaid writes them to sixteen digits, most of a drawing's bytes. */
function roundNumbers(value: string): string {
  return value.replace(/(-?\d+\.\d{3,})/g, (n) => String(Math.round(Number(n) * 100) / 100));
}

/**
 * A drawing as an image file: a fixed size from its view box (Mermaid sizes it to its container),
 * coordinates rounded, and a title and description, which the page uses as the image's text
 * alternative. Only attribute values are rounded, never text.
 */
export function asImage(svg: string, title: string, description: string): string {
  const rounded = svg.replace(/(<[a-zA-Z][^>]*>)/g, (tag) =>
    tag.replace(/="([^"]*)"/g, (_, v: string) => `="${roundNumbers(v)}"`),
  );
  return rounded.replace(/^<svg\b[^>]*>/, (root) => {
    const box = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(root);
    if (!box) throw new Error('Mermaid drew an SVG without a view box');
    const [width, height] = [box[1], box[2]].map((n) => String(Math.ceil(Number(n))));
    const sized = root
      .replace(/\swidth="[^"]*"/, '')
      .replace(/\sstyle="max-width:[^"]*"/, '')
      .replace(/^<svg/, `<svg width="${width}" height="${height}"`);
    return `${sized}<title>${escapeHtml(title)}</title><desc>${escapeHtml(description)}</desc>`;
  });
}

/** The parts of a diagram that its text alternative tells, as the drawing script reads them from Mermaid. */
export type DiagramFacts =
  | {type: 'flowchart'; nodes: {id: string; text: string}[]; edges: {from: string; to: string; text: string}[]}
  | {
      type: 'sequence';
      actors: {id: string; text: string}[];
      steps: {kind: string; from: string; to: string; text: string}[];
    }
  | {type: 'other'; name: string};

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Sequence blocks: the start of each, as a reader would say it; their ends and activations are silent. */
const BLOCKS: Record<string, string> = {
  LOOP_START: 'Repeated',
  ALT_START: 'If',
  ALT_ELSE: 'Otherwise',
  OPT_START: 'Optionally',
  PAR_START: 'At the same time',
  PAR_OVER_START: 'At the same time',
  PAR_AND: 'and',
  CRITICAL_START: 'Critical',
  CRITICAL_OPTION: 'Option',
  BREAK_START: 'Break',
};

/** Plain text of a label: Mermaid's line breaks and markup become spaces. */
function plain(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What kind of diagram it is, as its drawing's title and the start of its text alternative. */
export function diagramTitle(facts: DiagramFacts): string {
  if (facts.type === 'flowchart') return 'Flowchart';
  return facts.type === 'sequence' ? 'Sequence diagram' : 'Diagram';
}

/** A label's plain text by id, the id itself where the label is empty or unknown. */
function namer(items: readonly {id: string; text: string}[]): {
  names: Map<string, string>;
  name: (id: string) => string;
} {
  const names = new Map(items.map((item) => [item.id, plain(item.text) || item.id]));
  return {names, name: (id) => names.get(id) ?? id};
}

/**
 * The text alternative of a diagram: every arrow of a flowchart, every message, note and block of a
 * sequence diagram, in order, so that a reader who cannot see the drawing gets what it says.
 */
export function describeDiagram(facts: DiagramFacts): string {
  if (facts.type === 'flowchart') {
    const {name} = namer(facts.nodes);
    const arrows = facts.edges.map(
      (edge) => `${name(edge.from)} → ${name(edge.to)}${plain(edge.text) ? ` (${plain(edge.text)})` : ''}`,
    );
    const linked = new Set(facts.edges.flatMap((edge) => [edge.from, edge.to]));
    const alone = facts.nodes.filter((node) => !linked.has(node.id)).map((node) => name(node.id));
    return (
      [`${diagramTitle(facts)}: ${arrows.join('; ')}`, ...(alone.length > 0 ? [`also ${list(alone)}`] : [])].join(
        '; ',
      ) + '.'
    );
  }
  if (facts.type === 'sequence') {
    const {names, name} = namer(facts.actors);
    const steps: string[] = [];
    for (const step of facts.steps) {
      const text = plain(step.text);
      if (step.kind === 'NOTE')
        steps.push(
          `note on ${step.from === step.to ? name(step.from) : `${name(step.from)} and ${name(step.to)}`}: ${text}`,
        );
      else if (BLOCKS[step.kind]) steps.push(`${BLOCKS[step.kind]}${text ? ` (${text})` : ''}:`);
      else if (step.from && step.to) steps.push(`${name(step.from)} to ${name(step.to)}: ${text}`);
    }
    return `${diagramTitle(facts)} between ${list([...names.values()])}. ${steps.join('; ').replace(/:;/g, ':')}.`;
  }
  return `${facts.name} diagram.`;
}
