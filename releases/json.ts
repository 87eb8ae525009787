import {latestRelease, newestFirst, type Release} from './catalogue';

export interface ReleasesFile {
  latest: string | null;
  releases: {version: string; title: string; date: string | null; url: string}[];
}

/** The body of `/releases.gen.json`: every release, newest first. */
export function releasesJson(releases: readonly Release[]): string {
  const file: ReleasesFile = {
    latest: latestRelease(releases)?.version ?? null,
    releases: newestFirst(releases).map((r) => ({
      version: r.version,
      title: r.title,
      date: r.date ?? null,
      url: r.route,
    })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
