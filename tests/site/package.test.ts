/**
 * The release archive (`npm run package`, which the test command runs before these checks): its sum is
 * the one published beside it, it holds what an operator needs in a stable form, and it is the same
 * bytes when it is made again from another folder, in another time zone, with another umask.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {latestRelease, readReleases} from '../../releases/catalogue';
import {copyCheckout} from '../../scripts/lib/checkout';

const root = path.resolve(__dirname, '..', '..');
const release = latestRelease(readReleases(path.join(root, 'docs')))!.version;
const name = `authentik-docs-${release}`;
const archive = path.join(root, 'dist', `${name}.tar.gz`);
const sums = path.join(root, 'dist', 'SHA256SUMS');
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
/** The time every file of the archive carries: the commit's. */
const epoch = Number(execFileSync('git', ['log', '-1', '--format=%ct'], {cwd: root, encoding: 'utf8'}).trim());

describe('the release archive', () => {
  it('is published with its sum, in the form sha256sum checks', () => {
    expect(fs.existsSync(archive), `${archive}: run npm run package`).toBe(true);
    expect(fs.readFileSync(sums, 'utf8')).toBe(`${sha256(archive)}  ${name}.tar.gz\n`);
    const check = spawnSync('sha256sum', ['--check', 'SHA256SUMS'], {cwd: path.dirname(sums), encoding: 'utf8'});
    expect(check.stdout.trim()).toBe(`${name}.tar.gz: OK`);
  });

  it('holds the site, the nginx configuration, the logs folder and a README, in a stable form', () => {
    const listing = execFileSync(
      'tar',
      ['--list', '--verbose', '--numeric-owner', '--full-time', '--gzip', '--file', archive],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        env: {...process.env, TZ: 'UTC'},
      },
    )
      .trim()
      .split('\n')
      .map((line) => {
        const [mode, owner, , date, time, ...rest] = line.split(/\s+/);
        return {mode: mode!, owner: owner!, when: Date.parse(`${date}T${time}Z`) / 1000, file: rest.join(' ')};
      });
    const files = listing.map((entry) => entry.file);
    for (const needed of [
      `${name}/README.md`,
      `${name}/logs/`,
      `${name}/nginx/nginx.conf`,
      `${name}/nginx/authentik-docs-http.conf`,
      `${name}/nginx/authentik-docs-server.conf`,
      `${name}/nginx/authentik-docs-site.conf`,
      `${name}/html/docs/index.html`,
      `${name}/html/docs/llms.txt`,
    ]) {
      expect(files, needed).toContain(needed);
    }
    // Each folder's entries come in name order (tar --sort=name walks the tree so).
    const byFolder = new Map<string, string[]>();
    for (const file of files) {
      const folder = path.posix.dirname(file.replace(/\/$/, ''));
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), path.posix.basename(file)]);
    }
    const unsorted = [...byFolder].filter(([, names]) => names.join('\0') !== [...names].sort().join('\0'));
    expect(unsorted.map(([folder]) => folder)).toEqual([]);
    const odd = listing.filter(
      (entry) =>
        entry.owner !== '0/0' || entry.when !== epoch || !(entry.mode === '-rw-r--r--' || entry.mode === 'drwxr-xr-x'),
    );
    expect(odd.slice(0, 5)).toEqual([]);
  });

  it('is the same bytes when made again from another folder, in another time zone, with another umask', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'authentik-docs-again-'));
    try {
      copyCheckout(root, elsewhere);
      execFileSync('git', ['init', '--quiet'], {cwd: elsewhere});
      const run = spawnSync('bash', ['-c', 'umask 077 && npm run --silent package'], {
        cwd: elsewhere,
        encoding: 'utf8',
        // Vitest sets BASE_URL for its own use; the archive is made with the default, as the first one.
        env: {...process.env, BASE_URL: undefined, TZ: 'Pacific/Auckland', SOURCE_DATE_EPOCH: String(epoch)},
      });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(sha256(path.join(elsewhere, 'dist', `${name}.tar.gz`))).toBe(sha256(archive));
    } finally {
      fs.rmSync(elsewhere, {recursive: true, force: true});
    }
  }, 300_000);
});
