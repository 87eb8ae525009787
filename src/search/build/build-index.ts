/** The search records of the pages in `docs/`, as the build and the bench read them (Node only). */
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
import {toPageError} from '../../pages/page-error';

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
