/**
 * The mistakes writers make most, each in a page of its own: lint names the file and line, and the
 * plugins that run during the build fail on the same page, naming it, without a stack trace.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {checkPage, readTagKeys} from '../../src/lint-docs/check';
import {readCatalogue} from '../../src/pages/catalogue';
import {parsePage} from '../../src/pages/parse';
import {collectRecords} from '../../src/search/build/build-index';
import remarkSyntaxLeaks from '../../src/remark/syntax-leaks';
import remarkBadges from '../../src/remark/badges';
import remarkPendingLinks from '../../src/remark/pending-links';
import {PageError} from '../../src/pages/page-error';
import remarkReferences from '../../src/remark/references';
import {checkReferences} from '../../src/pages/references';
import {assertUniqueRoutes} from '../../src/plugins/search';
import {VFile} from 'vfile';

const fixtures = path.join(__dirname, '..', 'fixtures', 'docs');
const HEAD = '---\ntitle: Password stage\ndescription: d\ntags: [password]\n---\n\nIntro text.\n\n## Settings\n\n';

/** The page body of each mistake, the line lint must name, and what its message says. */
const MISTAKES: [name: string, body: string, line: number, message: RegExp][] = [
  ['a titled admonition without brackets', ':::info My Title\nText.\n:::\n', 11, /admonition syntax shown as text/],
  ['a badge name that is a real word', 'A :ak-beta feature.\n', 11, /unknown directive ":ak-beta"/],
  ['a misspelt badge', 'Since :ak-versoin[2024.8].\n', 11, /unknown directive ":ak-versoin"/],
  ['a badge colon', '- **Map** :ak-enterprise: see it.\n', 11, /badge syntax shown as text/],
  ['a version with no release notes', 'Since :ak-version[2031.1].\n', 11, /:ak-version\[2031\.1\]: no release notes/],
  ['a missing image', 'Text.\n\n![A diagram](./missing.png)\n', 13, /image \.\/missing\.png: no such file/],
  ['an anchor that does not exist', 'See [below](#nowhere).\n', 11, /no heading with the anchor #nowhere/],
  ['an anchor on another page that does not exist', 'See [it](../../releases/2025.8/index.md#nope).\n', 11, /#nope/],
  [
    'an unclosed details',
    'Text.\n\n<details>\n<summary>More</summary>\n\nBody.\n',
    13,
    /MDX syntax: Expected a closing tag for `<details>`/,
  ],
  ['an unclosed Tabs', 'Text.\n\n<Tabs>\n\nBody.\n', 13, /MDX syntax: Expected a closing tag for `<Tabs>`/],
  ['a malformed percent-encoding', 'See [a](../a%zz/index.md).\n', 11, /malformed percent-encoding/],
];

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writer-mistakes-'));
  fs.cpSync(fixtures, dir, {recursive: true});
});
afterAll(() => fs.rmSync(dir, {recursive: true}));

/** Writes the mistake into the fixture's password page and returns the page's path. */
function page(body: string): string {
  const file = path.join(dir, 'stages', 'password', 'index.md');
  fs.writeFileSync(file, HEAD + body + '\n' + 'Filler words. '.repeat(80) + '\n');
  return file;
}

const context = () => ({
  docsDir: dir,
  tags: readTagKeys(dir),
  versions: new Set(['2024.8', '2025.8']),
  catalogue: new Map(readCatalogue(path.join(__dirname, '..', 'fixtures', 'catalogue.tsv')).map((r) => [r.route, r])),
});

describe.each(MISTAKES)('%s', (_name, body, line, message) => {
  it('fails lint at the file and line', () => {
    const file = page(body);
    const problems = checkPage(file, context()).filter((p) => !p.warning);
    expect(problems.map((p) => `${p.line}: ${p.message}`)).toContainEqual(
      expect.stringMatching(new RegExp(`^${line}: `)),
    );
    expect(problems.find((p) => p.line === line)?.message).toMatch(message);
    expect(problems[0]?.file).toBe(path.relative(process.cwd(), file));
  });
});

describe('the build', () => {
  const file = () => path.join(dir, 'stages', 'password', 'index.md');
  const relative = () => path.relative(process.cwd(), file());

  it('names the page of an MDX syntax error, where the search plugin reads the sources first', () => {
    page('Text.\n\n<details>\n<summary>More</summary>\n\nBody.\n');
    let error: unknown;
    try {
      collectRecords(dir, new Map());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PageError);
    expect((error as Error).message).toBe(`${relative()}:13:1: Expected a closing tag for \`<details>\` (13:1-13:10)`);
    // No stack trace: the message is all there is to print.
    expect((error as Error).stack).toBe((error as Error).message);
  });

  it('names the page and line of a version with no release notes', () => {
    page('Since :ak-version[2031.1].\n');
    expect(() => collectRecords(dir, new Map())).toThrow(
      new RegExp(`^${relative()}:11:7: Unknown authentik version "2031.1"`),
    );
    const tree = parsePage('Since :ak-version[2031.1].\n');
    expect(() => remarkBadges({versions: new Set(['2025.8'])})(tree, new VFile({path: file()}))).toThrow(PageError);
  });

  it('fails on syntax that would show as text, and on a malformed link, at the page and line', () => {
    for (const body of [':::info My Title\nText.\n:::\n', 'A :ak-beta feature.\n', 'See [a](../a%zz/index.md).\n']) {
      const tree = parsePage(body);
      const vfile = new VFile({path: file()});
      expect(() => {
        remarkPendingLinks({docsDir: dir, routes: new Set()})(tree, vfile);
        remarkSyntaxLeaks()(tree, vfile);
      }, body).toThrow(/line 1|malformed percent-encoding/);
      const error = (() => {
        try {
          remarkPendingLinks({docsDir: dir, routes: new Set()})(parsePage(body), vfile);
          remarkSyntaxLeaks()(parsePage(body), vfile);
        } catch (e) {
          return e as {file?: string; line?: number};
        }
        return undefined;
      })();
      expect(error?.file, body).toBe(file());
      expect(error?.line, body).toBe(1);
    }
  });

  it.each([
    ['a version with no release notes', 'Since :ak-version[2031.1].\n', /:1: :ak-version\[2031\.1\]: no release notes/],
    ['a missing image', 'Text.\n\n![A diagram](./missing.png)\n', /:3: image \.\/missing\.png: no such file/],
    [
      'an anchor that does not exist',
      'See [below](#nowhere).\n',
      /:1: link #nowhere: no heading with the anchor #nowhere/,
    ],
  ])('fails on %s at the page and line, without a stack trace', (_name, body, message) => {
    let error: unknown;
    try {
      remarkReferences({versions: new Set(['2025.8']), siteDir: dir})(parsePage(body), new VFile({path: file()}));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PageError);
    expect((error as Error).message.startsWith(relative())).toBe(true);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).stack).toBe((error as Error).message);
  });

  it('names both files when two pages would publish the same route', () => {
    expect(() =>
      assertUniqueRoutes([
        {permalink: '/a/', source: '@site/docs/a/index.md'},
        {permalink: '/a/', source: '@site/docs/b/index.md'},
      ]),
    ).toThrow('docs/b/index.md: route /a/ is also the route of docs/a/index.md');
  });
});

describe('anchors of a linked page', () => {
  it('are read again after the page changes, as in the development server', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anchors-'));
    const target = path.join(dir, 'b', 'index.md');
    fs.mkdirSync(path.dirname(target));
    fs.writeFileSync(target, '## Old\n');
    const from = path.join(dir, 'a', 'index.md');
    const check = () =>
      checkReferences(parsePage('See [b](../b/index.md#new).\n'), from, {versions: new Set(), staticDir: dir});
    expect(check()).toHaveLength(1);
    fs.writeFileSync(target, '## New\n');
    fs.utimesSync(target, new Date(), new Date(Date.now() + 5000));
    expect(check()).toEqual([]);
    fs.rmSync(dir, {recursive: true});
  });
});
