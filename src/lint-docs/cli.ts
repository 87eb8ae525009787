/**
 * `npm run lint:docs [-- files or folders]`: the checks a writer runs before pushing.
 * Front matter, catalogue, links and MDX syntax (this file), then Markdown style (markdownlint)
 * and spelling (cspell) on the same files. Exits 1 on any error.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {readCatalogue} from '../pages/catalogue';
import {readReleases} from '../../releases/catalogue';
import fs from 'node:fs';
import {listPages} from '../pages/parse';
import {checkPage, checkSecurityClaims, LEDGER_FILE, readTagKeys, type Problem} from './check';

const root = path.resolve(__dirname, '..', '..');
const docsDir = path.join(root, 'docs');
const targets = process.argv.slice(2);
const pages = listPages(targets.length > 0 ? targets : [docsDir]);

const context = {
  docsDir,
  tags: readTagKeys(docsDir),
  versions: new Set(readReleases(docsDir).map((r) => r.version)),
  catalogue: new Map(readCatalogue().map((row) => [row.route, row])),
};

const problems: Problem[] = [
  ...pages.flatMap((page) => checkPage(page, context)),
  ...checkSecurityClaims(pages, context, fs.readFileSync(path.join(root, LEDGER_FILE), 'utf8')),
];
for (const p of problems) {
  console.log(`${p.file}:${p.line}: ${p.warning ? 'warning: ' : ''}${p.message}`);
}
const errors = problems.filter((p) => !p.warning).length;
console.log(`lint:docs: ${pages.length} pages, ${errors} errors, ${problems.length - errors} warnings`);

const relativePages = pages.map((p) => path.relative(root, p));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
let failed = errors > 0;
if (relativePages.length > 0) {
  // markdownlint-cli2 names every file it will read on one "Finding:" line; only its findings
  // (on stderr) and its summary are worth a writer's screen.
  const lint = spawnSync(bin('markdownlint-cli2'), relativePages, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  const summary = lint.stdout.split('\n').find((line) => line.startsWith('Summary:'));
  console.log(`markdownlint: ${summary?.replace(/^Summary:\s*/, '') ?? `exit ${lint.status}`}`);
  failed ||= lint.status !== 0;
  const spell = spawnSync(
    bin('cspell'),
    ['lint', '--no-progress', '--no-summary', '--show-context', ...relativePages],
    {cwd: root, stdio: 'inherit'},
  );
  failed ||= spell.status !== 0;
}
process.exit(failed ? 1 : 0);
