/** The lock-drift check of `npm test` (scripts/check-lock.sh) passes a clean lock file and fails a changed one. */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const script = path.join(__dirname, '..', '..', 'scripts', 'check-lock.sh');
const git = (cwd: string, ...args: string[]) => spawnSync('git', args, {cwd, encoding: 'utf8'});

describe('lock-drift check', () => {
  it('passes when package-lock.json is as committed and fails when install changed it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    git(dir, 'init', '-q');
    fs.writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion": 3}\n');
    git(dir, 'add', '.');
    git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-qm', 'lock');
    expect(spawnSync('bash', [script, dir]).status).toBe(0);
    fs.writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {}}\n');
    const changed = spawnSync('bash', [script, dir], {encoding: 'utf8'});
    expect(changed.status).toBe(1);
    expect(changed.stderr).toContain('package-lock.json is not as committed');
    fs.rmSync(dir, {recursive: true});
  });
});
