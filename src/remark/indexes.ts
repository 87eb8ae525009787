/**
 * Generated tables that stay true by construction:
 *
 *   ::release-index    every release, newest first, with its date, summary and support status
 *   ::advisory-index   every security advisory, newest first, with severity and versions
 *
 * Both read the pages' front matter at build time, so nothing is typed twice and nothing ships as
 * JavaScript.
 */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type {PhrasingContent, Root, RootContent, Table, TableCell, TableRow} from 'mdast';
import type {VFile} from 'vfile';
import {visit} from 'unist-util-visit';
import {readReleases, supportedReleases, type Release} from '../../releases/catalogue';
import {validateAdvisory, type Advisory} from '../lint-docs/frontmatter';

export interface AdvisoryEntry extends Advisory {
  id: string;
  route: string;
}

/** Reads every advisory page below `docs/security/cves/`, newest first. */
export function readAdvisories(docsDir: string): AdvisoryEntry[] {
  const dir = path.join(docsDir, 'security', 'cves');
  if (!fs.existsSync(dir)) return [];
  const entries: AdvisoryEntry[] = [];
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const file = path.join(dir, entry.name, 'index.md');
    if (!entry.isDirectory() || !fs.existsSync(file)) continue;
    const {data} = matter(fs.readFileSync(file, 'utf8'));
    const problems: string[] = [];
    const advisory = validateAdvisory(data.advisory, problems);
    if (!advisory) throw new Error(`${file}: ${problems.join('; ')}`);
    entries.push({...advisory, id: entry.name, route: `/security/cves/${entry.name}/`});
  }
  return sortAdvisories(entries);
}

/** Newest publication first; the identifier breaks ties so the order is stable. */
export function sortAdvisories<T extends {published: string; id: string}>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.published.localeCompare(a.published) || b.id.localeCompare(a.id));
}

const text = (value: string): PhrasingContent => ({type: 'text', value});
const link = (url: string, label: string): PhrasingContent => ({type: 'link', url, children: [text(label)]});
const cell = (...children: PhrasingContent[]): TableCell => ({type: 'tableCell', children});
const row = (cells: TableCell[]): TableRow => ({type: 'tableRow', children: cells});

function table(headers: string[], rows: TableRow[]): Table {
  return {
    type: 'table',
    align: headers.map(() => null),
    children: [row(headers.map((h) => cell(text(h)))), ...rows],
  };
}

export function releaseTable(releases: readonly Release[]): Table {
  const supported = new Set(supportedReleases(releases).map((r) => r.version));
  return table(
    ['Release', 'Released', 'Supported', 'Summary'],
    releases.map((r) =>
      row([
        cell(link(r.route, r.version)),
        cell(text(r.date ?? '')),
        cell(text(supported.has(r.version) ? 'Yes' : 'No')),
        cell(text(r.summary)),
      ]),
    ),
  );
}

export function advisoryTable(advisories: readonly AdvisoryEntry[]): Table {
  return table(
    ['Advisory', 'Published', 'Severity', 'Affected versions', 'Fixed in'],
    advisories.map((a) =>
      row([
        cell(link(a.route, a.id)),
        cell(text(a.published)),
        cell(text(a.cvss === undefined ? a.severity : `${a.severity} (${a.cvss})`)),
        cell({type: 'inlineCode', value: a.affected}),
        cell(text(a.fixed.join(', '))),
      ]),
    ),
  );
}

interface LeafDirective {
  type: 'leafDirective';
  name: string;
}

export default function remarkIndexes(options: {docsDir: string}) {
  return (tree: Root, file: VFile) => {
    visit(tree, (node, index, parent) => {
      const directive = node as unknown as LeafDirective;
      if (directive.type !== 'leafDirective' || !parent || index === undefined) return undefined;
      let replacement: RootContent;
      if (directive.name === 'release-index') {
        replacement = releaseTable(readReleases(options.docsDir));
      } else if (directive.name === 'advisory-index') {
        replacement = advisoryTable(readAdvisories(options.docsDir));
      } else {
        return undefined;
      }
      (parent.children as RootContent[])[index] = replacement;
      file.data.generatedIndex = true;
      return index + 1;
    });
  };
}
