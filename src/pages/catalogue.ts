/**
 * The page catalogue (`tests/data/catalogue.tsv`): every route the site publishes, with its title,
 * its part of the site, where its facts come from, and the tags it must carry.
 */
import fs from 'node:fs';
import path from 'node:path';
import {PageError} from './page-error';

export interface CatalogueRow {
  route: string;
  title: string;
  part: string;
  factsSource: string;
  tags: string[];
}

/** A title of `(choose)` leaves the title to the writer. */
export const ANY_TITLE = '(choose)';

/** The columns, tab-separated, in order; the last two may be empty. */
export const CATALOGUE_COLUMNS = ['route', 'title', 'part', 'facts_source', 'tags'] as const;

/**
 * Reads the catalogue. A mistake names the file's line and the column, without a stack trace:
 * `tests/data/catalogue.tsv:12: column "title" is empty (columns: route, title, part, …)`.
 */
export function parseCatalogue(tsv: string, file = 'tests/data/catalogue.tsv'): CatalogueRow[] {
  const fail = (line: number, reason: string): never => {
    throw new PageError(file, {line}, `${reason} (columns, separated by tabs: ${CATALOGUE_COLUMNS.join(', ')})`);
  };
  const all = tsv.split(/\r?\n/);
  if (all[0]?.split('\t')[0] !== 'route') fail(1, 'the catalogue must start with its header row');
  const rows: CatalogueRow[] = [];
  all.forEach((line, index) => {
    if (index === 0 || line.trim() === '') return;
    const cells = line.split('\t');
    const [route, title, part, factsSource, tags] = cells;
    if (cells.length > CATALOGUE_COLUMNS.length)
      fail(index + 1, `${cells.length} columns, at most ${CATALOGUE_COLUMNS.length}`);
    if (!route?.startsWith('/'))
      fail(index + 1, `column "route" must be a path starting with / (found "${route ?? ''}")`);
    if (!title) fail(index + 1, 'column "title" is empty');
    if (!part) fail(index + 1, 'column "part" is empty');
    rows.push({
      route: route!.endsWith('/') ? route! : `${route}/`,
      title: title!,
      part: part!,
      factsSource: factsSource ?? '',
      tags: (tags ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    });
  });
  return rows;
}

export const CATALOGUE_FILE = path.join(__dirname, '..', '..', 'tests', 'data', 'catalogue.tsv');

export function readCatalogue(file = CATALOGUE_FILE): CatalogueRow[] {
  return parseCatalogue(fs.readFileSync(file, 'utf8'), file);
}

/** The file of a route: `/a/b/` is `docs/a/b/index.md`; `/` is `docs/index.md`. */
export function routeToDocFile(route: string): string {
  const trimmed = route.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'docs/index.md' : `docs/${trimmed}/index.md`;
}

/** The route of a page file given relative to the docs folder (`a/b/index.md` is `/a/b/`). */
export function docFileToRoute(relativeFile: string): string | undefined {
  const normalized = relativeFile.split(path.sep).join('/');
  if (normalized === 'index.md') return '/';
  const match = /^(.+)\/index\.mdx?$/.exec(normalized);
  return match ? `/${match[1]}/` : undefined;
}
