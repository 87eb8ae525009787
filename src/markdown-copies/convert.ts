/**
 * The Markdown copy of a page, converted from its MDX source: what an assistant or an editor's
 * agent reads instead of the hydrated page. The same remark plugins that build the site fill the
 * generated tables and unlink pending links; then everything that is MDX or Docusaurus syntax is
 * turned into plain CommonMark with GFM tables:
 *
 * - front matter goes; the copy starts with `# <title>` and the description as a blockquote,
 * - `import` lines go, tabs become headed sections, admonitions become blockquotes with their type,
 * - badges become plain words ("authentik 2024.8+", "Enterprise", "Preview"),
 * - every link and image is absolute: a file link becomes the address of its page.
 *
 * Pure apart from what the reused plugins read from the docs folder (release and advisory lists,
 * whether a linked page exists).
 */
import path from 'node:path';
import type {Blockquote, Heading, Image, Link, Paragraph, PhrasingContent, Root, RootContent, TableCell} from 'mdast';
import {unified} from 'unified';
import remarkStringify from 'remark-stringify';
import remarkGfm from 'remark-gfm';
import {toString} from 'mdast-util-to-string';
import {SKIP, visit} from 'unist-util-visit';
import {VFile} from 'vfile';
import matter from 'gray-matter';
import {badgeSpec, frontMatterBadges, type BadgeKind} from '../pages/badges';
import remarkIndexes from '../remark/indexes';
import remarkPendingLinks from '../remark/pending-links';
import {docFileToRoute} from '../pages/catalogue';
import {fileLinkTarget, isFileLink, parsePage} from '../pages/parse';

export interface ConvertOptions {
  /** Absolute path of the page's file. */
  file: string;
  /** Absolute path of the docs folder. */
  docsDir: string;
  /**
   * The address of the site's root: its origin and base path, such as `https://docs.goauthentik.io` or
   * `https://intranet.example.org/docs/`.
   */
  siteUrl: string;
  /** Every version that has release notes (for badges). */
  versions: ReadonlySet<string>;
  /** Every route of the catalogue (for pending links). */
  routes: ReadonlySet<string>;
  /** Where a page-relative asset (an image beside the page) is served, as a site path. */
  assetUrl?: (absoluteFile: string) => string | undefined;
}

export interface MarkdownCopy {
  title: string;
  description: string;
  /** The page's route, `/a/b/`. */
  route: string;
  /** The clean Markdown, starting with `# <title>`. */
  markdown: string;
}

const BADGES: Record<string, BadgeKind> = {
  'ak-version': 'version',
  'ak-enterprise': 'enterprise',
  'ak-preview': 'preview',
};
const ADMONITIONS: Record<string, string> = {
  note: 'Note',
  info: 'Info',
  tip: 'Tip',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
};

/** Loose views of the MDX and directive nodes this module rewrites. */
interface AnyNode {
  type: string;
  name?: string | null;
  value?: string;
  url?: string;
  children?: AnyNode[];
  attributes?: {type: string; name?: string; value?: unknown}[];
  data?: Record<string, unknown>;
  position?: {start: {line: number}};
}

const text = (value: string): PhrasingContent => ({type: 'text', value});

function attribute(node: AnyNode, name: string): string | undefined {
  const found = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

function where(options: ConvertOptions, node: AnyNode): string {
  return `${options.file}${node.position ? `:${node.position.start.line}` : ''}`;
}

/** The page's absolute address, and the absolute form of any link found in it. */
/** The address of a site path (`/a/b/`) under the site's root, base path included. */
export function siteAddress(sitePath: string, siteUrl: string): URL {
  return new URL(sitePath.replace(/^\/+/, ''), siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`);
}

export function absoluteUrl(url: string, options: ConvertOptions, route: string): string {
  // Docusaurus's `pathname:///file` is a plain path on this site.
  if (url.startsWith('pathname://')) return siteAddress(url.slice('pathname://'.length), options.siteUrl).href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  if (url.startsWith('/')) return siteAddress(url, options.siteUrl).href;
  const base = siteAddress(route, options.siteUrl);
  if (isFileLink(url)) {
    const hash = url.includes('#') ? url.slice(url.indexOf('#')) : '';
    const target = fileLinkTarget(url, options.file);
    const targetRoute = target && docFileToRoute(path.relative(options.docsDir, target));
    if (!targetRoute) throw new Error(`${options.file}: link ${url} is not a page`);
    return siteAddress(targetRoute + hash, options.siteUrl).href;
  }
  return new URL(url, base).href;
}

/** Tabs become one headed section per tab, a level below the heading they sit under. */
function tabSections(node: AnyNode, depth: number): RootContent[] {
  const level = Math.min(depth, 6) as Heading['depth'];
  return (node.children ?? [])
    .filter((child) => child.type === 'mdxJsxFlowElement' && child.name === 'TabItem')
    .flatMap((item) => [
      {type: 'heading', depth: level, children: [text(attribute(item, 'label') ?? attribute(item, 'value') ?? '')]},
      ...((item.children ?? []) as RootContent[]),
    ]) as RootContent[];
}

/** The blockquote an admonition becomes: its type (and title) in bold, then its content. */
function admonition(node: AnyNode): Blockquote {
  const children = [...(node.children ?? [])];
  let label = ADMONITIONS[node.name ?? ''] ?? 'Note';
  if (children[0]?.data?.directiveLabel) {
    label += `: ${toString(children.shift() as Paragraph)}`;
  }
  let lead: Paragraph;
  const first = children[0];
  if (label.includes(':') || first?.type !== 'paragraph') {
    // A titled admonition keeps its title on a line of its own: "**Info: Groups**".
    lead = {type: 'paragraph', children: [{type: 'strong', children: [text(label)]}]};
  } else {
    // "**Warning:** The text…" reads as one line, as on the page.
    const words = (first as unknown as Paragraph).children;
    lead = {type: 'paragraph', children: [{type: 'strong', children: [text(`${label}:`)]}, text(' '), ...words]};
    children.shift();
  }
  return {type: 'blockquote', children: [lead, ...(children as Blockquote['children'])]};
}

/** Rewrites a parsed page in place into plain Markdown nodes; throws on syntax it does not know. */
function toPlainMarkdown(tree: Root, options: ConvertOptions, route: string): void {
  // Text badges become their words.
  visit(tree, (node, index, parent) => {
    const n = node as unknown as AnyNode;
    if (n.type !== 'textDirective' || !parent || index === undefined) return undefined;
    const kind = BADGES[n.name ?? ''];
    if (!kind) throw new Error(`${where(options, n)}: unknown directive :${n.name}`);
    const spec = badgeSpec(kind, options.versions, toString(n as unknown as Paragraph));
    // In a heading the badge follows the words in brackets: "## Password history (authentik 2024.10+)".
    (parent.children as PhrasingContent[])[index] = text(parent.type === 'heading' ? `(${spec.label})` : spec.label);
    return [SKIP, index + 1];
  });

  // Headings keep their words; a `{#custom-id}` is page markup, not text.
  visit(tree, 'heading', (heading: Heading) => {
    const last = heading.children.at(-1);
    if (last?.type === 'text') last.value = last.value.replace(/\s*\\?\{#[\w-]+\}\s*$/, '');
  });

  // Block-level MDX and directives, walked in document order with the depth of the last heading.
  let depth = 1;
  const rewrite = (children: readonly AnyNode[]): AnyNode[] =>
    children.flatMap((child): AnyNode[] => {
      if (child.type === 'heading') depth = (child as unknown as Heading).depth;
      if (child.type === 'mdxjsEsm' || child.type === 'yaml' || child.type === 'mdxFlowExpression') return [];
      if (child.type === 'mdxJsxFlowElement' && child.name === 'Tabs') {
        const before = depth;
        const sections = rewrite(tabSections(child, before + 1) as unknown as AnyNode[]);
        depth = before;
        return sections;
      }
      if (child.type === 'containerDirective' && child.name && child.name in ADMONITIONS) {
        const quote = admonition(child) as unknown as AnyNode;
        return [{...quote, children: rewrite(quote.children ?? [])}];
      }
      if (child.type === 'mdxJsxFlowElement' || child.type === 'containerDirective' || child.type === 'leafDirective') {
        throw new Error(`${where(options, child)}: no Markdown form for ${child.name ?? child.type}`);
      }
      if (child.children && child.type !== 'heading') return [{...child, children: rewrite(child.children)}];
      return [child];
    });
  tree.children = rewrite(tree.children as unknown as AnyNode[]) as unknown as RootContent[];

  // Inline JSX: a line break, a key, an expression.
  visit(tree, (node, index, parent) => {
    const n = node as unknown as AnyNode;
    if (!parent || index === undefined) return undefined;
    const siblings = parent.children as PhrasingContent[];
    if (n.type === 'mdxTextExpression') {
      // `{' '}` and the like: a string literal stays as its text, anything else has no Markdown form.
      const literal = /^\s*(['"])(.*)\1\s*$/.exec(n.value ?? '');
      if (!literal) throw new Error(`${where(options, n)}: no Markdown form for {${n.value}}`);
      siblings[index] = text(literal[2]!);
      return [SKIP, index + 1];
    }
    if (n.type !== 'mdxJsxTextElement') return undefined;
    if (n.name === 'br') {
      siblings[index] = parent.type === 'tableCell' ? text(' ') : {type: 'break'};
    } else if (n.name === 'kbd' || n.name === 'code') {
      siblings[index] = {type: 'inlineCode', value: toString(n as unknown as Paragraph)};
    } else if (n.name && /^[a-z]/.test(n.name)) {
      siblings.splice(index, 1, ...((n.children ?? []) as PhrasingContent[]));
      return [SKIP, index];
    } else {
      throw new Error(`${where(options, n)}: no Markdown form for <${n.name}>`);
    }
    return [SKIP, index + 1];
  });

  // Every address absolute.
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'definition') {
      (node as Link).url = absoluteUrl((node as Link).url, options, route);
    } else if (node.type === 'image') {
      const image = node as Image;
      if (!/^[a-z][a-z0-9+.-]*:/i.test(image.url) && !image.url.startsWith('/')) {
        const served = options.assetUrl?.(path.resolve(path.dirname(options.file), decodeURI(image.url)));
        if (!served) throw new Error(`${options.file}: image ${image.url} is not in the build`);
        image.url = served;
      }
      image.url = image.url.startsWith('/')
        ? siteAddress(image.url, options.siteUrl).href
        : new URL(image.url, siteAddress(route, options.siteUrl)).href;
    }
  });

  // A table cell holds one line.
  visit(tree, 'tableCell', (cell: TableCell) => {
    visit(cell, 'break', (_node, index, parent) => {
      if (parent && index !== undefined) (parent.children as PhrasingContent[])[index] = text(' ');
    });
  });
}

/** Serialises mdast as CommonMark with GFM tables, in the house style (`-` bullets, fenced code). */
export function stringify(tree: Root): string {
  return unified()
    .use(remarkGfm, {tablePipeAlign: false})
    .use(remarkStringify, {bullet: '-', fences: true, rule: '-', emphasis: '_', listItemIndent: 'one'})
    .stringify(tree);
}

/** Converts one page's source into its Markdown copy. */
export async function convertPage(source: string, options: ConvertOptions): Promise<MarkdownCopy> {
  const {data: frontMatter} = matter(source);
  const title = String(frontMatter.title ?? '');
  const description = String(frontMatter.description ?? '');
  const route = docFileToRoute(path.relative(options.docsDir, options.file));
  if (!route) throw new Error(`${options.file} is not a page (docs/<route>/index.md)`);
  if (!title) throw new Error(`${options.file}: no title`);

  const file = new VFile({path: options.file, value: source, data: {frontMatter}});
  const tree = parsePage(source);
  // The site's own plugins: generated tables filled, links to pages not written yet unlinked.
  await unified()
    .use(() => remarkIndexes({docsDir: options.docsDir}))
    .use(() => remarkPendingLinks({docsDir: options.docsDir, routes: options.routes}))
    .run(tree, file);
  toPlainMarkdown(tree, options, route);

  const head: RootContent[] = [{type: 'heading', depth: 1, children: [text(title)]}];
  if (description) head.push({type: 'blockquote', children: [{type: 'paragraph', children: [text(description)]}]});
  const badges = frontMatterBadges(frontMatter, options.versions);
  if (badges.length > 0) {
    head.push({type: 'paragraph', children: [text(badges.map((b) => b.label).join(' · '))]});
  }
  tree.children = [...head, ...tree.children];
  return {title, description, route, markdown: stringify(tree)};
}
