/**
 * Every HTML file of the build is valid HTML, redirect stubs included: the Nu HTML Checker (vnu)
 * reports no error on any of them. vnu
 * starts slowly (a Java virtual machine), so it runs once over all pages, plus one page that is
 * invalid on purpose, to prove that the checker runs and that its errors reach this test.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {htmlFiles} from '../../src/serve/site';
import {BUILD_DIR, builtPages} from './build';

const VNU = path.join(__dirname, '..', '..', 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
const JAVA = process.env.JAVA ?? 'java';

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/**
 * Errors that come from markup this project cannot change, each with the reason. Keep it empty
 * unless a fix in src/ is impossible; a filter hides the error on every page.
 */
const KNOWN_ERRORS: {message: RegExp; reason: string}[] = [];

/** A page with two errors vnu must report: a `<div>` inside `<code>`, and a duplicate id. */
const CANARY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>canary</title></head>
<body><code><div>not allowed here</div></code><p id="x">one</p><p id="x">duplicate id</p></body></html>`;

let messages: VnuMessage[] = [];
let canaryFile = '';
const files = htmlFiles(BUILD_DIR);
const pages = builtPages();

beforeAll(() => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-canary-'));
  canaryFile = path.join(tmp, 'canary.html');
  fs.writeFileSync(canaryFile, CANARY);
  const run = spawnSync(JAVA, ['-jar', VNU, '--errors-only', '--format', 'json', '--stdout', canaryFile, ...files], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  fs.rmSync(tmp, {recursive: true, force: true});
  if (run.error) throw new Error(`Could not run ${JAVA} -jar ${VNU}: ${run.error.message}. The check needs Java 17+.`);
  // vnu exits 1 when it found errors; anything else but 0 is the checker failing.
  if (run.status !== 0 && run.status !== 1) throw new Error(`vnu exited with ${run.status}:\n${run.stderr}`);
  try {
    messages = (JSON.parse(run.stdout) as {messages: VnuMessage[]}).messages;
  } catch {
    throw new Error(`vnu did not answer in JSON:\n${run.stdout.slice(0, 2000)}\n${run.stderr.slice(0, 2000)}`);
  }
}, 300_000);

/** The file a message is about, as a path below the build directory. */
function fileOf(message: VnuMessage): string {
  const file = message.url ? decodeURIComponent(message.url.replace(/^file:/, '')) : '(no file)';
  return path.isAbsolute(file) ? path.relative(BUILD_DIR, file) : file;
}

function isCanary(message: VnuMessage): boolean {
  return Boolean(message.url && decodeURIComponent(message.url).endsWith(canaryFile));
}

describe('HTML validity (Nu HTML Checker)', () => {
  it('checks the pages of the build and its redirect stubs', () => {
    expect(pages.size).toBeGreaterThan(1);
    expect(files.length).toBeGreaterThan(pages.size);
  });

  it('reports the errors of a page that is invalid on purpose', () => {
    const canary = messages.filter(isCanary).map((m) => m.message);
    expect(canary).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Element “div” not allowed as child of element “code”/),
        expect.stringMatching(/Duplicate ID “x”/),
      ]),
    );
  });

  it('finds no error on any built page', () => {
    const errors = messages.filter(
      (m) => !isCanary(m) && m.type !== 'info' && !KNOWN_ERRORS.some((known) => known.message.test(m.message)),
    );
    const lines = errors.map(
      (m) =>
        `${fileOf(m)}:${m.lastLine ?? '?'}:${m.firstColumn ?? '?'}: ${m.type}${m.subType ? `/${m.subType}` : ''}: ${m.message}` +
        (m.extract ? `\n    ${m.extract.replace(/\n/g, ' ')}` : ''),
    );
    expect(lines, `vnu found ${lines.length} error(s) in ${files.length} HTML files:\n${lines.join('\n')}`).toEqual([]);
  });
});
