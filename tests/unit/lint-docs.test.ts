import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkPage, readTagKeys} from '../../src/lint-docs/check';
import {collectLinks, isFileLink, parsePage, proseWordCount} from '../../src/pages/parse';
import {docFileToRoute, parseCatalogue, readCatalogue, routeToDocFile} from '../../src/pages/catalogue';

const docsDir = path.join(__dirname, '..', 'fixtures', 'docs');
const catalogue = readCatalogue(path.join(__dirname, '..', 'fixtures', 'catalogue.tsv'));
const context = {
  docsDir,
  tags: readTagKeys(docsDir),
  versions: new Set(['2024.8', '2025.8']),
  catalogue: new Map(catalogue.map((row) => [row.route, row])),
};

describe('catalogue', () => {
  it('parses rows and tags', () => {
    const rows = parseCatalogue('route\ttitle\tpart\tfacts_source\ttags\n/a\tA\tp\tsrc\tx, y\n');
    expect(rows).toEqual([{route: '/a/', title: 'A', part: 'p', factsSource: 'src', tags: ['x', 'y']}]);
    expect(() => parseCatalogue('nothing\n')).toThrow(/header/);
  });
  it('names the line and the column of an incomplete row, without a stack trace', () => {
    const head = 'route\ttitle\tpart\tfacts_source\ttags\n/a\tA\tp\tsrc\t\n';
    expect(() => parseCatalogue(`${head}/b\t\tp\n`, 'cat.tsv')).toThrow(
      /^cat\.tsv:3: column "title" is empty \(columns, separated by tabs: route, title, part, facts_source, tags\)$/,
    );
    expect(() => parseCatalogue(`${head}/b\tB\n`, 'cat.tsv')).toThrow(/^cat\.tsv:3: column "part" is empty/);
    expect(() => parseCatalogue(`${head}b/\tB\tp\n`, 'cat.tsv')).toThrow(/^cat\.tsv:3: column "route" must be a path/);
    expect(() => parseCatalogue(`${head}/b\tB\tp\ts\tt\textra\n`, 'cat.tsv')).toThrow(
      /^cat\.tsv:3: 6 columns, at most 5/,
    );
    try {
      parseCatalogue(`${head}/b\t\tp\n`, 'cat.tsv');
    } catch (error) {
      expect((error as Error).stack).toBe((error as Error).message);
    }
  });
  it('maps routes and files one to one', () => {
    expect(routeToDocFile('/')).toBe('docs/index.md');
    expect(routeToDocFile('/a/b/')).toBe('docs/a/b/index.md');
    expect(docFileToRoute('index.md')).toBe('/');
    expect(docFileToRoute('a/b/index.md')).toBe('/a/b/');
    expect(docFileToRoute('a/b.md')).toBeUndefined();
  });
  it('the project catalogue lists every route once', () => {
    const routes = readCatalogue().map((r) => r.route);
    expect(new Set(routes).size).toBe(routes.length);
    expect(routes.length).toBeGreaterThan(250);
  });
});

describe('markdown helpers', () => {
  it('finds file links and counts prose outside code', () => {
    const tree = parsePage('One two [three](../x/index.md).\n\n```yaml\nfour: five\n```\n');
    expect(collectLinks(tree)).toEqual([{url: '../x/index.md', line: 1}]);
    expect(proseWordCount(tree)).toBe(3);
    expect(isFileLink('../x/index.md#part')).toBe(true);
    expect(isFileLink('https://example.com/a.md')).toBe(false);
    expect(isFileLink('/releases/')).toBe(false);
  });
});

describe('checkPage', () => {
  it('passes a good page except for its length', () => {
    const problems = checkPage(path.join(docsDir, 'stages', 'password', 'index.md'), context);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/words of prose; a page needs at least 150/),
    ]);
  });
  it('reports every problem of a bad page with its line', () => {
    const problems = checkPage(path.join(docsDir, 'bad-page', 'index.md'), context);
    const text = problems.map((p) => `${p.line}:${p.warning ? 'warning ' : ''}${p.message}`);
    expect(text).toEqual([
      '5:colour: unknown front-matter key',
      '4:tags: "kerberos" is not in docs/tags.yml',
      '2:title: the catalogue says "Bad page"',
      '1:tags: the catalogue requires "security"',
      '8:link ../nowhere/index.md: no such page',
      '8:warning link ../stages/missing/index.md: page not written yet',
      expect.stringMatching(/^1:only \d+ words of prose/),
    ]);
  });
  it('reports a link with a malformed percent-encoding at its line instead of crashing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-docs-'));
    fs.mkdirSync(path.join(dir, 'stages', 'password'), {recursive: true});
    const file = path.join(dir, 'stages', 'password', 'index.md');
    fs.writeFileSync(
      file,
      '---\ntitle: Password stage\ndescription: d\ntags: [password]\n---\n\nText.\n\nSee [a](../a%zz/index.md).\n',
    );
    const problems = checkPage(file, {...context, docsDir: dir});
    expect(problems.find((p) => p.message.includes('%zz'))).toEqual({
      file: expect.any(String),
      line: 9,
      message: 'link ../a%zz/index.md: malformed percent-encoding',
    });
    fs.rmSync(dir, {recursive: true});
  });
  it('reports MDX syntax errors with their line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-docs-'));
    fs.mkdirSync(path.join(dir, 'stages', 'password'), {recursive: true});
    const file = path.join(dir, 'stages', 'password', 'index.md');
    fs.writeFileSync(
      file,
      '---\ntitle: Password stage\ndescription: d\ntags: [password]\n---\n\nA value of {user.name here.\n',
    );
    const problems = checkPage(file, {...context, docsDir: dir});
    expect(problems.find((p) => p.message.startsWith('MDX syntax'))?.line).toBe(7);
    fs.rmSync(dir, {recursive: true});
  });
});
