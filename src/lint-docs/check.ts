/**
 * Checks every page in `docs/`: front matter, the catalogue entry, file links, anchors, images,
 * version badges, MDX syntax, syntax that would show as text, and the amount of prose. Returns problems as `file:line: message` so editors can jump to them.
 */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import YAML from 'yaml';
import {ANY_TITLE, docFileToRoute, type CatalogueRow} from '../pages/catalogue';
import {validateFrontMatter} from '../pages/frontmatter';
import {findSyntaxLeaks} from '../pages/syntax';
import {errorPosition} from '../pages/page-error';
import {checkReferences} from '../pages/references';
import {
  collectLinks,
  fileLinkTarget,
  isFileLink,
  pageText,
  parsePage,
  proseWordCount,
  type PageText,
} from '../pages/parse';
import {checkLedger, parseLedger} from './security-claims';

export const MIN_PROSE_WORDS = 150;

export interface Problem {
  file: string;
  line: number;
  message: string;
  /** Warnings are printed but do not fail the run. */
  warning?: boolean;
}

export interface DocsContext {
  docsDir: string;
  tags: ReadonlySet<string>;
  versions: ReadonlySet<string>;
  catalogue: ReadonlyMap<string, CatalogueRow>;
}

export function readTagKeys(docsDir: string): Set<string> {
  const parsed = YAML.parse(fs.readFileSync(path.join(docsDir, 'tags.yml'), 'utf8')) as Record<string, unknown>;
  return new Set(Object.keys(parsed));
}

/** Line of the first occurrence of `key:` in the front-matter block, for pointing at a key. */
function frontMatterLine(source: string, key: string): number {
  const lines = source.split('\n');
  const index = lines.findIndex((line, i) => i > 0 && line.startsWith(`${key.split(':')[0]}:`));
  return index >= 0 ? index + 1 : 1;
}

export function checkPage(absoluteFile: string, context: DocsContext): Problem[] {
  const file = path.relative(process.cwd(), absoluteFile);
  const problems: Problem[] = [];
  const source = fs.readFileSync(absoluteFile, 'utf8');
  const relative = path.relative(context.docsDir, absoluteFile);
  const route = docFileToRoute(relative);
  if (!route) {
    return [{file, line: 1, message: 'a page must be named index.md inside the folder of its route'}];
  }
  let data: Record<string, unknown>;
  try {
    data = matter(source).data;
  } catch (error) {
    return [{file, line: 1, message: `front matter is not valid YAML: ${(error as Error).message}`}];
  }
  for (const message of validateFrontMatter(data, context)) {
    problems.push({file, line: frontMatterLine(source, message), message});
  }
  const row = context.catalogue.get(route);
  if (!row) {
    problems.push({file, line: 1, message: `route ${route} is not in tests/data/catalogue.tsv`});
  } else {
    if (row.title !== ANY_TITLE && data.title !== row.title) {
      problems.push({
        file,
        line: frontMatterLine(source, 'title'),
        message: `title: the catalogue says "${row.title}"`,
      });
    }
    const tags = Array.isArray(data.tags) ? data.tags : [];
    for (const tag of row.tags) {
      if (!tags.includes(tag)) problems.push({file, line: 1, message: `tags: the catalogue requires "${tag}"`});
    }
  }
  let tree;
  try {
    tree = parsePage(source);
  } catch (error) {
    const e = error as {reason?: string; message: string};
    problems.push({file, line: errorPosition(error)?.line ?? 1, message: `MDX syntax: ${e.reason ?? e.message}`});
    return problems;
  }
  for (const leak of findSyntaxLeaks(tree)) problems.push({file, line: leak.line, message: leak.message});
  const staticDir = path.join(context.docsDir, '..', 'static');
  for (const ref of checkReferences(tree, absoluteFile, {versions: context.versions, staticDir})) {
    problems.push({file, line: ref.line, message: ref.message});
  }
  for (const link of collectLinks(tree)) {
    if (!isFileLink(link.url)) continue;
    const target = fileLinkTarget(link.url, absoluteFile);
    if (target === undefined) {
      problems.push({file, line: link.line, message: `link ${link.url}: malformed percent-encoding`});
      continue;
    }
    if (fs.existsSync(target)) continue;
    const targetRoute = docFileToRoute(path.relative(context.docsDir, target));
    if (targetRoute && context.catalogue.has(targetRoute)) {
      problems.push({file, line: link.line, message: `link ${link.url}: page not written yet`, warning: true});
    } else {
      problems.push({file, line: link.line, message: `link ${link.url}: no such page`});
    }
  }
  const words = proseWordCount(tree);
  if (words < MIN_PROSE_WORDS) {
    problems.push({file, line: 1, message: `only ${words} words of prose; a page needs at least ${MIN_PROSE_WORDS}`});
  }
  return problems;
}

/** Where the security-claims ledger lives, from the repository's root. */
export const LEDGER_FILE = 'tests/data/security-claims.tsv';

/**
 * The ledger against the given pages: each problem at the ledger's line, or at the page's first line
 * when the page has no row. Pages that do not parse are left to checkPage.
 */
export function checkSecurityClaims(files: readonly string[], context: DocsContext, ledgerText: string): Problem[] {
  const ledgerFile = path.relative(process.cwd(), path.join(context.docsDir, '..', LEDGER_FILE));
  const texts = new Map<string, PageText>();
  const fileOf = new Map<string, string>();
  for (const absoluteFile of files) {
    const route = docFileToRoute(path.relative(context.docsDir, absoluteFile));
    if (!route) continue;
    try {
      texts.set(route, pageText(parsePage(fs.readFileSync(absoluteFile, 'utf8'))));
      fileOf.set(route, path.relative(process.cwd(), absoluteFile));
    } catch {
      // reported by checkPage
    }
  }
  const {rows, problems} = parseLedger(ledgerText);
  return [...problems, ...checkLedger(rows, texts, new Set(context.catalogue.keys()))].map((p) =>
    p.line === 0
      ? {file: fileOf.get(p.route) ?? ledgerFile, line: 1, message: p.message}
      : {file: ledgerFile, line: p.line, message: p.message},
  );
}
