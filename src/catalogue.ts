/**
 * The page catalogue (`tests/data/catalogue.tsv`): every route the site publishes, with its title,
 * its part of the site, where its facts come from, and the tags it must carry.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface CatalogueRow {
  route: string;
  title: string;
  part: string;
  factsSource: string;
  tags: string[];
}

/** A title of `(choose)` leaves the title to the writer. */
export const ANY_TITLE = '(choose)';

export function parseCatalogue(tsv: string): CatalogueRow[] {
  const lines = tsv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines.shift();
  if (header?.split('\t')[0] !== 'route') throw new Error('The catalogue must start with a header row.');
  return lines.map((line, i) => {
    const [route, title, part, factsSource, tags] = line.split('\t');
    if (!route?.startsWith('/') || !title || !part) {
      throw new Error(`Catalogue row ${i + 2} is incomplete: ${line}`);
    }
    return {
      route: route.endsWith('/') ? route : `${route}/`,
      title,
      part,
      factsSource: factsSource ?? '',
      tags: (tags ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    };
  });
}

export const CATALOGUE_FILE = path.join(__dirname, '..', 'tests', 'data', 'catalogue.tsv');

export function readCatalogue(file = CATALOGUE_FILE): CatalogueRow[] {
  return parseCatalogue(fs.readFileSync(file, 'utf8'));
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
