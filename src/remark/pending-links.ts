/**
 * Links to pages that the catalogue lists but that are not written yet. A writer may link to any
 * catalogue route; until that page lands, the link is shown as its plain text, and it turns into a
 * link by itself on the first build after the page exists. A link to a route the catalogue does not
 * know is left alone, so the build still fails on it as a broken link. `npm run lint:docs` lists
 * every pending link as a warning.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Link, PhrasingContent, Root} from 'mdast';
import type {VFile} from 'vfile';
import {SKIP, visit} from 'unist-util-visit';
import {docFileToRoute} from '../pages/catalogue';
import {fileLinkTarget, isFileLink} from '../pages/parse';

export interface PendingLinkOptions {
  docsDir: string;
  /** Every route of the catalogue. */
  routes: ReadonlySet<string>;
}

/**
 * The catalogue route a file link points at when that page does not exist yet, else undefined.
 * Throws on a link whose percent-encoding is malformed; the plugin reports it at the link's line.
 */
export function pendingRoute(url: string, fromFile: string, options: PendingLinkOptions): string | undefined {
  if (!isFileLink(url)) return undefined;
  const target = fileLinkTarget(url, fromFile);
  if (target === undefined) throw new Error(`link ${url}: malformed percent-encoding`);
  if (fs.existsSync(target)) return undefined;
  const route = docFileToRoute(path.relative(options.docsDir, target));
  return route && options.routes.has(route) ? route : undefined;
}

export default function remarkPendingLinks(options: PendingLinkOptions) {
  return (tree: Root, file: VFile) => {
    if (!file.path) return;
    visit(tree, 'link', (node: Link, index, parent) => {
      let pending: string | undefined;
      try {
        pending = pendingRoute(node.url, file.path, options);
      } catch (error) {
        // Fails the build with the file and line of the link.
        file.fail((error as Error).message, node);
      }
      if (!parent || index === undefined || !pending) return undefined;
      (parent.children as PhrasingContent[]).splice(index, 1, ...node.children);
      return [SKIP, index];
    });
  };
}
