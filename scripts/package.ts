/**
 * `npm run package`: one archive per release, for networks with no way out to the internet.
 *
 * Builds the site under `BASE_URL` (default `/docs/`; `SITE_URL` as for any build) with nothing that
 * loads from other hosts (no hosted search, no analytics), adds the nginx configuration that serves it
 * and a README for operators, and writes `dist/authentik-docs-<release>.tar.gz` and `dist/SHA256SUMS`.
 * The release is the newest of the release catalogue.
 *
 * The archive is the same bytes every time it is made from the same commit: files in name order, every
 * time stamp the commit's (`SOURCE_DATE_EPOCH` when set), owner and group 0, modes 644 and 755, and a
 * gzip header without name or time. The site is built from a copy of the checkout in one fixed folder,
 * because the bundler names some modules after absolute paths (a loader's options in an image's
 * request): built in place, two clones in two folders would give two archives. One package runs at a
 * time. tests/site/package.test.ts builds a second archive from another folder, at another hour, and
 * compares the sums.
 */
import {execFileSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {latestRelease, readReleases} from '../releases/catalogue';
import {parseBaseUrl} from '../src/config/base-url';
import {NGINX_FILES, nginxFiles} from '../src/serve/nginx';
import {REDIRECT_RULES} from '../src/redirects/rules';
import {parseNetlifyHeaders} from '../src/serve/headers';
import {operatorReadme} from '../src/package/operator-readme';
import {copyCheckout} from './lib/checkout';

const root = path.resolve(__dirname, '..');
const base = parseBaseUrl(process.env.BASE_URL ?? '/docs/');
const release = latestRelease(readReleases(path.join(root, 'docs')))?.version;
if (!release) throw new Error('package: the release catalogue lists no release');
const name = `authentik-docs-${release}`;
const dist = path.join(root, 'dist');
/** The fixed folder the site is built in (see above). */
const WORK = '/tmp/authentik-docs-package';
const checkout = path.join(WORK, 'checkout');
const staging = path.join(WORK, 'archive');
const folder = path.join(staging, name);
const site = path.join(folder, 'html', ...base.split('/').filter(Boolean));

/** The time every file of the archive carries: the commit's, unless the caller fixes another. */
function sourceDateEpoch(): string {
  if (process.env.SOURCE_DATE_EPOCH) return process.env.SOURCE_DATE_EPOCH;
  return execFileSync('git', ['log', '-1', '--format=%ct'], {cwd: root, encoding: 'utf8'}).trim();
}

fs.rmSync(WORK, {recursive: true, force: true});
fs.mkdirSync(staging, {recursive: true});
try {
  console.log(`Building the ${release} documentation under ${base} ...`);
  copyCheckout(root, checkout);
  // The build sees only the settings that shape the site, so that nothing else of the caller's
  // environment (a test runner's NODE_ENV, hosted search or analytics keys) reaches the archive:
  // nothing in it may load from another host.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    BASE_URL: base,
  };
  for (const setting of ['SITE_URL', 'DOCS_EDIT_URL']) {
    if (process.env[setting] !== undefined) env[setting] = process.env[setting];
  }
  // Through `npm run build`, so that the archive is built with the settings every build has (its heap limit).
  execFileSync('npm', ['run', '--silent', 'build', '--', '--out-dir', site], {
    cwd: checkout,
    env,
    stdio: 'inherit',
  });

  const headers = parseNetlifyHeaders(fs.readFileSync(path.join(site, '_headers'), 'utf8'));
  const files = nginxFiles(REDIRECT_RULES, {headers, base, listen: '8080'});
  fs.mkdirSync(path.join(folder, 'nginx'));
  for (const file of Object.values(NGINX_FILES)) fs.writeFileSync(path.join(folder, 'nginx', file), files[file]);
  fs.mkdirSync(path.join(folder, 'logs'));
  fs.writeFileSync(path.join(folder, 'README.md'), operatorReadme({release, name, base}));

  fs.mkdirSync(dist, {recursive: true});
  const archive = path.join(dist, `${name}.tar.gz`);
  const epoch = sourceDateEpoch();
  const tar = execFileSync(
    'tar',
    [
      '--create',
      '--sort=name',
      `--mtime=@${epoch}`,
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '--mode=u+rwX,go+rX,go-w',
      '--format=gnu',
      '--directory',
      staging,
      name,
    ],
    {maxBuffer: 1 << 30},
  );
  fs.writeFileSync(archive, execFileSync('gzip', ['--no-name', '--best'], {input: tar, maxBuffer: 1 << 30}));
  const sum = crypto.createHash('sha256').update(fs.readFileSync(archive)).digest('hex');
  fs.writeFileSync(path.join(dist, 'SHA256SUMS'), `${sum}  ${name}.tar.gz\n`);
  console.log(`\n${path.relative(root, archive)}  ${(fs.statSync(archive).size / 1048576).toFixed(1)} MB`);
  console.log(`SHA-256 ${sum}`);
} finally {
  fs.rmSync(WORK, {recursive: true, force: true});
}
