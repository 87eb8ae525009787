/**
 * The docs version data, cut to what the theme reads. The docs plugin sends every docs page its
 * version's data: the sidebar, which every page renders, and a map of every doc with its id, title,
 * description and sidebar. The theme reads that map only through `useDocById`, whose one caller is
 * `DocCard` (the cards of a generated category index or `<DocCardList>`); this site shows no cards
 * (its index pages link their children in prose and tables), so the map is sent empty: 2.4 KB gzip less on every docs page. src/theme/DocCard fails the build with an
 * explanation if a page ever renders a card. Sidebar links drop `unlisted: false`, which the theme
 * reads as falsy either way.
 */
import type {PropSidebarItem, PropVersionMetadata} from '@docusaurus/plugin-content-docs';

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
