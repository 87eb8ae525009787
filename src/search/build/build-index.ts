/** Builds the embedded search index from the pages in `docs/` (Node only). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type {Root} from 'mdast';
import {VFile} from 'vfile';
import remarkBadges from '../../remark/badges';
import remarkIndexes from '../../remark/indexes';
import {listPages, parsePage} from '../../pages/parse';
import {docFileToRoute} from '../../pages/catalogue';
import {readReleases} from '../../../releases/catalogue';
import {extractRecords, type SearchRecord} from './records';
import {splitIndex, type HeadShard} from '../format/shards';
import {toPageError} from '../../pages/page-error';

export interface BuiltFile {
  fileName: string;
  json: string;
}

export interface BuiltIndex {
  /** The records in index order (the first shard's first). */
  records: SearchRecord[];
  /** The first shard, `search-index.<hash>.json`, which names the others. */
  head: BuiltFile;
  /** The other shards, `search-body-<n>.<hash>.json`. */
  body: BuiltFile[];
}

const hashOf = (json: string) => crypto.createHash('sha256').update(json).digest('hex').slice(0, 10);

/** Every record of every page below `docsDir`, in page order. */
export function collectRecords(docsDir: string, sections: ReadonlyMap<string, string>): SearchRecord[] {
  const versions = new Set(readReleases(docsDir).map((r) => r.version));
  const badges = remarkBadges({versions});
  const indexes = remarkIndexes({docsDir});
  const records: SearchRecord[] = [];
  for (const file of listPages([docsDir])) {
    const relative = path.relative(docsDir, file);
    const route = docFileToRoute(relative);
    if (!route) continue;
    const source = fs.readFileSync(file, 'utf8');
    let data: Record<string, unknown>;
    let tree: Root;
    // This runs before the MDX loader sees the page, so its errors must name the page themselves.
    try {
      data = matter(source).data;
      tree = parsePage(source) as Root;
      const vfile = new VFile({path: file, value: source, data: {frontMatter: data}});
      badges(tree, vfile);
      indexes(tree, vfile);
    } catch (error) {
      throw toPageError(error, file);
    }
    const docId = relative
      .replace(/\.mdx?$/, '')
      .split(path.sep)
      .join('/');
    records.push(
      ...extractRecords(tree, {
        route,
        title: String(data.title ?? route),
        ...(typeof data.description === 'string' ? {description: data.description} : {}),
        section: sections.get(docId) ?? 'Documentation',
      }),
    );
  }
  return records;
}

export function buildIndex(records: SearchRecord[], site: string): BuiltIndex {
  const split = splitIndex(records, site);
  const body = split.body.map((shard, n) => {
    const json = JSON.stringify(shard);
    return {fileName: `search-body-${n + 1}.${hashOf(json)}.json`, json};
  });
  const head: HeadShard = {
    ...split.head,
    shards: split.body.map((shard, n) => ({file: body[n]!.fileName, start: shard.start, count: shard.records.length})),
  };
  const json = JSON.stringify(head);
  return {records: split.records, head: {fileName: `search-index.${hashOf(json)}.json`, json}, body};
}
