/**
 * Upgrade safety of the lean client (src/plugins/lean-client/replacements.ts): a replacement whose
 * Docusaurus file has moved must fail the build with the module's name, not let the original ship
 * silently. The fixture site points the window-size replacement at a file the theme does not import.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '..', '..');

describe('lean client after a Docusaurus upgrade', () => {
  it('fails the build, naming the module, when a replacement does not apply', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lean-fixture-'));
    try {
      const build = spawnSync(
        path.join(root, 'node_modules', '.bin', 'docusaurus'),
        ['build', 'tests/fixtures/lean-client-site', '--out-dir', out],
        {cwd: root, encoding: 'utf8', env: {...process.env, FORCE_COLOR: '0'}},
      );
      const output = build.stdout + build.stderr;
      expect(build.status, output).not.toBe(0);
      expect(output).toContain(
        'lean-client: the replacement of @docusaurus/theme-common/lib/hooks/useWindowSize.d.ts (window size switched in a transition) did not apply',
      );
      expect(fs.existsSync(path.join(out, 'index.html'))).toBe(false);
    } finally {
      fs.rmSync(out, {recursive: true, force: true});
      fs.rmSync(path.join(root, 'tests', 'fixtures', 'lean-client-site', '.docusaurus'), {
        recursive: true,
        force: true,
      });
    }
  }, 180_000);
});
