/**
 * The build's side of the reference checks of `npm run lint:docs` (src/pages/references.ts):
 * a version badge without release notes, a missing image or an anchor no heading has fails the
 * build at the page and line, before Docusaurus's own checks name only a route.
 */
import path from 'node:path';
import type {Root} from 'mdast';
import type {VFile} from 'vfile';
import {checkReferences} from '../pages/references';
import {PageError} from '../pages/page-error';

export interface ReferenceOptions {
  versions: ReadonlySet<string>;
  siteDir: string;
}

export default function remarkReferences(options: ReferenceOptions) {
  const staticDir = path.join(options.siteDir, 'static');
  return (tree: Root, file: VFile) => {
    if (!file.path) return;
    const [first, ...rest] = checkReferences(tree, file.path, {versions: options.versions, staticDir});
    if (!first) return;
    const more = rest.map((r) => `\n  line ${r.line}: ${r.message}`).join('');
    throw new PageError(file.path, {line: first.line}, first.message + more);
  };
}
