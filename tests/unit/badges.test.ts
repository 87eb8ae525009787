import path from 'node:path';
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import type {Heading, Link, Paragraph, Root} from 'mdast';
import {VFile} from 'vfile';
import matter from 'gray-matter';
import remarkBadges from '../../src/remark/badges';
import {badgeSpec, frontMatterBadges} from '../../src/pages/badges';
import {parsePage} from '../../src/pages/parse';

const versions = new Set(['2024.8', '2025.8']);
const fixture = path.join(__dirname, '..', 'fixtures', 'docs', 'stages', 'password', 'index.md');

function run(source: string, frontMatter: Record<string, unknown> = {}, file = 'page.md'): Root {
  const tree = parsePage(source);
  remarkBadges({versions})(tree, new VFile({path: file, value: source, data: {frontMatter}}));
  return tree;
}

describe('badgeSpec', () => {
  it('describes each badge with a link', () => {
    expect(badgeSpec('version', versions, '2024.8')).toMatchObject({
      label: 'authentik 2024.8+',
      url: '/releases/2024.8/',
    });
    expect(badgeSpec('enterprise', versions)).toMatchObject({label: 'Enterprise', url: '/enterprise/'});
    expect(badgeSpec('preview', versions)).toMatchObject({label: 'Preview', url: '/install-config/beta/'});
  });
  it('refuses a version without release notes, and an empty one', () => {
    expect(() => badgeSpec('version', versions, '2099.1')).toThrow(/Unknown authentik version "2099.1"/);
    expect(() => badgeSpec('version', versions, ' ')).toThrow(/needs a version/);
  });
  it('reads the front-matter forms in a fixed order', () => {
    expect(
      frontMatterBadges(
        {authentik_preview: true, authentik_enterprise: true, authentik_version: '2025.8'},
        versions,
      ).map((b) => b.kind),
    ).toEqual(['version', 'enterprise', 'preview']);
    expect(frontMatterBadges({authentik_enterprise: false}, versions)).toEqual([]);
  });
});

describe('remarkBadges', () => {
  it('turns inline directives into badge links', () => {
    const tree = run('Needs :ak-enterprise and :ak-version[2025.8].\n');
    const links = (tree.children[0] as Paragraph).children.filter((c): c is Link => c.type === 'link');
    expect(links.map((l) => [l.url, (l.children[0] as {value: string}).value])).toEqual([
      ['/enterprise/', 'Enterprise'],
      ['/releases/2025.8/', 'authentik 2025.8+'],
    ]);
    expect(links[0]?.data).toEqual({hProperties: {className: ['ak-badge', 'ak-badge--enterprise']}});
  });
  it('keeps a heading to its words and draws the badge after them', () => {
    const tree = run('## Settings :ak-version[2025.8]\n');
    const heading = tree.children[0] as Heading;
    expect(heading.children).toEqual([expect.objectContaining({type: 'text', value: 'Settings'})]);
    const hChildren = (heading.data as {hChildren: {type: string; tagName?: string; properties?: {href?: string}}[]})
      .hChildren;
    expect(hChildren.find((c) => c.tagName === 'a')?.properties?.href).toBe('/releases/2025.8/');
  });
  it('keeps the spaces before badges out of the heading, so its anchor has no trailing hyphen', () => {
    const tree = run('### Advanced search :ak-enterprise :ak-version[2025.8]\n');
    const heading = tree.children[0] as Heading;
    expect(heading.children).toEqual([expect.objectContaining({type: 'text', value: 'Advanced search'})]);
    const hChildren = (heading.data as {hChildren: {tagName?: string}[]}).hChildren;
    expect(hChildren.filter((c) => c.tagName === 'a')).toHaveLength(2);
  });
  it('puts front-matter badges first, after imports', () => {
    const source = fs.readFileSync(fixture, 'utf8');
    const tree = run(matter(source).content, matter(source).data);
    expect(tree.children[0]?.type).toBe('mdxjsEsm');
    const badges = tree.children[1] as Paragraph;
    expect(badges.data).toEqual({hProperties: {className: ['ak-badges']}});
    expect((badges.children[0] as Link).url).toBe('/releases/2024.8/');
  });
  it('fails with the file and line of an unknown version', () => {
    expect(() => run('Intro.\n\nSince :ak-version[2031.1] only.\n', {}, 'docs/x/index.md')).toThrow(
      'docs/x/index.md:3:7: Unknown authentik version "2031.1" in a version badge: it has no release notes in docs/releases/.',
    );
    expect(() => run('## Heading :ak-version[1.0]\n', {}, 'docs/y/index.md')).toThrow(/^docs\/y\/index\.md:1:12: /);
    expect(() => run('Text.\n', {authentik_version: '1.0'}, 'docs/z/index.md')).toThrow(
      /^docs\/z\/index\.md: front matter: /,
    );
  });
  it('leaves other directives alone', () => {
    const tree = run(':::info\nA note.\n:::\n');
    expect(tree.children[0]?.type).toBe('containerDirective');
  });
});
