/**
 * How a page's Markdown is read, the same way by lint, the build, search and the Markdown copies:
 * parsing, the page files, links, heading anchors and the text a reader sees.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Definition, Heading, Link, Root} from 'mdast';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import {visit} from 'unist-util-visit';
import {createSlugger, escapeMarkdownHeadingIds, parseMarkdownHeadingId} from '@docusaurus/utils';
import {toString} from 'mdast-util-to-string';

/** Whitespace folded to single spaces: text as a reader sees it, whatever the source's line breaks. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Every Markdown page below the given files or folders, in a stable order. */
export function listPages(targets: readonly string[]): string[] {
  const pages: string[] = [];
  const walk = (target: string) => {
    const stat = fs.statSync(target);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target).sort()) walk(path.join(target, entry));
    } else if (/\.mdx?$/.test(target)) {
      pages.push(path.resolve(target));
    }
  };
  targets.forEach(walk);
  return pages;
}

export interface PageLink {
  url: string;
  line: number;
}

/**
 * Parses an MDX page as Docusaurus does (GFM, directives, front matter, `{#id}` heading ids);
 * throws on bad syntax.
 */
export function parsePage(source: string): Root {
  return unified()
    .use(remarkParse)
    .use(remarkMdx)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkFrontmatter)
    .parse(escapeMarkdownHeadingIds(source));
}

/** Every link and link definition of a page, with its line. */
export function collectLinks(tree: Root): PageLink[] {
  const links: PageLink[] = [];
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'definition') {
      const {url} = node as Link | Definition;
      links.push({url, line: node.position?.start.line ?? 0});
    }
  });
  return links;
}

/** True for a link the build must resolve to a page file (relative, ending in .md or .mdx). */
export function isFileLink(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/') && !url.startsWith('#') && /\.mdx?(#.*)?$/.test(url);
}

/**
 * The file a file link points at, or undefined when its percent-encoding is malformed
 * (`../a%zz/index.md`), which the caller reports at the link's line instead of crashing.
 */
export function fileLinkTarget(url: string, fromFile: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURI(url.replace(/#.*$/, ''));
  } catch {
    return undefined;
  }
  return path.resolve(path.dirname(fromFile), decoded);
}

/** Words of prose: text outside code blocks, imports, front matter and JSX attributes. */
export function proseWordCount(tree: Root): number {
  let words = 0;
  visit(tree, (node) => {
    if (node.type === 'code' || node.type === 'yaml' || node.type === ('mdxjsEsm' as string)) return 'skip';
    if (node.type === 'text' || node.type === 'inlineCode') {
      words += (node as {value: string}).value.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    }
    return undefined;
  });
  return words;
}

/** The anchor Docusaurus gives a heading (explicit ids and `{#id}` first, then the slug of its text). */
export function headingAnchor(heading: Heading, slugs: ReturnType<typeof createSlugger>): {id: string; text: string} {
  const explicit = (heading.data as {hProperties?: {id?: string}} | undefined)?.hProperties?.id;
  const words = heading.children.filter((child) => !['html', 'jsx'].includes(child.type));
  const raw = toString(words.length > 0 ? {type: 'paragraph', children: words} : heading);
  if (explicit) return {id: slugs.slug(explicit, {maintainCase: true}), text: normalizeText(raw)};
  const parsed = parseMarkdownHeadingId(raw);
  // A `{#id}` is used as written, without passing through the slugger, as the site does.
  if (parsed.id) return {id: parsed.id, text: normalizeText(parsed.text)};
  return {id: slugs.slug(raw), text: normalizeText(raw)};
}

/** A page's text for the security-claims ledger: its blocks and its prose. */
export interface PageText {
  /** The text of each block (paragraph, heading, list item, table cell, code block), whitespace folded. */
  blocks: readonly string[];
  /** Prose only (no code blocks), for the security vocabulary. */
  prose: string;
}

/** Node types whose text a reader meets as one block: a statement is quoted from one of them. */
const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'tableCell', 'code']);

/**
 * A page's text as a reader sees it, block by block (Markdown markup gone, whitespace folded), and its
 * prose without code, for the security-claims ledger.
 */
export function pageText(tree: Root): PageText {
  const blocks: string[] = [];
  const prose: string[] = [];
  visit(tree, (node) => {
    if (node.type === 'yaml' || node.type === ('mdxjsEsm' as string)) return 'skip';
    if (TEXT_BLOCKS.has(node.type)) {
      blocks.push(normalizeText(node.type === 'code' ? (node as {value: string}).value : toString(node)));
    }
    if (node.type === 'code') return 'skip';
    if (node.type === 'text' || node.type === 'inlineCode') prose.push((node as {value: string}).value);
    return undefined;
  });
  return {blocks, prose: normalizeText(prose.join(' '))};
}
