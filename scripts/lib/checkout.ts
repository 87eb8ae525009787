/** A copy of a checkout in another folder: what `npm run package` builds from, and what its test rebuilds from. */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Copies the checkout's files (tracked, and new ones git does not ignore; not the ones deleted) into
 * `target`, and its installed packages: hard links where the two folders share a file system (quick),
 * a copy where they do not.
 */
export function copyCheckout(root: string, target: string): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  })
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(root, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(target, file)), {recursive: true});
    fs.copyFileSync(path.join(root, file), path.join(target, file));
  }
  try {
    execFileSync('cp', ['-al', path.join(root, 'node_modules'), target], {stdio: 'ignore'});
  } catch {
    fs.rmSync(path.join(target, 'node_modules'), {recursive: true, force: true});
    execFileSync('cp', ['-a', path.join(root, 'node_modules'), target]);
  }
}
