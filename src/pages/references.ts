/**
 * What a page points at, checked the way the build will: images that exist, anchors that a heading
 * of the page (or of the linked page) really has, and version badges that have release notes. Lint
 * finds these with the file and line, before the build finds them with a route.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Heading, Image, Root} from 'mdast';
import {toString} from 'mdast-util-to-string';
import {visit} from 'unist-util-visit';
import {VFile} from 'vfile';
import {createSlugger} from '@docusaurus/utils';
import {expandBadges} from './badges';
import {collectLinks, fileLinkTarget, headingAnchor, isFileLink, parsePage} from './parse';

export interface Reference {
  line: number;
  message: string;
}

/** The anchors of a page's headings, as the site makes them (badges left out of the words). */
export function pageAnchors(tree: Root, versions: ReadonlySet<string>): Set<string> {
  try {
    expandBadges(tree, new VFile({path: 'page'}), {versions});
  } catch {
    // An unknown version is reported on its own; the anchors come from the headings as written.
  }
  const slugs = createSlugger();
  const anchors = new Set<string>();
  visit(tree, 'heading', (heading: Heading) => {
    anchors.add(headingAnchor(heading, slugs).id);
  });
  return anchors;
}

/** Anchors per page file, with the modification time they were read at (the dev server edits files). */
const anchorCache = new Map<string, {mtimeMs: number; anchors: Set<string> | null}>();

/** The anchors of the page in `file`, or null when it does not parse (reported on that page). */
function anchorsOfFile(file: string, versions: ReadonlySet<string>): Set<string> | null {
  const {mtimeMs} = fs.statSync(file);
  const cached = anchorCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.anchors;
  let anchors: Set<string> | null;
  try {
    const source = fs.readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    anchors = pageAnchors(parsePage(source), versions);
  } catch {
    anchors = null;
  }
  anchorCache.set(file, {mtimeMs, anchors});
  return anchors;
}

export interface ReferenceContext {
  versions: ReadonlySet<string>;
  /** The folder whose files are served from `/` (`static/`). */
  staticDir: string;
}

/**
 * Problems with what the page at `absoluteFile` points at. `tree` is the page's Markdown tree as
 * parsed, before any plugin ran.
 */
export function checkReferences(tree: Root, absoluteFile: string, context: ReferenceContext): Reference[] {
  const found: Reference[] = [];
  // Version badges: a version without release notes fails the build.
  visit(tree, (node) => {
    const directive = node as {type: string; name?: string; position?: {start: {line: number}}};
    if (directive.type !== 'textDirective' || directive.name !== 'ak-version') return;
    const version = toString(node).trim();
    if (!context.versions.has(version)) {
      found.push({
        line: directive.position?.start.line ?? 1,
        message: `:ak-version[${version}]: no release notes for ${version || 'an empty version'} in docs/releases/ (use the release, such as 2024.8)`,
      });
    }
  });
  // Images next to the page or in static/.
  visit(tree, 'image', (image: Image) => {
    const url = image.url.replace(/[?#].*$/, '');
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url === '') return;
    let file: string;
    try {
      file = url.startsWith('/')
        ? path.join(context.staticDir, decodeURI(url))
        : path.resolve(path.dirname(absoluteFile), decodeURI(url));
    } catch {
      found.push({line: image.position?.start.line ?? 1, message: `image ${image.url}: malformed percent-encoding`});
      return;
    }
    if (!fs.existsSync(file))
      found.push({line: image.position?.start.line ?? 1, message: `image ${image.url}: no such file`});
  });
  // Anchors, on this page and on the pages it links to.
  let own: Set<string> | undefined;
  for (const link of collectLinks(tree)) {
    const hash = link.url.indexOf('#');
    if (hash < 0) continue;
    const anchor = link.url.slice(hash + 1);
    if (!anchor) continue;
    let anchors: Set<string> | null;
    if (hash === 0) {
      own ??= pageAnchors(structuredClone(tree), context.versions);
      anchors = own;
    } else if (isFileLink(link.url)) {
      const target = fileLinkTarget(link.url, absoluteFile);
      anchors = target && fs.existsSync(target) ? anchorsOfFile(target, context.versions) : null;
    } else {
      continue;
    }
    if (anchors && !anchors.has(anchor)) {
      found.push({line: link.line, message: `link ${link.url}: no heading with the anchor #${anchor} on that page`});
    }
  }
  return found;
}
