/**
 * The docs version data, cut to what the theme reads. The docs plugin sends every docs page its
 * version's data: the sidebar, which every page renders, and a map of every doc with its title and
 * description. The theme reads that map only through `useDocById`, whose one caller, `DocCard` (the
 * cards of a category index or `<DocCardList>`), reads `description`; this site shows no cards.
 * So each doc keeps its `id` and `sidebar` (the map's shape, so `useDocById` still finds it), and
 * sidebar links drop `unlisted: false`, which the theme reads as falsy either way.
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
    docs: Object.fromEntries(
      Object.entries(version.docs).map(([id, doc]) => [id, {id: doc.id, sidebar: doc.sidebar}]),
    ) as unknown as PropVersionMetadata['docs'],
  };
}
