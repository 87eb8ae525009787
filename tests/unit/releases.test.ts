import {describe, expect, it} from 'vitest';
import {
  compareVersions,
  isVersion,
  latestRelease,
  newestFirst,
  parseVersion,
  releaseFromFrontMatter,
  supportedReleases,
} from '../../releases/catalogue';
import {releasesJson} from '../../releases/json';
import {versionDropdownItems} from '../../src/config/navbar';

const versions = (list: string[]) => list.map((version) => ({version}));

describe('version order', () => {
  it('compares part by part as numbers', () => {
    expect(compareVersions('2025.8', '2025.10')).toBeLessThan(0);
    expect(compareVersions('0.9', '0.10')).toBeLessThan(0);
    expect(compareVersions('0.14', '2021.1')).toBeLessThan(0);
    expect(compareVersions('2024.12', '2024.12')).toBe(0);
    expect(compareVersions('2024.8.3', '2024.8')).toBeGreaterThan(0);
  });
  it('sorts newest first and finds the latest', () => {
    const list = versions(['0.9', '2025.8', '2021.10', '2025.10', '0.10', '2021.2']);
    expect(newestFirst(list).map((r) => r.version)).toEqual(['2025.10', '2025.8', '2021.10', '2021.2', '0.10', '0.9']);
    expect(latestRelease(list)?.version).toBe('2025.10');
    expect(latestRelease([])).toBeUndefined();
  });
  it('marks the two newest releases as supported', () => {
    expect(supportedReleases(versions(['2025.4', '2025.8', '2025.6'])).map((r) => r.version)).toEqual([
      '2025.8',
      '2025.6',
    ]);
  });
  it('rejects what is not a version', () => {
    expect(isVersion('2025.8')).toBe(true);
    expect(isVersion('v2025.8')).toBe(false);
    expect(() => parseVersion('next')).toThrow(/not a release version/);
  });
});

describe('releaseFromFrontMatter', () => {
  it('reads title, summary and date', () => {
    expect(
      releaseFromFrontMatter(
        '2025.8',
        {title: 'Release 2025.8', description: 'Sum.', release_date: '2025-08-28'},
        'f.md',
      ),
    ).toEqual({
      version: '2025.8',
      title: 'Release 2025.8',
      summary: 'Sum.',
      date: '2025-08-28',
      route: '/releases/2025.8/',
    });
  });
  it('names the file when something is missing or malformed', () => {
    expect(() => releaseFromFrontMatter('2025.8', {description: 'x'}, 'a.md')).toThrow(
      /a\.md: release notes need a title/,
    );
    expect(() => releaseFromFrontMatter('2025.8', {title: 't'}, 'a.md')).toThrow(/description/);
    expect(() =>
      releaseFromFrontMatter('2025.8', {title: 't', description: 'd', release_date: '28.8.2025'}, 'a.md'),
    ).toThrow(/release_date/);
  });
});

describe('outputs', () => {
  // Deliberately out of order: the outputs must sort, not trust the order they are given.
  const releases = ['2025.4', '2025.8', '2025.2', '2025.6'].map((v) =>
    releaseFromFrontMatter(v, {title: `Release ${v}`, description: 'd', release_date: '2025-01-01'}, 'x'),
  );
  it('releases.gen.json lists every release newest first and names the latest', () => {
    const json = JSON.parse(releasesJson(releases));
    expect(json.latest).toBe('2025.8');
    expect(json.releases.map((r: {version: string}) => r.version)).toEqual(['2025.8', '2025.6', '2025.4', '2025.2']);
    expect(json.releases[0]).toEqual({
      version: '2025.8',
      title: 'Release 2025.8',
      date: '2025-01-01',
      url: '/releases/2025.8/',
    });
  });
  it('the version dropdown lists the three newest releases, then all releases', () => {
    expect(versionDropdownItems(releases)).toEqual([
      {label: '2025.8', to: '/releases/2025.8/'},
      {label: '2025.6', to: '/releases/2025.6/'},
      {label: '2025.4', to: '/releases/2025.4/'},
      {label: 'All releases', to: '/releases/'},
    ]);
  });
});
