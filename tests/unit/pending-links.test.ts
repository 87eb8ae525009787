import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {Paragraph, Root} from 'mdast';
import {VFile} from 'vfile';
import remarkPendingLinks, {pendingRoute} from '../../src/remark/pending-links';
import {parsePage} from '../../src/pages/parse';

const docsDir = path.join(__dirname, '..', 'fixtures', 'docs');
const from = path.join(docsDir, 'bad-page', 'index.md');
const options = {docsDir, routes: new Set(['/stages/password/', '/stages/missing/'])};

describe('pending links', () => {
  it('knows a catalogue page that is not written yet', () => {
    expect(pendingRoute('../stages/missing/index.md', from, options)).toBe('/stages/missing/');
    expect(pendingRoute('../stages/missing/index.md#part', from, options)).toBe('/stages/missing/');
  });
  it('leaves written pages, unknown routes and other links alone', () => {
    expect(pendingRoute('../stages/password/index.md', from, options)).toBeUndefined();
    expect(pendingRoute('../nowhere/index.md', from, options)).toBeUndefined();
    expect(pendingRoute('https://example.com/a.md', from, options)).toBeUndefined();
  });
  it('shows a pending link as its text and keeps the others', () => {
    const tree: Root = parsePage(
      'See [the **future** page](../stages/missing/index.md), [password](../stages/password/index.md) and [gone](../nowhere/index.md).\n',
    );
    remarkPendingLinks(options)(tree, new VFile({path: from}));
    const children = (tree.children[0] as Paragraph).children;
    expect(children.filter((c) => c.type === 'link').map((c) => (c as {url: string}).url)).toEqual([
      '../stages/password/index.md',
      '../nowhere/index.md',
    ]);
    expect(children.some((c) => c.type === 'strong')).toBe(true);
  });
  it('fails the build at the line of a link with a malformed percent-encoding', () => {
    const tree: Root = parsePage('Intro.\n\nSee [a](../a%zz/index.md).\n');
    expect(() => remarkPendingLinks(options)(tree, new VFile({path: from}))).toThrow(
      /3:\d+.*link \.\.\/a%zz\/index\.md: malformed percent-encoding|link \.\.\/a%zz\/index\.md: malformed percent-encoding/,
    );
    try {
      remarkPendingLinks(options)(tree, new VFile({path: from}));
    } catch (error) {
      expect((error as {line?: number}).line).toBe(3);
      expect((error as {file?: string}).file).toBe(from);
    }
  });
});
