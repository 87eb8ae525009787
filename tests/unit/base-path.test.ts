/** The site under a base path: the setting's rules, the rules and redirects under it, and nginx's checks. */
import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {offBase, parseBaseUrl, underBase} from '../../src/config/base-url';
import {REDIRECT_RULES} from '../../src/redirects/rules';
import {resolveRedirect, rulesUnder, toNetlifyRedirects} from '../../src/redirects/match';
import {isSafeTarget} from '../../src/redirects/safe';
import {nginxConfig, nginxFiles, nginxServerChecks} from '../../src/serve/nginx';
import {baseOfNetlifyHeaders, parseNetlifyHeaders, toNetlifyHeaders} from '../../src/serve/headers';
import {stubsFor} from '../../src/redirects/stub';

describe('the base path setting', () => {
  it('takes / by default and paths with a slash at both ends', () => {
    expect(parseBaseUrl(undefined)).toBe('/');
    expect(parseBaseUrl('')).toBe('/');
    expect(parseBaseUrl('/docs/')).toBe('/docs/');
    expect(parseBaseUrl('/help/authentik-2025.8/')).toBe('/help/authentik-2025.8/');
  });

  it.each([
    'docs/',
    '/docs',
    '//docs/',
    '/docs//x/',
    '/../',
    '/./',
    '/a b/',
    '/%2e%2e/',
    '/do\\cs/',
    '/docs/\n',
    '/dócs/',
  ])('refuses %j', (value) => {
    expect(() => parseBaseUrl(value)).toThrow(/not a base path/);
  });

  it('puts site paths under it and takes request paths off it', () => {
    expect(underBase('/docs/', '/a/b/')).toBe('/docs/a/b/');
    expect(underBase('/', '/a/')).toBe('/a/');
    expect(offBase('/docs/', '/docs/a/')).toBe('/a/');
    expect(offBase('/docs/', '/docs')).toBe('/');
    expect(offBase('/docs/', '/other/')).toBeUndefined();
    expect(offBase('/docs/', '/docsx/')).toBeUndefined();
    fc.assert(
      fc.property(fc.constantFrom('/', '/docs/', '/a/b/'), fc.stringMatching(/^\/[a-z/]{0,12}$/), (base, p) => {
        expect(offBase(base, underBase(base, p))).toBe(p);
      }),
    );
  });
});

describe('redirect rules under a base path', () => {
  const base = '/docs/';
  const rules = rulesUnder(REDIRECT_RULES, base);

  it('moves every old path and every target on this site under it, and leaves other sites alone', () => {
    expect(rules).toHaveLength(REDIRECT_RULES.length);
    for (const [i, rule] of rules.entries()) {
      expect(rule.from.startsWith(base)).toBe(true);
      const original = REDIRECT_RULES[i]!;
      expect(rule.to).toBe(original.to.startsWith('/') ? underBase(base, original.to) : original.to);
    }
    expect(rulesUnder(REDIRECT_RULES, base)).toBe(rules);
    expect(rulesUnder(REDIRECT_RULES, '/')).toBe(REDIRECT_RULES);
  });

  it('answers old addresses under the base path with targets under it', () => {
    expect(resolveRedirect(rules, '/docs/flow/stages/password/', '?x=1', base)?.location).toBe(
      '/docs/add-secure-apps/flows-stages/stages/password/?x=1',
    );
    expect(resolveRedirect(rules, '/docs/docs/terminology/', '', base)?.location).toBe('/docs/terminology/');
    expect(resolveRedirect(rules, '/docs/api/v3/', '', base)?.location).toBe('https://api.goauthentik.io/v3/');
    expect(resolveRedirect(rules, '/flow/stages/password/', '', base)).toBeUndefined();
    expect(resolveRedirect(rules, '/docs/core/terminology.md', '', base)?.location).toBe('/docs/terminology.md');
  });

  it('takes a path outside the base path for a way off the site', () => {
    expect(isSafeTarget('/docs/a/', undefined, base)).toBe(true);
    expect(isSafeTarget('/docs', undefined, base)).toBe(true);
    expect(isSafeTarget('/other/', undefined, base)).toBe(false);
    expect(isSafeTarget('/docsx/', undefined, base)).toBe(false);
    expect(isSafeTarget('/docs//evil.example/', undefined, base)).toBe(false);
    expect(isSafeTarget('https://api.goauthentik.io/x', undefined, base)).toBe(true);
  });

  it('writes _redirects, _headers and stubs under it', () => {
    const redirects = toNetlifyRedirects(rules, ['add-secure-apps', 'docs'], base);
    for (const line of redirects.split('\n').filter((l) => l && !l.startsWith('#'))) {
      expect(line.startsWith('/docs/'), line).toBe(true);
    }
    const headers = toNetlifyHeaders([['X-Test', 'yes']], base);
    expect(headers).toContain('/docs/*\n  X-Test: yes');
    expect(headers).toContain('/docs/assets/*');
    expect(baseOfNetlifyHeaders(headers)).toBe(base);
    expect(parseNetlifyHeaders(headers)).toEqual([['X-Test', 'yes']]);
    const stubs = stubsFor(rules, ['/docs/sys-mgmt/certificates/', '/docs/terminology/'], base);
    expect(stubs).toContainEqual({from: '/docs/core/certificates/', to: '/docs/sys-mgmt/certificates/'});
    for (const stub of stubs) expect(stub.from.startsWith(base)).toBe(true);
  });
});

describe('nginx under a base path', () => {
  const headers: [string, string][] = [['X-Test', 'yes']];

  it('keeps the site in one location for the base path, and the rest of the server not found', () => {
    const config = nginxConfig(REDIRECT_RULES, {root: '/srv', listen: '80', headers, base: '/docs/'});
    expect(config).toContain('location ^~ /docs/ {');
    expect(config).toContain('error_page 404 /docs/404.html;');
    expect(config).toContain(
      'location ~ ^/docs/flow/stages/?$ { return 301 /docs/add-secure-apps/flows-stages/stages/$akdocs_query; }',
    );
    expect(config).toContain('location = /docs { return 301 /docs/$akdocs_query; }');
    expect(config).toContain('location = / { return 301 /docs/; }');
    expect(config).not.toMatch(/return 301 \/(?!docs\/|\$akdocs_to)/);
  });

  it("makes its checks only on the site's paths under a base path, on every path at /", () => {
    expect(nginxServerChecks('/').join('\n')).toContain('if ($uri ~ "[\\x00-\\x1f\\x7f]") { return 400; }');
    const scoped = nginxServerChecks('/docs/').join('\n');
    expect(scoped).toContain('set $akdocs_tidy "$akdocs_site:$akdocs_untidy:$akdocs_tidy_path";');
    expect(scoped).toContain('if ($akdocs_tidy ~ "^1:1:(?<akdocs_to>/.*)$") { return 301 $akdocs_to$akdocs_query; }');
  });

  it('writes an archive configuration that includes its three parts with paths of the archive', () => {
    const files = nginxFiles(REDIRECT_RULES, {headers, base: '/docs/', listen: '8080'});
    const main = files['nginx.conf'];
    expect(main).toContain('include authentik-docs-http.conf;');
    expect(main).toContain('include authentik-docs-server.conf;');
    expect(main).toContain('location ^~ /docs/ {\n      root html;\n      include authentik-docs-site.conf;');
    expect(main).toMatch(/^\s*listen 8080;$/m);
    expect(files['authentik-docs-http.conf']).toMatch(/^map \$uri \$akdocs_site \{/m);
    expect(files['authentik-docs-site.conf']).not.toMatch(/^\s*(root|listen|server)\b/m);
    // Nothing an operator's configuration could clash with: every variable set is ours.
    const all = Object.values(files).join('\n');
    const variables = [...all.matchAll(/(?:map \S+ |set )\$(\w+)/g)].map((m) => m[1]);
    expect(variables.filter((name) => !name!.startsWith('akdocs_'))).toEqual([]);
  });
});
