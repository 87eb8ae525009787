/** What the docs linter reads out of one page's Markdown: links, headings and prose. Pure. */
import path from 'node:path';
import type {Root, Link, Definition} from 'mdast';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import {visit} from 'unist-util-visit';
import {escapeMarkdownHeadingIds} from '@docusaurus/utils';
import {toString} from 'mdast-util-to-string';
import {normalizeText, type PageText} from './security-claims';

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
