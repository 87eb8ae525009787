/**
 * `llms.txt` and `llms-full.txt` (llmstxt.org): the site's pages for language models, in sidebar
 * order. `llms.txt` is an index: the site's name as H1, a summary in a blockquote, one H2 section per
 * top-level sidebar entry listing `- [Title](Markdown copy): description`, and the secondary
 * material (release notes, advisories) last under `## Optional`. `llms-full.txt` is every page's
 * Markdown copy, each headed by its title and canonical address. Pure.
 */

/** A sidebar item as the docs plugin loads it (only what is read here). */
export type SidebarItem =
  | string
  | {
      type?: string;
      id?: string;
      label?: string;
      items?: readonly SidebarItem[];
      link?: {type?: string; id?: string};
    };

export interface LlmsPage {
  id: string;
  title: string;
  description: string;
  /** Absolute address of the page. */
  url: string;
  /** Absolute address of its Markdown copy. */
  markdownUrl: string;
}

export interface LlmsSection {
  title: string;
  pages: LlmsPage[];
}

/** The doc ids below a sidebar item, in order: a category's own page before its items. */
export function docIdsOf(item: SidebarItem): string[] {
  if (typeof item === 'string') return [item];
  const own = item.type === 'doc' && item.id ? [item.id] : [];
  const link = item.link?.type === 'doc' && item.link.id ? [item.link.id] : [];
  return [...own, ...link, ...(item.items ?? []).flatMap(docIdsOf)];
}

export const OPTIONAL = 'Optional';
export const UNLISTED = 'Other pages';

/**
 * One section per top-level sidebar entry, in sidebar order, each page once (where it first
 * appears); pages for which `isOptional` holds go to the last section, `Optional`, and pages the
 * sidebar does not list to `Other pages` before it.
 */
export function llmsSections(
  sidebar: readonly SidebarItem[],
  pages: ReadonlyMap<string, LlmsPage>,
  isOptional: (page: LlmsPage) => boolean,
): LlmsSection[] {
  const seen = new Set<string>();
  const sections: LlmsSection[] = [];
  const optional: LlmsPage[] = [];
  const take = (id: string): LlmsPage | undefined => {
    const page = pages.get(id);
    if (!page || seen.has(id)) return undefined;
    seen.add(id);
    return page;
  };
  for (const item of sidebar) {
    const title = typeof item === 'string' ? (pages.get(item)?.title ?? item) : (item.label ?? item.id ?? '');
    const listed: LlmsPage[] = [];
    for (const id of docIdsOf(item)) {
      const page = take(id);
      if (page) (isOptional(page) ? optional : listed).push(page);
    }
    if (listed.length > 0) sections.push({title, pages: listed});
  }
  const unlisted = [...pages.keys()].sort().flatMap((id) => take(id) ?? []);
  const rest = unlisted.filter((page) => !isOptional(page));
  optional.push(...unlisted.filter(isOptional));
  if (rest.length > 0) sections.push({title: UNLISTED, pages: rest});
  if (optional.length > 0) sections.push({title: OPTIONAL, pages: optional});
  return sections;
}

/** Text on one line, safe inside a Markdown link's text. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
function linkText(text: string): string {
  return inline(text).replace(/([\\[\]])/g, '\\$1');
}

export function llmsTxt(name: string, summary: string, sections: readonly LlmsSection[], details = ''): string {
  const parts = [`# ${inline(name)}`, `> ${inline(summary)}`];
  if (details) parts.push(details.trim());
  for (const section of sections) {
    const lines = section.pages.map(
      (page) =>
        `- [${linkText(page.title)}](${page.markdownUrl})${page.description ? `: ${inline(page.description)}` : ''}`,
    );
    parts.push(`## ${inline(section.title)}\n\n${lines.join('\n')}`);
  }
  return `${parts.join('\n\n')}\n`;
}

/**
 * A page's Markdown copy as it appears in `llms-full.txt`: its `# Title` line, then its canonical
 * address, then the rest of the copy.
 */
export function fullEntry(markdown: string, url: string): string {
  const newline = markdown.indexOf('\n');
  const title = newline === -1 ? markdown : markdown.slice(0, newline);
  const rest = newline === -1 ? '' : markdown.slice(newline + 1).replace(/^\n+/, '');
  return `${title}\n\nSource: ${url}\n\n${rest}`.trimEnd();
}

export function llmsFullTxt(entries: readonly string[]): string {
  return `${entries.join('\n\n')}\n`;
}

export interface ParsedLlmsTxt {
  title: string;
  summary: string;
  sections: {title: string; links: {title: string; url: string; description: string}[]}[];
}

/**
 * Reads an `llms.txt` back, strictly: an H1, a blockquote, optional prose, then H2 sections whose
 * lines are all `- [title](url)` or `- [title](url): description`. Throws on anything else.
 */
export function parseLlmsTxt(text: string): ParsedLlmsTxt {
  const lines = text.split('\n');
  let at = 0;
  const next = () => lines[at++];
  const title = /^# (.+)$/.exec(next() ?? '')?.[1];
  if (!title) throw new Error('llms.txt must start with "# <name>"');
  if (next() !== '') throw new Error('line 2 must be empty');
  const summary = /^> (.+)$/.exec(next() ?? '')?.[1];
  if (!summary) throw new Error('line 3 must be the summary, "> …"');
  while (at < lines.length && !lines[at]!.startsWith('## ')) {
    if (/^#/.test(lines[at]!)) throw new Error(`line ${at + 1}: only H2 sections may follow the summary`);
    at += 1;
  }
  const sections: ParsedLlmsTxt['sections'] = [];
  for (; at < lines.length; at += 1) {
    const line = lines[at]!;
    if (line === '') continue;
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      sections.push({title: heading[1]!, links: []});
      continue;
    }
    const link = /^- \[((?:[^\]\\]|\\.)+)\]\(([^()\s]+)\)(?:: (.+))?$/.exec(line);
    if (!link || sections.length === 0) throw new Error(`line ${at + 1} is not a list item "- [title](url): …"`);
    sections.at(-1)!.links.push({
      title: link[1]!.replace(/\\(.)/g, '$1'),
      url: link[2]!,
      description: link[3] ?? '',
    });
  }
  return {title, summary, sections};
}
