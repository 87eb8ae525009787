import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {convertPage, type ConvertOptions} from '../../src/markdown-copies/convert';
import {
  docIdsOf,
  fullEntry,
  llmsSections,
  llmsTxt,
  parseLlmsTxt,
  type LlmsPage,
  type SidebarItem,
} from '../../src/markdown-copies/llms';
import {markdownPath, shortMarkdownPath} from '../../src/markdown-copies/paths';
import {netlifyRedirectLines, resolveRedirect, toNetlifyMarkdownRewrites} from '../../src/redirects/match';
import {REDIRECT_RULES} from '../../src/redirects/rules';
import {
  headerPathMatches,
  netlifyHeadersFor,
  parseNetlifyHeaderBlocks,
  toNetlifyHeaders,
} from '../../src/serve/headers';
import {nginxConfig, ruleLocations} from '../../src/serve/nginx';

const docsDir = path.join(__dirname, '..', 'fixtures', 'docs');
const options: ConvertOptions = {
  file: path.join(docsDir, 'stages', 'example', 'index.md'),
  docsDir,
  siteUrl: 'https://docs.example.org',
  versions: new Set(['2024.8', '2025.8']),
  routes: new Set(['/stages/password/', '/stages/not-written/']),
  assetUrl: (file) => `/assets/images/${path.basename(file, '.svg')}-abc123.svg`,
};

const PAGE = `---
title: Example stage
description: One sentence about the example.
tags: [flows]
authentik_version: '2024.8'
authentik_enterprise: true
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

Read [the password stage](../password/index.md#settings) and [a page to come](../not-written/index.md),
then [the releases](/releases/2025.8/), [their list](pathname:///releases.gen.json) or [this part](#set-up); it works with :ak-preview features.

## Set up :ak-version[2025.8]

:::warning
Back up first.
:::

:::info[Before you start]
Have a test instance.
:::

<Tabs groupId="platform">
  <TabItem value="docker-compose" label="Docker Compose">

Run \`docker compose up -d\`.

  </TabItem>
  <TabItem value="kubernetes" label="Kubernetes">

Run \`helm upgrade\`.

  </TabItem>
</Tabs>

| Key | Value |
| --- | --- |
| one<br/>two | Press <kbd>Enter</kbd>{' '}now |

![A diagram](./diagram.svg)

## Releases

::release-index
`;

describe('the Markdown copy of a page', () => {
  it('is clean Markdown: title, description, badges as words, tabs as sections, admonitions as quotes', async () => {
    const copy = await convertPage(PAGE, options);
    expect(copy.route).toBe('/stages/example/');
    const md = copy.markdown;
    expect(
      md.startsWith('# Example stage\n\n> One sentence about the example.\n\nauthentik 2024.8+ · Enterprise\n'),
    ).toBe(true);
    expect(md).not.toMatch(/^---$|^import |tags:|:::|:ak-|<[A-Za-z/]/m);
    expect(md).toContain('## Set up (authentik 2025.8+)');
    expect(md).toContain('it works with Preview features');
    expect(md).toContain('> **Warning:** Back up first.');
    expect(md).toContain('> **Info: Before you start**\n>\n> Have a test instance.');
    expect(md).toMatch(/### Docker Compose\n\nRun `docker compose up -d`\.\n\n### Kubernetes\n\nRun `helm upgrade`\./);
    expect(md).toContain('| one two | Press `Enter` now |');
    expect(md).toContain('![A diagram](https://docs.example.org/assets/images/diagram-abc123.svg)');
  });

  it('makes every link absolute and unlinks pages not written yet', async () => {
    const md = (await convertPage(PAGE, options)).markdown;
    expect(md).toContain('[the password stage](https://docs.example.org/stages/password/#settings)');
    expect(md).toContain('and a page to come,');
    expect(md).toContain('[the releases](https://docs.example.org/releases/2025.8/)');
    expect(md).toContain('[this part](https://docs.example.org/stages/example/#set-up)');
    expect(md).toContain('[their list](https://docs.example.org/releases.gen.json)');
    for (const [, url] of md.matchAll(/\]\(([^)]+)\)/g)) expect(url).toMatch(/^https:\/\//);
  });

  it('fills the generated tables', async () => {
    const md = (await convertPage(PAGE, options)).markdown;
    expect(md).toMatch(/\| Release \| Released \| Supported \| Summary \|/);
    expect(md).toContain('[2025.8](https://docs.example.org/releases/2025.8/)');
  });

  it('fails, naming the file, on syntax it has no Markdown form for, and on unknown badge versions', async () => {
    await expect(convertPage('---\ntitle: X\n---\n\n<Widget />\n', options)).rejects.toThrow(/example.*Widget/);
    await expect(convertPage('---\ntitle: X\n---\n\nA :ak-version[1999.1] b\n', options)).rejects.toThrow(/1999\.1/);
    await expect(convertPage('---\ntitle: X\n---\n\n:::details\nx\n:::\n', options)).rejects.toThrow(/details/);
  });
});

describe('Markdown addresses', () => {
  it('are <route>index.html.md, with <route without slash>.md as the short form', () => {
    expect(markdownPath('/a/b/')).toBe('/a/b/index.html.md');
    expect(markdownPath('/')).toBe('/index.html.md');
    expect(shortMarkdownPath('/a/b/')).toBe('/a/b.md');
    expect(shortMarkdownPath('/')).toBeUndefined();
  });

  it('of moved pages redirect where the pages go, in the same form', () => {
    const at = (p: string) => resolveRedirect(REDIRECT_RULES, p)?.location;
    expect(at('/flow/stages/password.md')).toBe('/add-secure-apps/flows-stages/stages/password.md');
    expect(at('/flow/stages/password/index.html.md')).toBe(
      '/add-secure-apps/flows-stages/stages/password/index.html.md',
    );
    expect(at('/core/terminology.md')).toBe('/terminology.md');
    expect(at('/core/terminology/index.html.md')).toBe('/terminology/index.html.md');
    expect(at('/docs/flow/stages/password.md')).toBe('/flow/stages/password.md');
    expect(at('/docs.md')).toBeUndefined();
    expect(at('/terminology.md')).toBeUndefined();
  });

  it('are in _redirects: Markdown forms of single-page rules, and a 200 rewrite per short form', () => {
    expect(netlifyRedirectLines([{from: '/core/terminology', to: '/terminology/'}])).toEqual([
      {from: '/core/terminology', to: '/terminology/'},
      {from: '/core/terminology/', to: '/terminology/'},
      {from: '/core/terminology.md', to: '/terminology.md'},
      {from: '/core/terminology/index.html.md', to: '/terminology/index.html.md'},
    ]);
    expect(netlifyRedirectLines([{from: '/api', to: 'https://api.goauthentik.io'}])).toHaveLength(2);
    expect(toNetlifyMarkdownRewrites(['/', '/a/b/'])).toBe(
      "# The short form of each page's Markdown copy.\n/a/b.md  /a/b/index.html.md  200\n",
    );
  });

  it('are in nginx: a moved page keeps the Markdown ending, from a fixed alternation', () => {
    expect(ruleLocations({from: '/core/terminology', to: '/terminology/'})[0]).toBe(
      'location ~ ^/core/terminology(?<md>/index\\.html\\.md|\\.md)$ { return 301 /terminology$md$akdocs_query; }',
    );
    expect(ruleLocations({from: '/flow/*', to: '/add-secure-apps/flows-stages/flow/:splat'})[1]).toBe(
      'location ~ ^/flow/(?<splat>[A-Za-z0-9._~-]+?(?:/[A-Za-z0-9._~-]+?)*?)(?<md>/index\\.html\\.md|\\.md)$ { return 301 /add-secure-apps/flows-stages/flow/$splat$md$akdocs_query; }',
    );
    const config = nginxConfig(REDIRECT_RULES, {root: '/srv', listen: '80', headers: []});
    expect(config).toContain('text/markdown md;');
    expect(config).toMatch(/charset_types [^;]*text\/markdown/);
    expect(config).toContain('"~*text/html" index.html;');
    expect(config).toContain('try_files $uri $uri/$akdocs_page_file =404;');
  });
});

describe('_headers for Markdown and text', () => {
  it('matches a * anywhere in a path pattern', () => {
    expect(headerPathMatches('/*.md', '/a/b/index.html.md')).toBe(true);
    expect(headerPathMatches('/*.md', '/a/b.mdx')).toBe(false);
    expect(headerPathMatches('/assets/*', '/assets/js/x.js')).toBe(true);
    expect(headerPathMatches('/releases.gen.json', '/releasesxgen.json')).toBe(false);
  });
  it('gives .md and .txt their types and a short cache', () => {
    const blocks = parseNetlifyHeaderBlocks(toNetlifyHeaders([['X-Test', 'yes']]));
    expect(netlifyHeadersFor(blocks, '/a/index.html.md')).toEqual([
      ['X-Test', 'yes'],
      ['Content-Type', 'text/markdown; charset=utf-8'],
      ['Cache-Control', 'public, max-age=3600'],
    ]);
    expect(netlifyHeadersFor(blocks, '/llms.txt')).toContainEqual(['Content-Type', 'text/plain; charset=utf-8']);
  });
});

const page = (id: string): LlmsPage => ({
  id,
  title: `Title [${id}]`,
  description: `About ${id}.`,
  url: `https://x.org/${id}/`,
  markdownUrl: `https://x.org/${id}/index.html.md`,
});

describe('llms.txt', () => {
  const sidebar: SidebarItem[] = [
    {type: 'doc', id: 'index', label: 'Welcome'},
    {type: 'category', label: 'Install', link: {type: 'doc', id: 'install'}, items: ['docker', 'install']},
    {type: 'category', label: 'Security', items: ['policy', {type: 'category', label: 'CVEs', items: ['cves/a']}]},
    {type: 'category', label: 'Release notes', link: {type: 'doc', id: 'releases'}, items: ['releases/1']},
  ];
  const pages = new Map(
    ['index', 'install', 'docker', 'policy', 'cves/a', 'releases', 'releases/1', 'stray'].map((id) => [id, page(id)]),
  );
  const optional = (p: LlmsPage) => p.id.startsWith('releases') || p.id.startsWith('cves/');

  it('has one section per top-level entry in sidebar order, each page once, secondary pages last', () => {
    expect(docIdsOf(sidebar[1]!)).toEqual(['install', 'docker', 'install']);
    const sections = llmsSections(sidebar, pages, optional);
    expect(sections.map((s) => [s.title, s.pages.map((p) => p.id)])).toEqual([
      ['Welcome', ['index']],
      ['Install', ['install', 'docker']],
      ['Security', ['policy']],
      ['Other pages', ['stray']],
      ['Optional', ['cves/a', 'releases', 'releases/1']],
    ]);
  });

  it('is written in the llmstxt.org format and reads back', () => {
    const text = llmsTxt('site', 'A summary.', llmsSections(sidebar, pages, optional), 'Some details.');
    expect(text).toMatch(
      /^# site\n\n> A summary\.\n\nSome details\.\n\n## Welcome\n\n- \[Title \\\[index\\\]\]\(https:\/\/x\.org\/index\/index\.html\.md\): About index\.\n/,
    );
    const parsed = parseLlmsTxt(text);
    expect(parsed.title).toBe('site');
    expect(parsed.sections.at(-1)!.title).toBe('Optional');
    expect(parsed.sections.flatMap((s) => s.links).map((l) => l.title)).toContain('Title [cves/a]');
    expect(() => parseLlmsTxt('# site\n\n> s\n\n## A\n\nnot a link\n')).toThrow(/line 7/);
    expect(() => parseLlmsTxt('site\n')).toThrow(/# <name>/);
  });

  it('llms-full.txt entries carry the title, then the canonical address', () => {
    expect(fullEntry('# T\n\n> d\n\nBody\n', 'https://x.org/t/')).toBe(
      '# T\n\nSource: https://x.org/t/\n\n> d\n\nBody',
    );
  });
});
