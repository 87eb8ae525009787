/**
 * The site the browser and site tests run against. By default nginx in front of `build/` (or
 * `SITE_BUILD_DIR`), with the configuration generated for it. With `SITE_ARCHIVE` set to an unpacked
 * release archive (`npm run package`), the site inside it, served by nginx with the archive's own
 * configuration, as an operator runs it: the same checks then run under the archive's base path.
 */
import fs from 'node:fs';
import path from 'node:path';
import {baseOfNetlifyHeaders} from '../../src/serve/headers';
import {archiveSiteDir, startArchiveNginx, startNginx, type RunningServer} from '../../src/serve/run';
import {underBase} from '../../src/config/base-url';

/** The unpacked archive under test, if any. */
export const ARCHIVE_DIR = process.env.SITE_ARCHIVE ? path.resolve(process.env.SITE_ARCHIVE) : undefined;

/** The folder of the built site: `build/`, or inside an archive, `html/` and the base path below it. */
function siteDir(): string {
  if (ARCHIVE_DIR) return archiveSiteDir(ARCHIVE_DIR);
  return path.resolve(process.env.SITE_BUILD_DIR ?? path.join(__dirname, '..', '..', 'build'));
}

export const BUILD_DIR = siteDir();

/** The path the site under test is served under (`/`, or the archive's base path). */
export const SITE_BASE = fs.existsSync(path.join(BUILD_DIR, '_headers'))
  ? baseOfNetlifyHeaders(fs.readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'))
  : '/';

/** A site path (`/a/`) as the server under test serves it (`/docs/a/` in the archive). */
export function at(sitePath: string): string {
  return underBase(SITE_BASE, sitePath);
}

/** Starts the server the tests talk to. */
export function startSite(): Promise<RunningServer> {
  return ARCHIVE_DIR ? startArchiveNginx(ARCHIVE_DIR) : startNginx(BUILD_DIR);
}
