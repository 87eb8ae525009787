/**
 * The docs version data, cut to what the theme reads. The docs plugin sends every docs page its
 * version's data: the sidebar, which every page renders, and a map of every doc with its id, title,
 * description and sidebar. The theme reads that map only through `useDocById`, whose one caller is
 * `DocCard` (the cards of a generated category index or `<DocCardList>`); this site shows no cards
 * (its index pages link their children in prose and tables), so the map is sent empty: 2.4 KB gzip less on every docs page. src/theme/DocCard fails the build with an
 * explanation if a page ever renders a card. Sidebar links drop `unlisted: false`, which the theme
 * reads as falsy either way.
 *
 * A tag page lists its first pages only (`splitTagList`); the others wait in a file the page fetches
 * when the reader asks for them, so the page's HTML and data stay the same size as the docs grow.
 */
import type {PropSidebarItem, PropTagDocList, PropVersionMetadata} from '@docusaurus/plugin-content-docs';

function leanItem(item: PropSidebarItem): PropSidebarItem {
  if (item.type === 'category') return {...item, items: item.items.map(leanItem)};
  if (item.type === 'link' && item.unlisted === false) {
    const {unlisted: _unlisted, ...rest} = item;
    return rest;
  }
  return item;
}

export function leanVersionMetadata(version: PropVersionMetadata): PropVersionMetadata {
  return {
    ...version,
    docsSidebars: Object.fromEntries(
      Object.entries(version.docsSidebars).map(([name, items]) => [name, items.map(leanItem)]),
    ),
    docs: {},
  };
}

/** A tag page with at most this many pages lists them all. */
export const TAG_PAGE_WHOLE_UP_TO = 20;
/**
 * A longer list shows this many in the page and the others on request: never fewer than six others,
 * so no reader is asked to click for one or two pages.
 */
export const TAG_PAGE_FIRST_ITEMS = 15;

/** A page in a tag's list as the browser gets it. */
export interface TagListItem {
  permalink: string;
  title: string;
  description: string;
}

/** A tag page's data: its first pages, and where the others are when there are more. */
export type LeanTagDocList = PropTagDocList & {
  /** The address of the other pages' list (a JSON array of `TagListItem`), when the tag has more. */
  restUrl?: string;
};

/**
 * Splits a tag page's list so that the page does not grow with the pages tagged: a list longer than
 * `TAG_PAGE_WHOLE_UP_TO` keeps its first `TAG_PAGE_FIRST_ITEMS` pages in the page's data (in the
 * order the theme gives, by title) and sends the others to a file of their own. `tag.count` stays the
 * number of all pages tagged.
 */
export function splitTagList(tag: PropTagDocList): {tag: PropTagDocList; rest: TagListItem[]} {
  if (tag.items.length <= TAG_PAGE_WHOLE_UP_TO) return {tag, rest: []};
  const rest = tag.items
    .slice(TAG_PAGE_FIRST_ITEMS)
    .map(({permalink, title, description}) => ({permalink, title, description}));
  return {tag: {...tag, items: tag.items.slice(0, TAG_PAGE_FIRST_ITEMS)}, rest};
}
