/**
 * The docs sidebar by part. The docs version data, which every docs page loads, holds the whole
 * sidebar; most of it is inside categories that stay collapsed on a given page. In the browser's
 * bundle each top-level category, and each collapsed category deeper down with more items than a
 * part should carry, keeps only a stub (its first link, which the theme links a category without a
 * page of its own to while the page hydrates) and a part number; its items are a part of their own,
 * loaded with the route section of any page they lead to (so every category around the page being
 * read is complete before it renders: a part and the parts it is inside ride in that section's chunk)
 * or when the reader expands it (src/theme/DocSidebarItem/Category). The server renders from the
 * whole sidebar, which the browser then has for every category it shows open.
 */
import {sectionOf, type SectionSplits} from './route-sections-path';
import {getOrCreate} from './collections';

/** A sidebar item as the version data holds it. */
export interface SidebarItem {
  type: string;
  href?: string;
  label?: string;
  unlisted?: boolean;
  linkUnlisted?: boolean;
  items?: SidebarItem[];
  [property: string]: unknown;
}

/** One version data module: its registry key, its file under the generated folder, its content. */
export interface VersionData {
  key: string;
  file: string;
  data: {version: {docsSidebars: Record<string, SidebarItem[]>}};
}

/** What a part module exports: where its items go, and the items. */
export interface SidebarPart {
  /** The part's number. */
  part: number;
  /** The registry key of the version data module. */
  props: string;
  sidebar: string;
  /** The category's place: its index in the sidebar's list, then in each category's items down to it. */
  path: number[];
  items: SidebarItem[];
}

/** The number of items (at every depth) above which a collapsed category below the top level is a part. */
export const PART_ITEMS = 64;

/** The property that marks a stub category with its part's number. */
export const PART_PROPERTY = '__part';

/** The href the theme takes for an item: a link's, or a category's own or its first item's. */
export function firstLink(item: SidebarItem): SidebarItem | undefined {
  if (item.type === 'link' && !item.unlisted) return item;
  if (item.type !== 'category') return undefined;
  if (item.href && !item.linkUnlisted) return item;
  for (const child of item.items ?? []) {
    const found = firstLink(child);
    if (found) return found;
  }
  return undefined;
}

/** Every internal href under an item (links and category pages). */
function hrefs(item: SidebarItem): string[] {
  return [...(item.href ? [item.href] : []), ...(item.items ?? []).flatMap(hrefs)];
}

/** The stub of a category: its first link, as a plain link with that link's label and href. */
function stub(category: SidebarItem): SidebarItem[] {
  const first = firstLink({...category, href: undefined});
  if (!first?.href) return [];
  return [{type: 'link', label: first.label ?? '', href: first.href}];
}

export interface SidebarSplit {
  /** Per version data file, its source for the browser. */
  shells: Map<string, string>;
  /** Each part's module source, by part number. */
  parts: string[];
  /** Per route section, the parts that link to a page of it. */
  bySection: Map<string, number[]>;
}

/** How many items a category holds, at every depth. */
function countItems(item: SidebarItem): number {
  return (item.items ?? []).reduce((sum, child) => sum + 1 + countItems(child), 0);
}

/**
 * Splits every version data module's sidebars into a shell and parts: one per top-level category, and
 * one per collapsed category below with more than `partItems` items. Parts are numbered in document
 * order, so a part's number is larger than the number of every part it is inside.
 */
export function splitSidebars(
  versions: readonly VersionData[],
  baseUrl: string,
  splits: SectionSplits = {},
  partItems = PART_ITEMS,
): SidebarSplit {
  const shells = new Map<string, string>();
  const parts: string[] = [];
  const bySection = new Map<string, number[]>();
  for (const {key, file, data} of versions) {
    const docsSidebars: Record<string, SidebarItem[]> = {};
    for (const [sidebar, items] of Object.entries(data.version.docsSidebars)) {
      const toPart = (item: SidebarItem, path: number[]): SidebarItem => {
        const part = parts.length;
        parts.push('');
        const content: SidebarPart = {part, props: key, sidebar, path, items: within(item.items!, path)};
        parts[part] = `export default ${JSON.stringify(content)};\n`;
        const sections = new Set(
          hrefs(item)
            .filter((href) => href.startsWith(baseUrl))
            .map((href) => sectionOf(href, baseUrl, splits)),
        );
        for (const section of sections) getOrCreate(bySection, section, () => []).push(part);
        return {...item, items: stub(item), [PART_PROPERTY]: part};
      };
      // Inside a part: a large collapsed category becomes a part of its own; others keep their items.
      const within = (list: SidebarItem[], path: number[]): SidebarItem[] =>
        list.map((item, index) => {
          if (item.type !== 'category' || !item.items || item.items.length === 0) return item;
          if (item.collapsed === true && countItems(item) > partItems) return toPart(item, [...path, index]);
          return {...item, items: within(item.items, [...path, index])};
        });
      docsSidebars[sidebar] = items.map((item, index) =>
        item.type !== 'category' || !item.items || item.items.length === 0 ? item : toPart(item, [index]),
      );
    }
    shells.set(file, JSON.stringify({...data, version: {...data.version, docsSidebars}}));
  }
  // Outermost first: a part's parents are numbered before it.
  for (const list of bySection.values()) list.sort((a, b) => a - b);
  return {shells, parts, bySection};
}
