/**
 * The Markdown copy of a tag's page: its title, its description and every page that carries the tag,
 * by title as the page lists them, each with its address and description. The page itself shows its
 * first pages only and fetches the others; the copy always lists them all.
 */

export interface TaggedPage {
  title: string;
  description: string;
  /** The page's absolute address. */
  url: string;
}

/** `17 docs tagged with "SAML"`, as the page's heading says it. */
export function tagPageTitle(label: string, count: number): string {
  return `${count === 1 ? 'One doc' : `${count} docs`} tagged with "${label}"`;
}

/** The copy of one tag's page; `pages` in any order. */
export function tagCopy(tag: {label: string; description?: string}, pages: readonly TaggedPage[]): string {
  const sorted = [...pages].sort((a, b) => a.title.localeCompare(b.title));
  const lines = [`# ${tagPageTitle(tag.label, sorted.length)}`, ''];
  if (tag.description) lines.push(tag.description, '');
  for (const page of sorted) {
    const text = page.title.replace(/[[\]\\]/g, '\\$&');
    lines.push(`- [${text}](${page.url})${page.description ? `: ${page.description}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}
