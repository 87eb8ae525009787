/**
 * `npm run preview`: builds the site when `build/` is missing or older than the sources, then serves
 * it with nginx on 127.0.0.1:3000 (or $PORT) in the foreground, exactly as production would. Ctrl+C
 * stops it.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {startNginx} from '../src/serve/run';

const root = path.resolve(__dirname, '..');
const buildDir = path.join(root, 'build');
const SOURCES = [
  'docs',
  'src',
  'static',
  'releases',
  'sidebars',
  'docusaurus.config.ts',
  'sidebars.ts',
  'package-lock.json',
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((max, entry) => Math.max(max, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

const marker = path.join(buildDir, 'index.html');
const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'No build yet: building the site.' : 'The build is older than the sources: rebuilding.');
  const result = spawnSync('npm', ['run', 'build'], {cwd: root, stdio: 'inherit'});
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = Number(process.env.PORT ?? 3000);
startNginx(buildDir, port)
  .then((server) => {
    console.log(`Serving build/ with nginx at ${server.url}${server.base} (Ctrl+C to stop)`);
    const stop = () => {
      void server.stop().then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    server.process.on('exit', (code) => process.exit(code ?? 0));
  })
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
