/**
 * Synthetic sites at a multiple of today's pages, for `npm run bench -- --scale`, made from the real
 * docs so that they grow as the real site would.
 *
 * A site at factor F holds the real `docs/` and F - 1 copies of it, each under a new top-level folder
 * (`docs/scale-2/…`) and a new sidebar section, so every page of a copy has a route and a sidebar entry
 * of its own, and links inside a copy stay inside it. The words of each copy are varied: about a third
 * of the words of four letters or more outside code, links, front matter and markup get a suffix that
 * depends on the word and the copy (`password` may become `passwordar` in one copy and `passwordil` in
 * another), so a copy brings new terms to the search index and new text to gzip, as new pages do, while
 * its code, headings (whose anchors links point at) and links stay valid. Mermaid blocks are left as they are: their
 * drawings, named after their text, exist already.
 *
 * That is growth by new sections. With the layout `within`, the docs grow inside the sections they
 * have, as a new release, advisory or provider page does: the files of a copy stay in
 * `docs/scale-2/…` (so its relative links still resolve), but each page gets the route of its part
 * with the copy inserted after the first segment (`/add-secure-apps/scale-2/providers/saml/`, front
 * matter `slug`), and each copy of a part is a category at the end of that part's sidebar category.
 *
 * The site folder links the project's `src/`, `static/`, `releases/`, `sidebars/` and `node_modules/`
 * and holds its own `docs/`, `docusaurus.config.ts` (the project's, copied) and `sidebars.ts` (the
 * project's sidebar, and the copies' categories).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {listPages} from '../../src/pages/parse';

const SUFFIXES = ['ar', 'il', 'on', 'um', 'ex', 'ta', 'or', 'en', 'is', 'ul', 'ax', 'ov'];

/** A stable number from a text: the variation of a copy is the same on every run. */
function hash(text: string): number {
  return crypto.createHash('sha1').update(text).digest().readUInt32BE(0);
}

/** The word as copy `copy` writes it: itself, or about one time in three, with a suffix. */
export function variedWord(word: string, copy: number): string {
  const h = hash(`${copy}:${word.toLowerCase()}`);
  if (h % 3 !== 0) return word;
  return word + SUFFIXES[(h >>> 8) % SUFFIXES.length]!;
}

/**
 * Parts of a line that must stay as written: inline code, link targets, HTML and JSX tags, MDX
 * expressions, directives and their labels, URLs. Everything else is prose, whose long words vary.
 */
const KEEP = /(`[^`]*`|\]\([^)]*\)|<[^>]*>|\{[^}]*\}|:{1,3}[a-z-]+(?:\[[^\]]*\])?|https?:\/\/\S+|\[[^\]]*\]:.*$)/;
const WORD = /[A-Za-z]{4,}/g;

/** A page's Markdown as copy `copy` writes it: front matter, code, Mermaid and markup as they are. */
export function varyPage(markdown: string, copy: number): string {
  const lines = markdown.split('\n');
  let inFrontMatter = lines[0] === '---';
  let fence: string | undefined;
  return lines
    .map((line, i) => {
      if (inFrontMatter) {
        if (i > 0 && line === '---') inFrontMatter = false;
        // The title varies too (a copy is another page), its key not; every other key stays.
        const field = /^(title|description): (.*)$/.exec(line);
        return field ? `${field[1]}: ${varyProse(field[2]!, copy)}` : line;
      }
      const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence) {
        if (opening && line.trim().startsWith(fence)) fence = undefined;
        return line;
      }
      if (opening) {
        fence = opening;
        return line;
      }
      // Headings keep their words: links elsewhere point at their anchors.
      if (/^\s*(import |export |\{\/\*|#{1,6} )/.test(line)) return line;
      return varyProse(line, copy);
    })
    .join('\n');
}

function varyProse(line: string, copy: number): string {
  return line
    .split(KEEP)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(WORD, (word) => variedWord(word, copy))))
    .join('');
}

/** Where the copies go: new top-level sections, or inside the sections the docs have. */
export type ScaleLayout = 'sections' | 'within';

/**
 * The route a copied page gets in the layout `within`: its own route with `scale-<copy>` after the
 * first segment (`add-secure-apps/providers/saml` → `/add-secure-apps/scale-2/providers/saml/`); the
 * home page's copy is `/scale-<copy>/`. `dir` is the page's folder below `docs/`, `/`-separated.
 */
export function withinRoute(dir: string, copy: number): string {
  const [first, ...rest] = dir === '' ? [] : dir.split('/');
  return `/${[first, `scale-${copy}`, ...rest].filter((s) => s !== undefined).join('/')}/`;
}

/** A page's Markdown with `slug` as the first key of its front matter (every page has front matter). */
export function withSlug(markdown: string, slug: string): string {
  if (!markdown.startsWith('---\n'))
    throw new Error(`a page has no front matter; its copy cannot take the route ${slug}`);
  if (/^slug:/m.test(markdown.slice(0, markdown.indexOf('\n---', 3)))) {
    throw new Error(`a page sets its own slug; its copy cannot take the route ${slug}`);
  }
  return `---\nslug: ${slug}\n${markdown.slice(4)}`;
}

export interface ScaledSite {
  dir: string;
  factor: number;
  pages: number;
}

/** Writes the site at `factor` times the pages into `dir` (emptied first). */
export function makeScaledSite(
  root: string,
  dir: string,
  factor: number,
  layout: ScaleLayout = 'sections',
): ScaledSite {
  fs.rmSync(dir, {recursive: true, force: true});
  fs.mkdirSync(dir, {recursive: true});
  for (const linked of ['src', 'static', 'releases', 'sidebars', 'node_modules', 'tests']) {
    fs.symlinkSync(path.join(root, linked), path.join(dir, linked));
  }
  for (const copied of ['docusaurus.config.ts', 'tsconfig.json', 'package.json']) {
    fs.copyFileSync(path.join(root, copied), path.join(dir, copied));
  }
  const docs = path.join(root, 'docs');
  fs.cpSync(docs, path.join(dir, 'docs'), {recursive: true});
  const pages = listPages([docs]);
  for (let copy = 2; copy <= factor; copy += 1) {
    const target = path.join(dir, 'docs', `scale-${copy}`);
    for (const file of fs.readdirSync(docs, {recursive: true, withFileTypes: true})) {
      if (!file.isFile() || file.name === 'tags.yml') continue;
      const from = path.join(file.parentPath, file.name);
      const to = path.join(target, path.relative(docs, from));
      fs.mkdirSync(path.dirname(to), {recursive: true});
      if (from.endsWith('.md')) {
        let page = varyPage(fs.readFileSync(from, 'utf8'), copy);
        if (layout === 'within') {
          if (file.name !== 'index.md') throw new Error(`${from}: every page is an index.md; this one is not`);
          page = withSlug(page, withinRoute(path.relative(docs, file.parentPath).split(path.sep).join('/'), copy));
        }
        fs.writeFileSync(to, page);
      } else fs.copyFileSync(from, to);
    }
  }
  const copies = Array.from({length: factor - 1}, (_, i) => i + 2);
  fs.writeFileSync(
    path.join(dir, 'sidebars.ts'),
    layout === 'within' ? withinSidebars(root, copies) : sectionSidebars(root, copies),
  );
  return {dir, factor, pages: pages.length * factor};
}

function sidebarHeader(root: string, what: string): string {
  return `// Generated by bench/lib/scale.ts: the project's sidebar, ${what}
import sidebars from '${path.join(root, 'sidebars.ts').replace(/\.ts$/, '')}';

const [name] = Object.keys(sidebars);
const items = sidebars[name as keyof typeof sidebars] as unknown[];
`;
}

/** The project's sidebar, then one section per copy of the docs. */
function sectionSidebars(root: string, copies: number[]): string {
  return `${sidebarHeader(root, 'then one section per copy of the docs.')}export default {
  [name!]: [
    ...items,
${copies.map((c) => `    {type: 'category', label: 'Copy ${c}', items: [{type: 'autogenerated', dirName: 'scale-${c}'}]},`).join('\n')}
  ],
};
`;
}

/**
 * The project's sidebar with, at the end of each top-level category, one category per copy of the
 * part most of its pages are in (the first segment of their doc ids).
 */
function withinSidebars(root: string, copies: number[]): string {
  return `${sidebarHeader(root, 'each top-level category followed by the copies of its part.')}
type Item = {type?: string; id?: string; link?: {type?: string; id?: string}; items?: Item[]} | string;
const ids = (item: Item): string[] =>
  typeof item === 'string'
    ? [item]
    : item.type === 'doc'
      ? [item.id!]
      : [...(item.link?.type === 'doc' ? [item.link.id!] : []), ...(item.items ?? []).flatMap(ids)];
const partOf = (item: Item): string | undefined => {
  const counts = new Map<string, number>();
  for (const id of ids(item)) counts.set(id.split('/')[0]!, (counts.get(id.split('/')[0]!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
};
const copies = ${JSON.stringify(copies)};
export default {
  [name!]: (items as Item[]).map((item) => {
    const part = typeof item === 'string' || item.type !== 'category' ? undefined : partOf(item);
    if (!part || typeof item === 'string') return item;
    return {
      ...item,
      items: [
        ...(item.items ?? []),
        ...copies.map((c) => ({type: 'category', label: \`Copy \${c}\`, items: [{type: 'autogenerated', dirName: \`scale-\${c}/\${part}\`}]})),
      ],
    };
  }),
};
`;
}
