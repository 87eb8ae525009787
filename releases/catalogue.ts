/**
 * The release catalogue: every release that has notes in `docs/releases/<version>/index.md`,
 * in version order. Pure functions first; the one function that reads files is at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

export interface Release {
  /** The release's version, such as `2025.8` or `0.9`. */
  version: string;
  /** The page title from front matter. */
  title: string;
  /** The one-line summary (the page's description). */
  summary: string;
  /** Release date of the first stable build, `YYYY-MM-DD`, when known. */
  date?: string;
  /** Site route of the release notes, `/releases/<version>/`. */
  route: string;
}

const VERSION_PATTERN = /^\d+(?:\.\d+)+$/;

/** True for a release version such as `2024.12` or `0.9`. */
export function isVersion(value: string): boolean {
  return VERSION_PATTERN.test(value);
}

/** Splits a version into its numeric parts; throws on anything else. */
export function parseVersion(version: string): number[] {
  if (!isVersion(version)) {
    throw new Error(`"${version}" is not a release version (expected numbers joined by dots, such as 2025.8).`);
  }
  return version.split('.').map(Number);
}

/** Orders versions numerically part by part: 0.9 < 0.10 < 2025.8 < 2025.10. */
export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** A copy of the list, newest release first. */
export function newestFirst<T extends {version: string}>(releases: readonly T[]): T[] {
  return [...releases].sort((a, b) => compareVersions(b.version, a.version));
}

/** The newest release, or undefined for an empty list. */
export function latestRelease<T extends {version: string}>(releases: readonly T[]): T | undefined {
  return newestFirst(releases)[0];
}

/** How many of the newest releases receive fixes (the security policy's rule). */
export const SUPPORTED_RELEASE_COUNT = 2;

/** The releases that are still supported: the newest ones, newest first. */
export function supportedReleases<T extends {version: string}>(releases: readonly T[]): T[] {
  return newestFirst(releases).slice(0, SUPPORTED_RELEASE_COUNT);
}

/** The route of a release's notes. */
export function releaseRoute(version: string): string {
  return `/releases/${version}/`;
}

/** Builds a release entry from a notes file's folder name and front matter. */
export function releaseFromFrontMatter(version: string, data: Record<string, unknown>, file: string): Release {
  parseVersion(version);
  const {title, description} = data;
  const date = data.release_date;
  if (typeof title !== 'string' || title === '') throw new Error(`${file}: release notes need a title.`);
  if (typeof description !== 'string' || description === '') {
    throw new Error(`${file}: release notes need a description (the one-line summary).`);
  }
  if (date !== undefined && (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date))) {
    throw new Error(`${file}: release_date must be a quoted "YYYY-MM-DD" string.`);
  }
  return {version, title, summary: description, route: releaseRoute(version), ...(date ? {date} : {})};
}

/** Reads every `docs/releases/<version>/index.md` below `docsDir`, newest first. */
export function readReleases(docsDir: string): Release[] {
  const dir = path.join(docsDir, 'releases');
  if (!fs.existsSync(dir)) return [];
  const releases: Release[] = [];
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    if (!entry.isDirectory() || !isVersion(entry.name)) continue;
    const file = path.join(dir, entry.name, 'index.md');
    if (!fs.existsSync(file)) continue;
    const {data} = matter(fs.readFileSync(file, 'utf8'));
    releases.push(releaseFromFrontMatter(entry.name, data, file));
  }
  return newestFirst(releases);
}
