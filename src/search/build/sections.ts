/** Which section (top-level sidebar entry) each page belongs to; it is `hierarchy.lvl0` in search. */

type Item =
  | string
  | {type?: string; id?: string; label?: string; items?: readonly Item[]; link?: {type?: string; id?: string}};

function docIds(item: Item): string[] {
  if (typeof item === 'string') return [item];
  const own = item.type === 'doc' && item.id ? [item.id] : [];
  const link = item.link?.type === 'doc' && item.link.id ? [item.link.id] : [];
  return [...own, ...link, ...(item.items ?? []).flatMap(docIds)];
}

/** Maps every doc id of a sidebar to the label of its top-level entry. */
export function sectionsBySidebar(items: readonly Item[], fallback = 'Documentation'): Map<string, string> {
  const sections = new Map<string, string>();
  for (const item of items) {
    const label = typeof item === 'string' ? fallback : (item.label ?? fallback);
    for (const id of docIds(item)) if (!sections.has(id)) sections.set(id, label);
  }
  return sections;
}
