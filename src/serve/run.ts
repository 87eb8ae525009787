/** Starts nginx in front of a built site, for `npm run preview` and for the tests. */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {REDIRECT_RULES} from '../redirects/rules';
import {nginxConfig} from './nginx';
import {parseNetlifyHeaders} from './headers';

export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';

export interface RunningServer {
  url: string;
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
 * to try a policy the production site does not have).
 */
export async function startNginx(
  buildDir: string,
  port?: number,
  adjustHeaders: (headers: [string, string][]) => [string, string][] = (headers) => headers,
): Promise<RunningServer> {
  if (!fs.existsSync(NGINX_BINARY)) {
    throw new Error(`nginx is not installed (${NGINX_BINARY}). Install Debian's package: apt-get install nginx`);
  }
  const root = path.resolve(buildDir);
  const chosen = port ?? (await freePort());
  const runtimeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authentik-docs-nginx-'));
  const config = path.join(runtimeDir, 'nginx.conf');
  fs.writeFileSync(
    config,
    nginxConfig(REDIRECT_RULES, {
      root,
      listen: `127.0.0.1:${chosen}`,
      // The very headers the build wrote for static hosts, less HSTS: this server speaks plain HTTP.
      headers: adjustHeaders(
        parseNetlifyHeaders(fs.readFileSync(path.join(root, '_headers'), 'utf8')).filter(
          ([name]) => name !== 'Strict-Transport-Security',
        ),
      ),
      runtimeDir,
      foreground: true,
      // Started by root, nginx would hand requests to `nobody`, who may not read a checkout that
      // lives in a private folder: the workers run as whoever started the server.
      ...(process.getuid?.() === 0 ? {user: os.userInfo().username} : {}),
    }),
  );
  const check = spawnSync(NGINX_BINARY, ['-t', '-q', '-p', runtimeDir, '-c', config], {encoding: 'utf8'});
  if (check.status !== 0) throw new Error(`nginx rejected the generated configuration:\n${check.stderr}`);
  const child = spawn(NGINX_BINARY, ['-p', runtimeDir, '-c', config], {stdio: ['ignore', 'inherit', 'inherit']});
  await waitForPort(chosen, child);
  return {
    url: `http://127.0.0.1:${chosen}`,
    port: chosen,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) {
          fs.rmSync(runtimeDir, {recursive: true, force: true});
          resolve();
          return;
        }
        child.once('exit', () => {
          fs.rmSync(runtimeDir, {recursive: true, force: true});
          resolve();
        });
        child.kill('SIGQUIT');
      }),
  };
}
