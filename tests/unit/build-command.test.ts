/**
 * Every build of this site goes through `npm run build`, which limits the JavaScript heap (the build's
 * memory, ARCHITECTURE.md "Build memory"): the test command, the release archive and the bench may not
 * call `docusaurus build` for the site themselves. Stock Docusaurus in the bench is the one exception.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Lines that start a Docusaurus build directly, in the shell's or in Node's way of writing it. */
function directBuilds(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/^\s*(?:\*|\/\/|\/\*\*|#)/.test(line))
    .filter((line) => /docusaurus build|(?:docusaurus|\.mjs)['"]?\)?,\s*(?:\[\s*)?['"]build['"]/.test(line));
}

describe('the build command', () => {
  it('limits the heap, and lets BUILD_HEAP_MB change the limit', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts.build).toMatch(
      /^NODE_OPTIONS="--max-old-space-size=\$\{BUILD_HEAP_MB:-\d+\} \$\{NODE_OPTIONS:-\}" docusaurus build$/,
    );
  });

  it('is what the test command, the CI workflows, the release archive and the bench build this site with', () => {
    const workflows = fs.readdirSync(path.join(root, '.github', 'workflows')).map((f) => `.github/workflows/${f}`);
    for (const file of ['scripts/test.sh', 'scripts/package.ts', 'scripts/preview.ts', ...workflows]) {
      expect(directBuilds(read(file)), file).toEqual([]);
    }
    // The bench builds stock Docusaurus directly, and only stock.
    for (const file of ['bench/bench.ts', 'bench/scale.ts', 'bench/lib/build-commands.ts']) {
      const lines = directBuilds(read(file));
      expect(
        lines.every((line) => /stock|bin\/docusaurus\.mjs/.test(line)),
        `${file}: ${lines.join(' | ')}`,
      ).toBe(true);
    }
    expect(read('scripts/test.sh')).toContain('npm run --silent build -- --out-dir build-analytics');
    expect(read('scripts/package.ts')).toContain("['run', '--silent', 'build', '--', '--out-dir', site]");
  });

  it('finds a direct build where one is written', () => {
    expect(directBuilds('npx docusaurus build --out-dir x')).toHaveLength(1);
    expect(
      directBuilds(
        "execFileSync(path.join(checkout, 'node_modules', '.bin', 'docusaurus'), ['build', '--out-dir', site], {",
      ),
    ).toHaveLength(1);
    expect(directBuilds('npm run build -- --out-dir x')).toHaveLength(0);
  });
});
