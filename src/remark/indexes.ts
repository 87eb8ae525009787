/**
 * Generated tables that stay true by construction:
 *
 *   ::release-index    every release, newest first, with its date, summary and support status
 *   ::advisory-index   every security advisory, newest first, with severity and versions
 *
 * Both read the pages' front matter at build time, so nothing is typed twice and nothing ships as
 * JavaScript.
 */
import type {PhrasingContent, Root, RootContent, Table, TableCell, TableRow} from 'mdast';
import type {VFile} from 'vfile';
import {visit} from 'unist-util-visit';
import {readReleases, supportedReleases, type Release} from '../../releases/catalogue';
import {readAdvisories, type AdvisoryEntry} from '../pages/advisories';

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
