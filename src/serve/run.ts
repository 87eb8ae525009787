/** Starts nginx in front of a built site, for `npm run preview` and for the tests. */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {REDIRECT_RULES} from '../redirects/rules';
import {nginxConfig} from './nginx';
import {baseOfNetlifyHeaders, parseNetlifyHeaders} from './headers';

export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';

export interface RunningServer {
  /** The server's origin, `http://127.0.0.1:<port>`; the site is at `url` + `base`. */
  url: string;
  /** The path the site is served under, `/` or such as `/docs/`. */
  base: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** A port that is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function waitForPort(port: number, child: ChildProcess, timeoutMs = 15000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) {
        reject(new Error(`nginx exited with code ${child.exitCode}`));
        return;
      }
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on port ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * `adjustHeaders` changes the headers read from `_headers` before nginx gets them (the bench uses it
 * to try a policy the production site does not have). A build made for a base path (`BASE_URL=/docs/`,
 * which its `_headers` records) is served under that path, from a folder that holds it there.
 */
export async function startNginx(
  buildDir: string,
  port?: number,
  adjustHeaders: (headers: [string, string][]) => [string, string][] = (headers) => headers,
): Promise<RunningServer> {
  if (!fs.existsSync(NGINX_BINARY)) {
    throw new Error(`nginx is not installed (${NGINX_BINARY}). Install Debian's package: apt-get install nginx`);
  }
  const site = path.resolve(buildDir);
  const headersFile = fs.readFileSync(path.join(site, '_headers'), 'utf8');
  const base = baseOfNetlifyHeaders(headersFile);
  const chosen = port ?? (await freePort());
  const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authentik-docs-nginx-'));
  const config = path.join(runtimeDir, 'nginx.conf');
  // Under a base path, nginx's root is a folder in which the base path leads to the build.
  let root = site;
  if (base !== '/') {
    root = path.join(runtimeDir, 'root');
    const link = path.join(root, ...base.split('/').filter(Boolean));
    fs.mkdirSync(path.dirname(link), {recursive: true});
    fs.symlinkSync(site, link);
  }
  fs.writeFileSync(
    config,
    nginxConfig(REDIRECT_RULES, {
      root,
      listen: `127.0.0.1:${chosen}`,
      // The very headers the build wrote for static hosts, less HSTS: this server speaks plain HTTP.
      headers: adjustHeaders(parseNetlifyHeaders(headersFile).filter(([name]) => name !== 'Strict-Transport-Security')),
      base,
      runtimeDir,
      foreground: true,
      // Started by root, nginx would hand requests to `nobody`, who may not read a checkout that
      // lives in a private folder: the workers run as whoever started the server.
      ...(process.getuid?.() === 0 ? {user: os.userInfo().username} : {}),
    }),
  );
  return runNginx(['-p', runtimeDir, '-c', config], chosen, base, () =>
    fs.rmSync(runtimeDir, {recursive: true, force: true}),
  );
}

/**
 * Checks a configuration with `nginx -t`, starts nginx with it in the foreground, waits until it
 * listens, and hands back the server; `cleanUp` runs once nginx has stopped.
 */
async function runNginx(args: string[], port: number, base: string, cleanUp: () => void): Promise<RunningServer> {
  const check = spawnSync(NGINX_BINARY, ['-t', '-q', ...args], {encoding: 'utf8'});
  if (check.status !== 0) throw new Error(`nginx rejected the configuration:\n${check.stderr}`);
  const child = spawn(NGINX_BINARY, args, {stdio: ['ignore', 'inherit', 'inherit']});
  await waitForPort(port, child);
  return {
    url: `http://127.0.0.1:${port}`,
    base,
    port,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          cleanUp();
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
        return undefined;
      }),
  };
}

/**
 * Starts the nginx of an unpacked release archive with the archive's own configuration
 * (`nginx/nginx.conf`, as `npm run package` writes it), as an operator runs it from the archive's
 * folder. Only what a test must change is changed, in a copy beside it: the port, and running in the
 * foreground so that the test owns the process.
 */
export async function startArchiveNginx(archiveDir: string, port?: number): Promise<RunningServer> {
  if (!fs.existsSync(NGINX_BINARY)) {
    throw new Error(`nginx is not installed (${NGINX_BINARY}). Install Debian's package: apt-get install nginx`);
  }
  const dir = path.resolve(archiveDir);
  const chosen = port ?? (await freePort());
  const original = fs.readFileSync(path.join(dir, 'nginx', 'nginx.conf'), 'utf8');
  if (!/^\s*listen 8080;$/m.test(original)) throw new Error('the archive\'s nginx.conf has no "listen 8080;" line');
  const config = path.join(dir, 'nginx', `nginx.test-${chosen}.conf`);
  fs.writeFileSync(
    config,
    `daemon off;\npid logs/nginx-${chosen}.pid;\n${original
      .replace(/^\s*listen 8080;$/m, `    listen 127.0.0.1:${chosen};`)
      .replace(/^pid .*$/m, '')}`,
  );
  // nginx's workers may run as another account: they must be able to reach the archive's folder.
  for (let d = dir; d !== path.dirname(d); d = path.dirname(d)) {
    if (d.startsWith(os.tmpdir()) && d !== os.tmpdir()) fs.chmodSync(d, 0o755);
  }
  const base = baseOfNetlifyHeaders(fs.readFileSync(path.join(archiveSiteDir(dir), '_headers'), 'utf8'));
  return runNginx(['-p', dir, '-e', path.join(dir, 'logs', 'error.log'), '-c', config], chosen, base, () =>
    fs.rmSync(config, {force: true}),
  );
}

/** The folder of the site in an unpacked archive: below `html/`, the folders of its base path. */
export function archiveSiteDir(archiveDir: string): string {
  const find = (dir: string): string | undefined => {
    if (fs.existsSync(path.join(dir, '_headers'))) return dir;
    for (const entry of fs.readdirSync(dir, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isDirectory()) continue;
      const found = find(path.join(dir, entry.name));
      if (found) return found;
    }
    return undefined;
  };
  const found = find(path.join(archiveDir, 'html'));
  if (!found) throw new Error(`no built site below ${archiveDir}/html`);
  return found;
}
