/**
 * The route section of a path, in the plan (./route-sections.ts) and in the browser
 * (./route-sections-runtime.ts) alike.
 *
 * A section is the first path segment below the base URL (`add-secure-apps`, `releases`), until it
 * holds more pages than one section should carry: then it is split, and its pages go to buckets by
 * the segment that follows (`add-secure-apps~0`, `add-secure-apps~1`, by a hash of `providers`,
 * `flows-stages`, …), so that a folder stays in one bucket; a folder that is itself too large is a
 * split prefix of its own (`add-secure-apps/providers`), split the same way. The table of splits is
 * all the browser needs to find a path's section, and it grows with the number of large folders, not
 * with the pages.
 */
import {getOrCreate} from './collections';

/** Split prefixes (`add-secure-apps`, `add-secure-apps/providers`) and how many buckets each has. */
export type SectionSplits = Readonly<Record<string, number>>;

/** The number of pages above which a section is split: about 6.5 KB of route data, gzip. */
export const SECTION_PAGES = 64;

/** The bucket of a segment among `buckets`: FNV-1a of its UTF-16 code units, the same everywhere. */
export function bucketOf(segment: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < segment.length; i += 1) {
    hash ^= segment.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % buckets;
}

/**
 * The section of a path: its first segment below the base URL, or '' for the base URL itself and for
 * paths outside it; below a split prefix, the prefix's bucket of the next segment, or the deeper split
 * prefix that segment starts, or the prefix itself for the prefix's own page.
 */
export function sectionOf(pathname: string, baseUrl: string, splits: SectionSplits = {}): string {
  if (!pathname.startsWith(baseUrl)) return '';
  const segments = pathname.slice(baseUrl.length).split('/');
  let section = segments[0]!;
  for (let i = 1; Object.hasOwn(splits, section); i += 1) {
    const next = segments[i];
    if (!next) return section;
    const deeper = `${section}/${next}`;
    if (!Object.hasOwn(splits, deeper)) return `${section}~${bucketOf(next, splits[section]!)}`;
    section = deeper;
  }
  return section;
}

/**
 * The splits for a set of page paths (each below the base URL, without it: `add-secure-apps/x/`):
 * every prefix with more than `limit` pages is split, into as many buckets as its pages not in a
 * deeper split need at `limit` each; a folder below it with more than `limit` pages of its own is a
 * deeper split. A prefix whose pages all sit at one path cannot be split and stays whole.
 */
export function planSplits(paths: readonly string[], limit = SECTION_PAGES): Record<string, number> {
  const splits: Record<string, number> = {};
  const visit = (prefix: string, rests: string[][]): void => {
    if (rests.length <= limit) return;
    const children = byFirstSegment(rests);
    if (children.size === 0) return;
    let bucketed = 0;
    const deeper: [string, string[][]][] = [];
    for (const [child, group] of children) {
      if (group.length > limit && group.some((rest) => rest[0])) deeper.push([`${prefix}/${child}`, group]);
      else bucketed += group.length;
    }
    splits[prefix] = Math.max(1, Math.ceil(bucketed / limit));
    for (const [child, group] of deeper) visit(child, group);
  };
  for (const [first, rests] of byFirstSegment(paths.map((p) => p.split('/')))) visit(first, rests);
  return splits;
}

/** Segment lists grouped by their first segment, each without it; a list without one is left out. */
function byFirstSegment(lists: readonly string[][]): Map<string, string[][]> {
  const groups = new Map<string, string[][]>();
  for (const [first, ...rest] of lists) if (first) getOrCreate(groups, first, () => []).push(rest);
  return groups;
}

/**
 * The bundler's name for the chunk of a section's routes (`routes-<section>`, with anything but
 * letters, digits, `-` and `_` as `_`), by which the browser finds the chunk's address to prefetch it.
 */
export function sectionChunkName(section: string): string {
  return `${SECTION_CHUNK_PREFIX}${section.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The start of every section chunk's name. */
export const SECTION_CHUNK_PREFIX = 'routes-';

/** The start of every sidebar part chunk's name (./sidebar-parts.ts). */
export const SIDEBAR_CHUNK_PREFIX = 'sidebar-';
