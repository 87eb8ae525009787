/**
 * Turns one page into search records shaped like DocSearch's: a page record (`lvl1`), a record per
 * heading (`lvl2`…`lvl6`) and a record per paragraph, list item and table row (`content`), each
 * with its hierarchy and the anchor of the nearest heading. Pure: works on the page's mdast, after
 * the site's own remark plugins have run, and computes heading anchors exactly as the site does.
 */
import type {Nodes, Root, RootContent, TableRow} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {createSlugger} from '@docusaurus/utils';
import {headingAnchor, normalizeText} from '../../pages/parse';

import {DOCS_TAG, LANGUAGE, type Hierarchy, type PageInfo, type RecordType, type SearchRecord} from '../format/types';

export type {Hierarchy, PageInfo, RecordType, SearchRecord} from '../format/types';

const SKIPPED = new Set(['code', 'yaml', 'mdxjsEsm', 'html', 'definition', 'thematicBreak', 'mdxFlowExpression']);

function rowText(row: TableRow): string {
  return row.children
    .map((cell) => normalizeText(toString(cell)))
    .filter(Boolean)
    .join(' · ');
}

export function extractRecords(tree: Root, page: PageInfo): SearchRecord[] {
  const slugs = createSlugger();
  const records: SearchRecord[] = [];
  const levels: (string | null)[] = [null, null, null, null, null];
  let anchor: string | null = null;

  const hierarchy = (): Hierarchy => ({
    lvl0: page.section,
    lvl1: page.title,
    lvl2: levels[0] ?? null,
    lvl3: levels[1] ?? null,
    lvl4: levels[2] ?? null,
    lvl5: levels[3] ?? null,
    lvl6: levels[4] ?? null,
  });
  const push = (recordType: RecordType, content: string | null) => {
    const url = anchor ? `${page.route}#${anchor}` : page.route;
    records.push({
      objectID: `${page.route}:${records.length}`,
      url,
      url_without_anchor: page.route,
      anchor,
      type: recordType,
      hierarchy: hierarchy(),
      content,
      language: LANGUAGE,
      docusaurus_tag: DOCS_TAG,
    });
  };

  push('lvl1', page.description ? normalizeText(page.description) : null);

  const visitBlock = (node: Nodes) => {
    if (SKIPPED.has(node.type)) return;
    switch (node.type) {
      case 'heading': {
        const {depth} = node;
        const {id, text} = headingAnchor(node, slugs);
        if (depth < 2) return;
        levels[depth - 2] = text;
        for (let i = depth - 1; i < levels.length; i += 1) levels[i] = null;
        anchor = id;
        push(`lvl${depth}` as RecordType, null);
        return;
      }
      case 'paragraph': {
        // The badge line under a title is chrome, not content.
        const classes = (node.data as {hProperties?: {className?: string[]}} | undefined)?.hProperties?.className;
        if (classes?.includes('ak-badges')) return;
        const text = normalizeText(toString(node));
        if (text) push('content', text);
        return;
      }
      case 'listItem': {
        // The item's own paragraphs form one record; nested lists become records of their own.
        const own = node.children.filter((child) => child.type !== 'list');
        const text = normalizeText(own.map((child) => (SKIPPED.has(child.type) ? '' : toString(child))).join(' '));
        if (text) push('content', text);
        node.children.filter((child) => child.type === 'list').forEach(visitBlock);
        return;
      }
      case 'table': {
        // The header row names the columns; each body row is one record.
        node.children.slice(1).forEach((row) => {
          const text = rowText(row);
          if (text) push('content', text);
        });
        return;
      }
      default: {
        const children = (node as {children?: RootContent[]}).children;
        if (Array.isArray(children)) children.forEach((child) => visitBlock(child as Nodes));
      }
    }
  };
  tree.children.forEach((child) => visitBlock(child));
  return records;
}
