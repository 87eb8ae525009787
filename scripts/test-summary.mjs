// Adds up the JSON reports of vitest and Playwright into one closing line: "N passed, N failed".
// A skipped test fails the run unless tests/data/allowed-skips.txt lists its full name with a reason:
// a skip that nobody decided on is a test that silently stopped guarding anything.
import fs from 'node:fs';
import path from 'node:path';

const allowedFile = path.join(import.meta.dirname, '..', 'tests', 'data', 'allowed-skips.txt');

/** `full test name<TAB>reason` per line; `#` starts a comment. A line without a reason is an error. */
export function readAllowedSkips(text) {
  const allowed = new Map();
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [name, reason] = line.split('\t');
    if (!reason?.trim()) throw new Error(`${allowedFile}:${index + 1}: a skipped test needs a reason after a tab`);
    allowed.set(name.trim(), reason.trim());
  }
  return allowed;
}

/** Counts and the full names of skipped tests, from one vitest or Playwright JSON report. */
export function summarise(report) {
  const result = {passed: 0, failed: 0, skipped: []};
  if (typeof report.numPassedTests === 'number') {
    // vitest
    result.passed = report.numPassedTests;
    result.failed = report.numFailedTests;
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (['skipped', 'pending', 'todo'].includes(test.status)) result.skipped.push(test.fullName);
      }
    }
  } else if (report.stats) {
    // Playwright
    result.passed = report.stats.expected + (report.stats.flaky ?? 0);
    result.failed = report.stats.unexpected;
    const walk = (suite, titles) => {
      const here = suite.title ? [...titles, suite.title] : titles;
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'skipped') result.skipped.push([...here, spec.title].join(' > '));
        }
      }
      for (const child of suite.suites ?? []) walk(child, here);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const allowed = readAllowedSkips(fs.existsSync(allowedFile) ? fs.readFileSync(allowedFile, 'utf8') : '');
  let passed = 0;
  let failed = 0;
  const skipped = [];
  for (const file of process.argv.slice(2)) {
    const result = summarise(JSON.parse(fs.readFileSync(file, 'utf8')));
    passed += result.passed;
    failed += result.failed;
    skipped.push(...result.skipped);
  }
  const unexplained = skipped.filter((name) => !allowed.has(name));
  for (const name of unexplained) console.error(`skipped without a listed reason: ${name}`);
  if (unexplained.length)
    console.error(`List each in ${path.relative(process.cwd(), allowedFile)} with its reason, or stop skipping it.`);
  failed += unexplained.length;
  console.log(`${passed} passed, ${failed} failed${skipped.length ? `, ${skipped.length} skipped` : ''}`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
