import {describe, expect, it} from 'vitest';
import {REDIRECT_RULES, REDIRECT_STATUS, type RedirectRule} from '../../src/redirects/rules';
import {
  applyRule,
  matchRule,
  oldPathsFor,
  redirectChain,
  resolveRedirect,
  stripHtmlSuffix,
  toNetlifyRedirects,
  withTrailingSlash,
} from '../../src/redirects/match';
import {redirectStubHtml, stubsFor, titleOf} from '../../src/redirects/stub';
import {isRedirectStub} from '../../src/serve/site';
import {nginxConfig} from '../../src/serve/nginx';

describe('stripHtmlSuffix', () => {
  it('strips .html and /index.html', () => {
    expect(stripHtmlSuffix('/x/page.html')).toBe('/x/page');
    expect(stripHtmlSuffix('/x/page/index.html')).toBe('/x/page/');
    expect(stripHtmlSuffix('/x/page/')).toBe('/x/page/');
  });
});

describe('withTrailingSlash', () => {
  it('adds a slash to pages but not to files', () => {
    expect(withTrailingSlash('/a/b')).toBe('/a/b/');
    expect(withTrailingSlash('/a/b/')).toBe('/a/b/');
    expect(withTrailingSlash('/schema.yml')).toBe('/schema.yml');
  });
});

describe('matchRule', () => {
  const splat: RedirectRule = {from: '/flow/*', to: '/new/:splat'};
  it('matches the bare prefix, the prefix with a slash and deeper paths', () => {
    expect(matchRule(splat, '/flow')).toBe('');
    expect(matchRule(splat, '/flow/')).toBe('');
    expect(matchRule(splat, '/flow/a/b/')).toBe('a/b/');
    expect(matchRule(splat, '/flows/x')).toBeUndefined();
  });
  it('matches exact rules with or without the trailing slash', () => {
    const exact = {from: '/api', to: 'https://api.example'};
    expect(matchRule(exact, '/api')).toBe('');
    expect(matchRule(exact, '/api/')).toBe('');
    expect(matchRule(exact, '/api/v3')).toBeUndefined();
  });
  it('matches a splat that follows text in the same segment', () => {
    const cve = {from: '/security/CVE-*', to: '/security/cves/CVE-:splat'};
    expect(matchRule(cve, '/security/CVE-2024-1')).toBe('2024-1');
    expect(matchRule(cve, '/security/CVE-')).toBeUndefined();
  });
  it('strips .html before matching', () => {
    expect(matchRule(splat, '/flow/a.html')).toBe('a');
    expect(matchRule(splat, '/flow/a/index.html')).toBe('a/');
  });
});

describe('resolveRedirect', () => {
  it('keeps the splat and the query string, and ends site paths with a slash', () => {
    expect(resolveRedirect(REDIRECT_RULES, '/flow/stages/password', '?a=1')).toEqual({
      rule: {from: '/flow/stages/*', to: '/add-secure-apps/flows-stages/stages/:splat'},
      location: '/add-secure-apps/flows-stages/stages/password/?a=1',
      status: REDIRECT_STATUS,
    });
  });
  it('lets the narrower rule win where two overlap', () => {
    expect(resolveRedirect(REDIRECT_RULES, '/flow/stages/prompt/')?.location).toBe(
      '/add-secure-apps/flows-stages/stages/prompt/',
    );
    expect(resolveRedirect(REDIRECT_RULES, '/flow/context/')?.location).toBe(
      '/add-secure-apps/flows-stages/flow/context/',
    );
    expect(resolveRedirect(REDIRECT_RULES, '/docs/api/')?.location).toBe('https://api.goauthentik.io');
    expect(resolveRedirect(REDIRECT_RULES, '/docs/providers/')?.location).toBe('/providers/');
  });
  it('keeps external targets as they are', () => {
    expect(resolveRedirect(REDIRECT_RULES, '/api/v3/core/')?.location).toBe('https://api.goauthentik.io/v3/core/');
    expect(resolveRedirect(REDIRECT_RULES, '/schema.yml')?.location).toBe('https://api.goauthentik.io/schema.yml');
    expect(resolveRedirect(REDIRECT_RULES, '/integrations/services/grafana/')?.location).toBe(
      'https://integrations.goauthentik.io/services/grafana/',
    );
  });
  it('sends advisories to their new home', () => {
    expect(resolveRedirect(REDIRECT_RULES, '/security/CVE-2024-52289')?.location).toBe(
      '/security/cves/CVE-2024-52289/',
    );
    expect(resolveRedirect(REDIRECT_RULES, '/security/GHSA-rjvp-29xq-f62w/')?.location).toBe(
      '/security/cves/GHSA-rjvp-29xq-f62w/',
    );
  });
  it('answers undefined for a path no rule knows', () => {
    expect(resolveRedirect(REDIRECT_RULES, '/add-secure-apps/')).toBeUndefined();
  });
  it('every rule answers a permanent redirect, in every output', () => {
    for (const rule of REDIRECT_RULES) {
      expect(resolveRedirect(REDIRECT_RULES, rule.from.replace('*', 'x'))?.status, rule.from).toBe(301);
    }
    const lines = toNetlifyRedirects(REDIRECT_RULES, ['a'])
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(lines.every((l) => l.endsWith(' 301!'))).toBe(true);
    const returns = nginxConfig(REDIRECT_RULES, {root: '/srv', listen: '80', headers: []}).match(/return 3\d\d/g);
    expect(new Set(returns)).toEqual(new Set(['return 301']));
  });
});

describe('redirectChain', () => {
  it('reaches the page in at most two hops from an old /docs/ address', () => {
    expect(redirectChain(REDIRECT_RULES, '/docs/flow/stages/password/')).toEqual([
      '/flow/stages/password/',
      '/add-secure-apps/flows-stages/stages/password/',
    ]);
  });
  it('never loops: every rule ends within two hops', () => {
    for (const rule of REDIRECT_RULES) {
      const sample = rule.from.replace('*', 'x');
      expect(redirectChain(REDIRECT_RULES, sample).length).toBeLessThanOrEqual(2);
    }
  });
});

describe('applyRule', () => {
  it('does not double slashes when the splat is empty', () => {
    expect(applyRule({from: '/events/*', to: '/sys-mgmt/events/:splat'}, '')).toBe('/sys-mgmt/events/');
  });
});

describe('toNetlifyRedirects', () => {
  it('writes one forced 301 line per rule form (the Markdown copies too), in rule order', () => {
    const text = toNetlifyRedirects(
      [
        {from: '/a', to: '/b/'},
        {from: '/c/*', to: '/d/:splat'},
      ],
      [],
    );
    const lines = text.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines.map((l) => l.split(/\s+/))).toEqual([
      ['/a', '/b/', '301!'],
      ['/a/', '/b/', '301!'],
      ['/a.md', '/b.md', '301!'],
      ['/a/index.html.md', '/b/index.html.md', '301!'],
      ['/c/*', '/d/:splat', '301!'],
    ]);
  });
});

describe('oldPathsFor', () => {
  it('lists the old addresses of a page, honouring rule order', () => {
    expect(oldPathsFor(REDIRECT_RULES, '/add-secure-apps/flows-stages/stages/password/', new Set())).toEqual([
      '/docs/add-secure-apps/flows-stages/stages/password/',
      '/flow/stages/password/',
    ]);
    // /a/* would send /a/b/c/ to /y/b/c/, but /a/b/* comes first and takes it: not an old path of /y/b/c/.
    const rules: RedirectRule[] = [
      {from: '/a/b/*', to: '/x/:splat'},
      {from: '/a/*', to: '/y/:splat'},
    ];
    expect(oldPathsFor(rules, '/y/b/c/', new Set())).toEqual([]);
    expect(oldPathsFor(rules, '/y/d/', new Set())).toEqual(['/a/d/']);
    expect(oldPathsFor(rules, '/x/c/', new Set())).toEqual(['/a/b/c/']);
  });
  it('skips paths that are pages themselves', () => {
    expect(oldPathsFor(REDIRECT_RULES, '/terminology/', new Set(['/core/terminology/']))).not.toContain(
      '/core/terminology/',
    );
  });
});

describe('redirect stubs', () => {
  const stub = redirectStubHtml({
    route: '/sys-mgmt/certificates/',
    titleHtml: 'Certificates &amp; keys | authentik',
    siteUrl: 'https://docs.example.org',
  });

  it('is a complete page that sends the reader on, with the query and fragment kept', () => {
    expect(stub).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(stub).toContain('<title>Certificates &amp; keys | authentik</title>');
    expect(stub).toContain('<meta http-equiv="refresh" content="0; url=/sys-mgmt/certificates/">');
    expect(stub).toContain('<link rel="canonical" href="https://docs.example.org/sys-mgmt/certificates/">');
    expect(stub).toContain('location.replace("/sys-mgmt/certificates/" + location.search + location.hash)');
    expect(stub).toContain('<meta name="robots" content="noindex">');
    // Without script and refresh, the reader still finds the way.
    expect(stub).toContain('<a href="/sys-mgmt/certificates/">Certificates &amp; keys</a>');
    // The servers and the link check recognise it as a stub.
    expect(isRedirectStub(stub)).toBe(true);
  });

  it('escapes what it puts in attributes and in the script', () => {
    const odd = redirectStubHtml({route: '/a"b/</script>/', titleHtml: 't', siteUrl: 'https://x.org'});
    expect(odd).toContain('url=/a&quot;b/&lt;/script&gt;/"');
    expect(odd).toContain('location.replace("/a\\"b/\\u003c/script>/"');
    expect(odd.match(/<\/script>/g)).toHaveLength(1);
  });

  it('reads the title of a built page', () => {
    expect(titleOf('<head><title data-rh="true">Flows | authentik</title></head>')).toBe('Flows | authentik');
    expect(titleOf('<head></head>')).toBeUndefined();
    expect(titleOf('<title> </title>')).toBeUndefined();
  });

  it('lists one stub per old address that leads to a built route, never over a route', () => {
    const rules: RedirectRule[] = [
      {from: '/old', to: '/new/'},
      {from: '/legacy/*', to: '/docs/:splat'},
      {from: '/kept', to: '/new/'},
    ];
    expect(stubsFor(rules, ['/new/', '/docs/a/', '/docs/b/', '/kept/'])).toEqual([
      {from: '/legacy/a/', to: '/docs/a/'},
      {from: '/legacy/b/', to: '/docs/b/'},
      {from: '/old/', to: '/new/'},
    ]);
  });

  it('covers the real rules: an old stage address leads to its page', () => {
    const stubs = stubsFor(REDIRECT_RULES, ['/add-secure-apps/flows-stages/stages/password/']);
    expect(stubs).toContainEqual({
      from: '/flow/stages/password/',
      to: '/add-secure-apps/flows-stages/stages/password/',
    });
  });
});
