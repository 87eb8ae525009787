/**
 * Badges: the syntax of the site's badges and how a page's badges become links.
 *
 *   :ak-version[2024.8]   "authentik 2024.8+", linking to the release notes of 2024.8
 *   :ak-enterprise        "Enterprise", linking to the Enterprise overview
 *   :ak-preview           "Preview", linking to the page on beta versions
 *
 * The same badges come from front matter (`authentik_version`, `authentik_enterprise: true`,
 * `authentik_preview: true`) and are then shown under the page title. A version that is not in the
 * release catalogue fails the build with the file and line.
 */
import type {Heading, Link, Paragraph, PhrasingContent, Root, RootContent} from 'mdast';
import type {VFile} from 'vfile';
import {visit, SKIP} from 'unist-util-visit';
import {toString} from 'mdast-util-to-string';
import {toHast} from 'mdast-util-to-hast';
import {PageError} from './page-error';

export const ENTERPRISE_ROUTE = '/enterprise/';
export const PREVIEW_ROUTE = '/install-config/beta/';

export type BadgeKind = 'version' | 'enterprise' | 'preview';

export interface BadgeSpec {
  kind: BadgeKind;
  label: string;
  title: string;
  url: string;
}

export interface BadgeOptions {
  /** Every version that has release notes on the site. */
  versions: ReadonlySet<string>;
}

/** The directive names this plugin owns, mapped to their badge kind. */
const DIRECTIVES: Record<string, BadgeKind> = {
  'ak-version': 'version',
  'ak-enterprise': 'enterprise',
  'ak-preview': 'preview',
};

/** Describes one badge; throws a message naming the problem for an unknown version. */
export function badgeSpec(kind: BadgeKind, versions: ReadonlySet<string>, version = ''): BadgeSpec {
  switch (kind) {
    case 'version': {
      const v = version.trim();
      if (!v) throw new Error('ak-version needs a version, as in :ak-version[2024.8].');
      if (!versions.has(v)) {
        throw new Error(
          `Unknown authentik version "${v}" in a version badge: it has no release notes in docs/releases/.`,
        );
      }
      return {
        kind,
        label: `authentik ${v}+`,
        title: `Available from authentik ${v}; see its release notes`,
        url: `/releases/${v}/`,
      };
    }
    case 'enterprise':
      return {
        kind,
        label: 'Enterprise',
        title: 'Needs an authentik Enterprise license',
        url: ENTERPRISE_ROUTE,
      };
    case 'preview':
      return {
        kind,
        label: 'Preview',
        title: 'A preview feature: it may change before it is stable',
        url: PREVIEW_ROUTE,
      };
  }
}

/** The mdast link node that renders a badge. */
export function badgeNode(spec: BadgeSpec): Link {
  return {
    type: 'link',
    url: spec.url,
    title: spec.title,
    children: [{type: 'text', value: spec.label}],
    data: {hProperties: {className: ['ak-badge', `ak-badge--${spec.kind}`]}},
  };
}

/** The badges that front matter asks for, in a fixed order. */
export function frontMatterBadges(frontMatter: Record<string, unknown>, versions: ReadonlySet<string>): BadgeSpec[] {
  const specs: BadgeSpec[] = [];
  const version = frontMatter.authentik_version;
  if (version !== undefined) specs.push(badgeSpec('version', versions, String(version)));
  if (frontMatter.authentik_enterprise === true) specs.push(badgeSpec('enterprise', versions));
  if (frontMatter.authentik_preview === true) specs.push(badgeSpec('preview', versions));
  return specs;
}

interface DirectiveNode {
  type: 'textDirective' | 'leafDirective' | 'containerDirective';
  name: string;
  children: PhrasingContent[];
  position?: {start: {line: number; column: number}};
}

/**
 * Replaces every badge directive of a page with its link, gives headings with badges their words
 * alone as anchor text, and puts the front matter's badges under the title. Fails at the badge's line
 * on a version without release notes.
 */
export function expandBadges(tree: Root, file: VFile, options: BadgeOptions): void {
  // A badge in a heading is drawn after the heading's words but is not part of them, so the
  // heading's anchor and its table-of-contents entry stay the words alone.
  visit(tree, 'heading', (heading: Heading) => {
    const isBadge = (child: PhrasingContent) =>
      child.type === ('textDirective' as string) && (child as unknown as DirectiveNode).name in DIRECTIVES;
    if (!heading.children.some(isBadge)) return;
    const words = heading.children.filter((child) => !isBadge(child));
    // The space before each badge goes with it: `## Search :ak-enterprise :ak-version[2025.8]` is
    // "Search", whose anchor is `search`, not `search-`.
    for (let last = words.at(-1); last?.type === 'text'; last = words.at(-1)) {
      last.value = last.value.trimEnd();
      if (last.value) break;
      words.pop();
    }
    const badges = heading.children.filter(isBadge).map((child) => {
      const directive = child as unknown as DirectiveNode;
      try {
        return badgeNode(
          badgeSpec(DIRECTIVES[directive.name]!, options.versions, toString(directive as unknown as Paragraph)),
        );
      } catch (error) {
        throw new PageError(file.path, directive.position?.start, (error as Error).message);
      }
    });
    const shown: PhrasingContent[] = [...words];
    for (const badge of badges) shown.push({type: 'text', value: ' '}, badge);
    const hast = toHast({type: 'paragraph', children: shown}) as {children?: unknown[]};
    heading.children = words;
    (heading.data ??= {}) as object;
    (heading.data as {hChildren?: unknown[]}).hChildren = hast.children ?? [];
  });

  visit(tree, (node, index, parent) => {
    const directive = node as unknown as DirectiveNode;
    if (directive.type !== 'textDirective' || !(directive.name in DIRECTIVES) || !parent || index === undefined) {
      return undefined;
    }
    const kind = DIRECTIVES[directive.name]!;
    let spec: BadgeSpec;
    try {
      spec = badgeSpec(kind, options.versions, toString(directive as unknown as Paragraph));
    } catch (error) {
      throw new PageError(file.path, directive.position?.start, (error as Error).message);
    }
    (parent.children as RootContent[])[index] = badgeNode(spec);
    return [SKIP, index + 1];
  });

  const frontMatter = (file.data as {frontMatter?: Record<string, unknown>}).frontMatter ?? {};
  let specs: BadgeSpec[];
  try {
    specs = frontMatterBadges(frontMatter, options.versions);
  } catch (error) {
    throw new PageError(file.path, undefined, `front matter: ${(error as Error).message}`);
  }
  if (specs.length > 0) {
    const children: PhrasingContent[] = [];
    specs.forEach((spec, i) => {
      if (i > 0) children.push({type: 'text', value: ' '});
      children.push(badgeNode(spec));
    });
    const paragraph: Paragraph = {
      type: 'paragraph',
      children,
      data: {hProperties: {className: ['ak-badges']}},
    };
    // After imports, before the first real content.
    let at = 0;
    while (at < tree.children.length && tree.children[at]!.type === ('mdxjsEsm' as string)) at += 1;
    tree.children.splice(at, 0, paragraph);
  }
}
