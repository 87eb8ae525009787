/**
 * The docs version data every docs page loads keeps what the theme reads, and only that; a tag page
 * keeps its first pages and sends the others to a file of their own.
 */
import {describe, expect, it} from 'vitest';
import type {PropTagDocList, PropVersionMetadata} from '@docusaurus/plugin-content-docs';
import {
  leanVersionMetadata,
  splitTagList,
  TAG_PAGE_FIRST_ITEMS,
  TAG_PAGE_WHOLE_UP_TO,
} from '../../src/plugins/lean-docs/lean';
import {tagCopy, tagPageTitle} from '../../src/markdown-copies/tags';

const version = {
  pluginId: 'default',
  version: 'current',
  label: 'Next',
  banner: null,
  badge: false,
  noIndex: false,
  className: 'docs-version-current',
  isLast: true,
  docsSidebars: {
    docs: [
      {type: 'link', href: '/', label: 'Welcome', docId: 'index', unlisted: false},
      {
        type: 'category',
        label: 'Stages',
        collapsed: true,
        collapsible: true,
        href: '/stages/',
        items: [
          {type: 'link', href: '/stages/password/', label: 'Password', docId: 'stages/password/index', unlisted: false},
          {type: 'link', href: '/stages/hidden/', label: 'Hidden', docId: 'stages/hidden/index', unlisted: true},
        ],
      },
    ],
  },
  docs: {
    index: {id: 'index', title: 'Welcome', description: 'A long description of the home page.', sidebar: 'docs'},
    'stages/password/index': {
      id: 'stages/password/index',
      title: 'Password stage',
      description: 'Check a user password.',
      sidebar: 'docs',
    },
  },
} as unknown as PropVersionMetadata;

describe('lean docs version data', () => {
  const lean = leanVersionMetadata(version);

  it('sends no doc map: only doc cards read it, and the site shows none', () => {
    expect(lean.docs).toEqual({});
    expect(JSON.stringify(lean)).not.toMatch(/description|Password stage/);
  });

  it('keeps the sidebar the theme renders, dropping only unlisted: false', () => {
    const [welcome, stages] = lean.docsSidebars.docs!;
    expect(welcome).toEqual({type: 'link', href: '/', label: 'Welcome', docId: 'index'});
    expect(stages).toMatchObject({
      type: 'category',
      label: 'Stages',
      collapsed: true,
      collapsible: true,
      href: '/stages/',
    });
    expect(stages!.type === 'category' && stages!.items).toEqual([
      {type: 'link', href: '/stages/password/', label: 'Password', docId: 'stages/password/index'},
      {type: 'link', href: '/stages/hidden/', label: 'Hidden', docId: 'stages/hidden/index', unlisted: true},
    ]);
  });

  it('keeps the version fields the theme reads', () => {
    const {docs: _d, docsSidebars: _s, ...rest} = lean;
    const {docs: _d2, docsSidebars: _s2, ...before} = version;
    expect(rest).toEqual(before);
  });
});

function tagWith(count: number): PropTagDocList {
  return {
    label: 'SAML',
    permalink: '/tags/saml/',
    description: 'Pages about SAML.',
    allTagsPath: '/tags/',
    count,
    unlisted: false,
    items: Array.from({length: count}, (_, i) => ({
      id: `page-${i}`,
      title: `Page ${String(i).padStart(3, '0')}`,
      description: `About page ${i}.`,
      permalink: `/page-${i}/`,
    })),
  };
}

describe("a tag page's list", () => {
  it('stays whole up to its limit', () => {
    for (const count of [1, TAG_PAGE_FIRST_ITEMS + 1, TAG_PAGE_WHOLE_UP_TO]) {
      const tag = tagWith(count);
      expect(splitTagList(tag)).toEqual({tag, rest: []});
    }
  });

  it('past its limit, leaves at least six pages for the button', () => {
    const split = splitTagList(tagWith(TAG_PAGE_WHOLE_UP_TO + 1));
    expect(split.tag.items).toHaveLength(TAG_PAGE_FIRST_ITEMS);
    expect(split.rest.length).toBeGreaterThanOrEqual(6);
  });

  it('keeps the first pages in order and every other one, in order, in the rest', () => {
    const tag = tagWith(TAG_PAGE_FIRST_ITEMS * 7 + 3);
    const split = splitTagList(tag);
    expect(split.tag.items).toEqual(tag.items.slice(0, TAG_PAGE_FIRST_ITEMS));
    expect(split.tag.count).toBe(tag.count);
    expect(split.rest).toHaveLength(tag.count - TAG_PAGE_FIRST_ITEMS);
    expect([...split.tag.items, ...split.rest].map((p) => p.permalink)).toEqual(tag.items.map((p) => p.permalink));
    // The rest carries what the page shows, not the docs' ids.
    expect(split.rest[0]).toEqual({
      permalink: `/page-${TAG_PAGE_FIRST_ITEMS}/`,
      title: `Page ${String(TAG_PAGE_FIRST_ITEMS).padStart(3, '0')}`,
      description: `About page ${TAG_PAGE_FIRST_ITEMS}.`,
    });
  });

  it('holds the same number of pages whatever the number tagged', () => {
    const sizes = [21, 100, 1000, 10000].map((n) => JSON.stringify(splitTagList(tagWith(n)).tag).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(10);
  });
});

describe('the Markdown copy of a tag page', () => {
  it('lists every page by title with its address and description', () => {
    const copy = tagCopy({label: 'SAML', description: 'Pages about SAML.'}, [
      {title: 'Zeta [draft]', description: 'Last.', url: 'https://x.org/z/'},
      {title: 'Alpha', description: '', url: 'https://x.org/a/'},
    ]);
    expect(copy).toBe(
      '# 2 docs tagged with "SAML"\n\nPages about SAML.\n\n' +
        '- [Alpha](https://x.org/a/)\n- [Zeta \\[draft\\]](https://x.org/z/): Last.\n',
    );
  });

  it('says one doc as the page does', () => {
    expect(tagPageTitle('SAML', 1)).toBe('One doc tagged with "SAML"');
    expect(tagPageTitle('SAML', 17)).toBe('17 docs tagged with "SAML"');
  });
});
