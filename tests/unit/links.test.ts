import {describe, expect, it} from 'vitest';
import {
  checkInternal,
  classifyLink,
  crawl,
  cssUrls,
  externalReport,
  fileForPath,
  formatBroken,
  groupByHost,
  parseAllowList,
  resolveInternal,
  scanHtml,
  srcsetUrls,
  unlistedHosts,
  type ScannedPage,
  type SiteIndex,
} from '../../src/links/crawl';
import type {RedirectRule} from '../../src/redirects/rules';

const SITE = 'https://docs.test';

const RULES: RedirectRule[] = [
  {from: '/old-guide', to: '/guide/'},
  {from: '/gone', to: '/missing/'},
  {from: '/api/*', to: 'https://api.test/:splat'},
];

/** A small built site: two pages, an image, a stylesheet and one client-redirect stub. */
function makeSite(): SiteIndex {
  return {
    files: new Set([
      '/index.html',
      '/guide/index.html',
      '/img/logo.svg',
      '/assets/css/site.css',
      '/moved/index.html',
      '/404.html',
    ]),
    anchors: new Map([
      ['/index.html', new Set(['main', 'intro'])],
      ['/guide/index.html', new Set(['setup', 'step-2', 'café'])],
      ['/404.html', new Set<string>()],
    ]),
    stubs: new Map([['/moved/index.html', '/guide/']]),
    rules: RULES,
  };
}

const internal = (url: string, page = '/') => new URL(url, new URL(page, SITE));

describe('scanHtml', () => {
  it('finds hrefs, srcs, srcsets and url() in styles, with where each came from', () => {
    const page = scanHtml(`<!doctype html><html><head>
      <link rel="stylesheet" href="/assets/css/site.css"><script src="/assets/js/main.js"></script>
      <style>.hero{background:url('/img/hero.png')}</style></head><body>
      <a href="/guide/#setup">Setup</a><a>no href</a><a href="  ">blank</a>
      <img src="/img/logo.svg" srcset="/img/logo-1x.png 1x, /img/logo-2x.png 2x">
      <picture><source srcset="/img/a.webp"></picture>
      <div style="background-image: url(&quot;/img/bg.png&quot;)"></div>
      <svg><use href="#icon"></use></svg></body></html>`);
    expect(page.links).toEqual(
      expect.arrayContaining([
        {where: 'a[href]', url: '/guide/#setup'},
        {where: 'link[href]', url: '/assets/css/site.css'},
        {where: 'script[src]', url: '/assets/js/main.js'},
        {where: 'img[src]', url: '/img/logo.svg'},
        {where: 'img[srcset]', url: '/img/logo-1x.png'},
        {where: 'img[srcset]', url: '/img/logo-2x.png'},
        {where: 'source[srcset]', url: '/img/a.webp'},
        {where: 'div[style]', url: '/img/bg.png'},
        {where: 'style', url: '/img/hero.png'},
        {where: 'use[href]', url: '#icon'},
      ]),
    );
    expect(page.links).toHaveLength(10);
    expect(page.refresh).toBeUndefined();
  });

  it('collects ids and a[name] as anchors', () => {
    const page = scanHtml(
      '<h2 id="setup">Setup</h2><a name="legacy"></a><p id="">x</p><div name="not-an-anchor"></div>',
    );
    expect([...page.anchors].sort()).toEqual(['legacy', 'setup']);
  });

  it('reads the target of a meta refresh', () => {
    const page = scanHtml('<meta http-equiv="refresh" content="0; url=/new/place/">');
    expect(page.refresh).toBe('/new/place/');
  });
});

describe('srcsetUrls and cssUrls', () => {
  it('splits srcset candidates, commas inside URLs included', () => {
    expect(srcsetUrls('/a.png 1x, /b.png 2x')).toEqual(['/a.png', '/b.png']);
    expect(srcsetUrls('/a.png 1x,/b.png 2x')).toEqual(['/a.png', '/b.png']);
    expect(srcsetUrls('/a.png, /b.png 640w')).toEqual(['/a.png', '/b.png']);
    expect(srcsetUrls('/img/x,y.png 1x')).toEqual(['/img/x,y.png']);
    expect(srcsetUrls('  ')).toEqual([]);
  });

  it('finds quoted and bare url() references', () => {
    expect(cssUrls(`a:url(/x.png); b: url( "/y.png" ); c: URL('/z.png')`)).toEqual(['/x.png', '/y.png', '/z.png']);
    expect(cssUrls('color: red')).toEqual([]);
  });
});

describe('classifyLink', () => {
  it('treats site paths, relative links and the site address as internal', () => {
    expect(classifyLink('/guide/', '/', SITE).kind).toBe('internal');
    expect(classifyLink('../guide/#setup', '/x/', SITE)).toMatchObject({kind: 'internal'});
    expect(classifyLink('#setup', '/guide/', SITE)).toMatchObject({kind: 'internal'});
    expect(classifyLink('https://docs.test/guide/', '/', SITE).kind).toBe('internal');
  });

  it('resolves relative links against the page', () => {
    const link = classifyLink('../guide/#setup', '/x/y/', SITE);
    expect(link.kind === 'internal' && link.url.pathname).toBe('/x/guide/');
  });

  it('sorts other hosts, mail, scripts and odd schemes', () => {
    expect(classifyLink('https://example.org/a', '/', SITE).kind).toBe('external');
    expect(classifyLink('//cdn.example.org/a.js', '/', SITE).kind).toBe('external');
    expect(classifyLink('mailto:security@docs.test', '/', SITE)).toEqual({kind: 'mail', address: 'security@docs.test'});
    expect(classifyLink('tel:+123', '/', SITE).kind).toBe('skipped');
    expect(classifyLink('javascript:void(0)', '/', SITE).kind).toBe('skipped');
    expect(classifyLink('data:image/png;base64,AAAA', '/', SITE).kind).toBe('skipped');
    expect(classifyLink('ftp://files.example.org/', '/', SITE)).toEqual({kind: 'other', scheme: 'ftp:'});
    expect(classifyLink('https://exa mple.org:port/', '/', SITE).kind).toBe('invalid');
  });
});

describe('fileForPath', () => {
  const files = new Set(['/guide/index.html', '/img/logo.svg']);
  it('maps routes to their index.html, as the server does', () => {
    expect(fileForPath('/guide/', files)).toBe('/guide/index.html');
    expect(fileForPath('/guide', files)).toBe('/guide/index.html');
    expect(fileForPath('/guide.html', files)).toBe('/guide/index.html');
    expect(fileForPath('/guide/index.html', files)).toBe('/guide/index.html');
    expect(fileForPath('/img/logo.svg', files)).toBe('/img/logo.svg');
    expect(fileForPath('/img/logo.svg/', files)).toBeUndefined();
    expect(fileForPath('/other/', files)).toBeUndefined();
  });
});

describe('resolveInternal', () => {
  const site = makeSite();
  it('follows redirect rules, on the site and off it', () => {
    expect(resolveInternal(internal('/old-guide/'), site)).toEqual({file: '/guide/index.html', pathname: '/guide/'});
    expect(resolveInternal(internal('/api/v3/'), site)).toEqual({offsite: 'https://api.test/v3/'});
    expect(resolveInternal(internal('/gone/'), site)).toMatchObject({problem: expect.stringMatching(/\/missing\//)});
  });

  it('follows a client-redirect stub to its target', () => {
    expect(resolveInternal(internal('/moved/'), site)).toEqual({file: '/guide/index.html', pathname: '/guide/'});
  });

  it('reports a stub that leads to itself', () => {
    const looping = {...site, stubs: new Map([['/moved/index.html', '/moved/']])};
    expect(resolveInternal(internal('/moved/'), looping)).toMatchObject({problem: expect.stringMatching(/loop/)});
  });
});

describe('checkInternal', () => {
  const site = makeSite();
  it('accepts pages, assets and existing anchors', () => {
    expect(checkInternal(internal('/guide/'), site)).toBeUndefined();
    expect(checkInternal(internal('/guide/#setup'), site)).toBeUndefined();
    expect(checkInternal(internal('/img/logo.svg'), site)).toBeUndefined();
    expect(checkInternal(internal('/guide/?tab=docker#step-2'), site)).toBeUndefined();
    expect(checkInternal(internal('/guide/#caf%C3%A9'), site)).toBeUndefined();
    expect(checkInternal(internal('#intro', '/'), site)).toBeUndefined();
    expect(checkInternal(internal('/guide/#top'), site)).toBeUndefined();
  });

  it('reports a broken link, a broken anchor and a missing asset', () => {
    expect(checkInternal(internal('/no-such-page/'), site)).toMatch(/no file for \/no-such-page\/.*no redirect rule/);
    expect(checkInternal(internal('/guide/#no-such-anchor'), site)).toBe('no id "no-such-anchor" on /guide/');
    expect(checkInternal(internal('#missing', '/'), site)).toBe('no id "missing" on /');
    expect(checkInternal(internal('/img/missing.png'), site)).toMatch(/no file for \/img\/missing\.png/);
  });

  it('checks an anchor on the page a redirect or a stub leads to', () => {
    expect(checkInternal(internal('/old-guide/#setup'), site)).toBeUndefined();
    expect(checkInternal(internal('/old-guide/#nope'), site)).toBe('no id "nope" on /guide/');
    expect(checkInternal(internal('/moved/#nope'), site)).toBe('no id "nope" on /guide/');
  });

  it('leaves fragments of non-HTML files and of other sites alone', () => {
    expect(checkInternal(internal('/img/logo.svg#part'), site)).toBeUndefined();
    expect(checkInternal(internal('/api/v3/#anything'), site)).toBeUndefined();
  });
});

describe('crawl', () => {
  const page = (links: [string, string][]): ScannedPage => ({
    links: links.map(([where, url]) => ({where, url})),
    anchors: new Set(),
    refresh: undefined,
  });

  it('reports every broken link of every page at once, with page, link and reason', () => {
    const pages = new Map([
      [
        '/',
        page([
          ['a[href]', '/guide/'],
          ['a[href]', '/nowhere/'],
          ['img[src]', '/img/missing.png'],
          ['a[href]', 'https://example.org/x'],
          ['a[href]', 'mailto:team@docs.test'],
        ]),
      ],
      [
        '/guide/',
        page([
          ['a[href]', '#setup'],
          ['a[href]', '#nope'],
          ['a[href]', 'gopher://old.example.org/'],
        ]),
      ],
    ]);
    const result = crawl(pages, makeSite(), SITE);
    expect(result.pages).toBe(2);
    expect(result.internalChecked).toBe(5);
    expect(result.broken.map((b) => [b.page, b.where, b.url])).toEqual([
      ['/', 'a[href]', '/nowhere/'],
      ['/', 'img[src]', '/img/missing.png'],
      ['/guide/', 'a[href]', '#nope'],
      ['/guide/', 'a[href]', 'gopher://old.example.org/'],
    ]);
    expect(result.external.map((e) => e.url.href)).toEqual(['https://example.org/x']);
    expect(result.mail).toEqual([{page: '/', address: 'team@docs.test'}]);
    const message = formatBroken(result.broken);
    expect(message).toContain('/guide/: a[href] "#nope": no id "nope" on /guide/');
    expect(message.split('\n')).toHaveLength(4);
  });
});

describe('the external-host allow-list', () => {
  it('reads hosts and their reasons, and flags lines without a reason or with a bad host', () => {
    const list = parseAllowList(
      [
        '# comment',
        '',
        'github.com   # source code',
        'nodejs.org',
        'https://bad.example/  # a URL, not a host',
        'github.com # again',
      ].join('\n'),
    );
    expect(list.hosts.get('github.com')).toBe('again');
    expect(list.problems).toEqual([
      'line 4: nodejs.org has no comment that says why it is allowed',
      'line 5: "https://bad.example/" is not a lower-case host name',
      'line 6: github.com is listed twice',
    ]);
  });

  it('names hosts that are not allowed, and the report marks them', () => {
    const external = [
      {page: '/a/', url: new URL('https://github.com/x')},
      {page: '/b/', url: new URL('https://github.com/x')},
      {page: '/b/', url: new URL('https://Typo.Exmaple.com/y')},
    ];
    const groups = groupByHost(external);
    expect([...groups.keys()]).toEqual(['github.com', 'typo.exmaple.com']);
    const allowed = new Map([
      ['github.com', 'source code'],
      ['nodejs.org', 'runtime'],
    ]);
    expect(unlistedHosts(groups, allowed)).toEqual(['typo.exmaple.com: https://typo.exmaple.com/y (on /b/)']);
    expect(unlistedHosts(groups, new Map([...allowed, ['typo.exmaple.com', 'x']]))).toEqual([]);

    const report = externalReport(groups, allowed, [{page: '/a/', address: 'team@docs.test'}], 2);
    expect(report).toContain('| github.com | yes | 1 | 2 | 2 |');
    expect(report).toContain('| typo.exmaple.com | **no** | 1 | 1 | 1 |');
    expect(report).toContain('- <https://github.com/x> (2 pages): `/a/`, `/b/`');
    expect(report).toContain('**Not in the allow-list.**');
    expect(report).toMatch(/## Allowed hosts no link uses\n\n- nodejs\.org/);
    expect(report).toContain('- team@docs.test (1 page): `/a/`');
  });
});
