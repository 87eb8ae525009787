/** The docs version data every docs page loads keeps what the theme reads, and only that. */
import {describe, expect, it} from 'vitest';
import type {PropVersionMetadata} from '@docusaurus/plugin-content-docs';
import {leanVersionMetadata} from '../../src/plugins/lean-docs/lean';

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
