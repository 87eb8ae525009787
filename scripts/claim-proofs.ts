/**
 * `npx jiti scripts/claim-proofs.ts --repo <authentik git clone> [--ledger file] [--show N,…]`
 *
 * Checks that every code proof of the security-claims ledger points at lines that exist: the tag is in
 * the clone, the path exists at that tag, and the range lies inside the file. `--show` prints the rows
 * at the given ledger lines with the lines they cite, for a reviewer who samples rows by hand. Run it
 * when a release is added, against a fresh clone of goauthentik/authentik (it reads with `git show`).
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {parseCodeProof, parseLedger, splitProof} from '../src/lint-docs/security-claims';

const {values} = parseArgs({
  options: {
    repo: {type: 'string'},
    ledger: {type: 'string', default: path.join(__dirname, '..', 'tests', 'data', 'security-claims.tsv')},
    show: {type: 'string'},
  },
});
if (!values.repo) {
  console.error('usage: claim-proofs.ts --repo <authentik git clone> [--ledger file] [--show N,…]');
  process.exit(2);
}
const repo = values.repo;
const {rows, problems} = parseLedger(fs.readFileSync(values.ledger!, 'utf8'));
for (const p of problems) console.log(`${values.ledger}:${p.line}: ${p.message}`);

const cache = new Map<string, string[] | undefined>();
function fileAt(tag: string, file: string): string[] | undefined {
  const key = `${tag}:${file}`;
  if (!cache.has(key)) {
    try {
      cache.set(
        key,
        execFileSync('git', ['-C', repo, 'show', key], {
          encoding: 'utf8',
          maxBuffer: 64 << 20,
          stdio: ['ignore', 'pipe', 'ignore'],
        }).split('\n'),
      );
    } catch {
      cache.set(key, undefined);
    }
  }
  return cache.get(key);
}

const show = new Set((values.show ?? '').split(',').filter(Boolean).map(Number));
let bad = problems.length;
let checked = 0;
for (const row of rows) {
  for (const proof of splitProof(row.proof)) {
    const code = parseCodeProof(proof);
    if (!code) continue;
    checked++;
    const lines = fileAt(code.tag, code.path);
    if (!lines) {
      console.log(`${values.ledger}:${row.line}: ${code.tag}:${code.path} does not exist`);
      bad++;
    } else if (code.to < code.from || code.to > lines.length) {
      console.log(`${values.ledger}:${row.line}: ${proof}: the file has ${lines.length} lines`);
      bad++;
    } else if (show.has(row.line)) {
      console.log(`\n${row.route}\n  «${row.excerpt}»\n  ${proof}`);
      for (let n = code.from; n <= code.to; n++) console.log(`  ${String(n).padStart(5)}  ${lines[n - 1]}`);
    }
  }
  if (show.has(row.line) && !splitProof(row.proof).some((p) => parseCodeProof(p))) {
    console.log(`\n${row.route}\n  «${row.excerpt}»\n  ${row.proof}`);
  }
}
console.log(`claim-proofs: ${rows.length} rows, ${checked} code proofs checked, ${bad} problems`);
process.exit(bad > 0 ? 1 : 0);
