/**
 * Pagefind's results in the shape DocSearch and the theme's search page read: Algolia hits with a
 * hierarchy, a URL with its anchor, highlights and snippets. Pure (no fetch, no DOM), so the unit
 * tests run it in Node; pagefind-client.ts calls Pagefind and feeds its answers through here. Used
 * by the bench to compare Pagefind with the embedded engine behind the same client surface.
 */
import type {HighlightValue, Options, SearchHit, SearchResponse} from '../../src/search/engine/engine';
import {escapeHtml} from '../../src/html';
import {Marker, type MatchLevel} from '../../src/search/engine/highlight';
import {tokenize, words} from '../../src/search/engine/tokenize';
import {DOCS_TAG, LANGUAGE, type Hierarchy, type RecordType} from '../../src/search/format/types';

/** The part of a Pagefind heading anchor that is used here. */
export interface PagefindAnchor {
  /** `h1` … `h6` for headings; other elements with an id are anchors too. */
  element: string;
  id: string;
  text?: string;
  /** The word position of the anchor in the page's content. */
  location: number;
}

/** One section of a result page: the text under one heading (or before the first). */
export interface PagefindSubResult {
  title: string;
  url: string;
  /** HTML: Pagefind's `<mark>` around matched words; `<` and `>` of the text escaped as `&lt;`, `&gt;`. */
  excerpt: string;
  anchor?: PagefindAnchor;
  weighted_locations?: {weight: number; balanced_score: number; location: number}[];
}

/** What a Pagefind result's `data()` resolves to (the fields this module reads). */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  anchors?: PagefindAnchor[];
  sub_results?: PagefindSubResult[];
}

/** lvl0 when a page carries no `section` meta. */
export const DEFAULT_SECTION = 'Documentation';
/** At most this many sections of one page become hits, the best first (Pagefind's own UI shows three). */
export const MAX_HITS_PER_PAGE = 3;

const MARK = /<mark>([\s\S]*?)<\/mark>/g;
/** A marked word: what comes before its first letter or digit, the word, what follows its last. */
const EDGES = /^([^\p{L}\p{N}]*)([\s\S]*?)([^\p{L}\p{N}]*)$/u;

/** Pagefind's excerpt text back to plain text: it only escaped `<` and `>`. */
function unescapePagefind(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/**
 * An excerpt of Pagefind as safe HTML with the request's highlight tags: the text is escaped in full
 * (Pagefind leaves `&` and quotes as they are), and only its `<mark>` pairs become tags.
 */
export function excerptHtml(excerpt: string, pre: string, post: string): {value: string; marked: string[]} {
  let value = '';
  let at = 0;
  const marked: string[] = [];
  for (const match of excerpt.matchAll(MARK)) {
    // Pagefind marks whole space-separated words: the punctuation around a word stays outside the tags.
    const [, lead = '', word = '', trail = ''] = EDGES.exec(unescapePagefind(match[1] ?? '')) ?? [];
    value += escapeHtml(unescapePagefind(excerpt.slice(at, match.index)) + lead);
    value += word ? pre + escapeHtml(word) + post : '';
    value += escapeHtml(trail);
    if (word) marked.push(word);
    at = match.index + match[0].length;
  }
  value += escapeHtml(unescapePagefind(excerpt.slice(at)));
  return {value: value.trim(), marked};
}

/** The level of a heading element, 2 … 6, or null for anything else (h1 is the page's title). */
function headingLevel(element: string): number | null {
  const match = /^h([2-6])$/i.exec(element);
  return match ? Number(match[1]) : null;
}

/**
 * The headings above `anchor` and the anchor itself, by level, from the page's anchors in document
 * order: an h3 gets the h2 it stands under.
 */
export function headingChain(anchors: readonly PagefindAnchor[], anchor: PagefindAnchor): Partial<Hierarchy> {
  const chain: Partial<Hierarchy> = {};
  const level = headingLevel(anchor.element);
  if (level === null) return chain;
  const open = new Map<number, string>();
  for (const a of [...anchors].sort((x, y) => x.location - y.location)) {
    if (a.location > anchor.location) break;
    const l = headingLevel(a.element);
    if (l === null) continue;
    open.set(l, a.text ?? '');
    for (const deeper of [...open.keys()]) if (deeper > l) open.delete(deeper);
  }
  open.set(level, anchor.text ?? '');
  for (const [l, text] of open) if (l <= level) chain[`lvl${l}` as keyof Hierarchy] = text.trim();
  return chain;
}

function sectionScore(sub: PagefindSubResult): number {
  return (sub.weighted_locations ?? []).reduce((sum, l) => sum + l.balanced_score, 0);
}

function withOrigin(url: string, origin: string): string {
  return /^[a-z]+:\/\//i.test(url) ? url : origin + url;
}

const NO_MATCH: HighlightValue = {value: '', matchLevel: 'none', matchedWords: []};

/**
 * The hits of one result page: its best sections (at most `MAX_HITS_PER_PAGE`), each a hit whose
 * hierarchy is the page's section, its title and the headings above the section. The page's own
 * text (before the first heading) is a page hit (`lvl1`); a section under a heading is a `content`
 * hit with that heading's anchor in its URL.
 */
export function hitsOfPage(data: PagefindResultData, options: Options, origin = '', rank = 0): SearchHit[] {
  const title = data.meta.title ?? data.url;
  const section = data.meta.section?.trim() || DEFAULT_SECTION;
  const pageUrl = withOrigin(data.url.replace(/#.*$/, ''), origin);
  const queryWords = tokenize(options.query);
  const subs = (data.sub_results ?? [])
    .map((sub, order) => ({sub, order, score: sectionScore(sub)}))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_HITS_PER_PAGE)
    .map(({sub}) => sub);
  if (subs.length === 0) subs.push({title, url: data.url, excerpt: data.excerpt});
  return subs.map((sub, n) => {
    const anchor = sub.anchor && headingLevel(sub.anchor.element) !== null ? sub.anchor : undefined;
    const chain = anchor ? headingChain(data.anchors ?? [], anchor) : {};
    const hierarchy: Hierarchy = {
      lvl0: section,
      lvl1: title,
      lvl2: chain.lvl2 ?? null,
      lvl3: chain.lvl3 ?? null,
      lvl4: chain.lvl4 ?? null,
      lvl5: chain.lvl5 ?? null,
      lvl6: chain.lvl6 ?? null,
    };
    const type: RecordType = anchor ? 'content' : 'lvl1';
    const excerpt = excerptHtml(sub.excerpt, options.pre, options.post);
    const content = unescapePagefind(sub.excerpt.replace(MARK, '$1')).trim();
    // Titles are marked where they hold a word the excerpts matched, or a word the query starts.
    const matched = new Set(excerpt.marked.flatMap((w) => tokenize(w)).map((w) => w.toLowerCase()));
    const starts = queryWords.map((w) => w.toLowerCase()).filter((w) => w.length >= 2);
    for (const text of Object.values(hierarchy)) {
      for (const {word} of words(text ?? '')) {
        const lower = word.toLowerCase();
        if (starts.some((s) => lower.startsWith(s))) matched.add(lower);
      }
    }
    const marker = new Marker(matched, queryWords, options.pre, options.post);
    const highlighted: Record<string, HighlightValue> = {};
    const snippets: Record<string, {value: string; matchLevel: MatchLevel}> = {};
    for (const [level, text] of Object.entries(hierarchy)) {
      if (text === null) continue;
      const h = marker.text(text).highlight;
      highlighted[level] = h;
      if (options.attributesToSnippet.has(`hierarchy.${level}`))
        snippets[level] = {value: h.value, matchLevel: h.matchLevel};
    }
    const contentLevel: MatchLevel = excerpt.marked.length > 0 ? 'full' : 'none';
    const anchorId = anchor?.id ?? null;
    return {
      objectID: `${data.url}#${anchorId ?? ''}:${rank}.${n}`,
      url: anchorId ? `${pageUrl}#${anchorId}` : pageUrl,
      url_without_anchor: pageUrl,
      anchor: anchorId,
      type,
      hierarchy,
      content: content || null,
      language: LANGUAGE,
      docusaurus_tag: DOCS_TAG,
      _highlightResult: {
        hierarchy: highlighted,
        content: content ? {value: excerpt.value, matchLevel: contentLevel, matchedWords: excerpt.marked} : NO_MATCH,
      },
      _snippetResult: {
        hierarchy: snippets,
        ...(content ? {content: {value: excerpt.value, matchLevel: contentLevel}} : {}),
      },
    };
  });
}

/**
 * One Algolia response from the pages Pagefind found, best first. `pages` holds the data of the
 * first pages only (as many as were loaded); `totalPages` is how many Pagefind found. Every page
 * gives at least one hit, so `nbHits` is exact once every page is loaded and a lower bound before.
 */
export function toResponse(
  options: Options,
  pages: readonly PagefindResultData[],
  totalPages: number,
  indexName = '',
  origin = '',
  processingTimeMS = 0,
): SearchResponse {
  const all = pages.flatMap((data, rank) => hitsOfPage(data, options, origin, rank));
  const nbHits = all.length + Math.max(0, totalPages - pages.length);
  const start = options.page * options.hitsPerPage;
  return {
    hits: all.slice(start, start + options.hitsPerPage),
    nbHits,
    page: options.page,
    nbPages: Math.ceil(nbHits / options.hitsPerPage),
    hitsPerPage: options.hitsPerPage,
    processingTimeMS,
    query: options.query,
    params: new URLSearchParams({
      query: options.query,
      page: String(options.page),
      hitsPerPage: String(options.hitsPerPage),
    }).toString(),
    index: indexName,
    exhaustiveNbHits: true,
  };
}

/** How many hits the data of one result page gives (see hitsOfPage). */
export function hitCount(data: PagefindResultData): number {
  return Math.max(1, Math.min(MAX_HITS_PER_PAGE, data.sub_results?.length ?? 0));
}

/**
 * How many result pages to load to fill hits up to the end of the requested page, given the hits
 * the loaded pages gave so far: every page gives at least one hit, so never more than that.
 */
export function pagesToLoad(options: Options, loadedPages: number, hitsSoFar: number, totalPages: number): number {
  const wanted = (options.page + 1) * options.hitsPerPage - hitsSoFar;
  if (wanted <= 0) return 0;
  return Math.max(0, Math.min(totalPages - loadedPages, Math.ceil(wanted / MAX_HITS_PER_PAGE)));
}
