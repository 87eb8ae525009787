import {describe, expect, it} from 'vitest';
import {
  contentSecurityPolicy,
  inlineScripts,
  parseNetlifyHeaders,
  scriptHash,
  securityHeaders,
  toNetlifyHeaders,
} from '../../src/serve/headers';
import {escapeRegex, nginxConfig, ruleLocations} from '../../src/serve/nginx';
import {isRedirectStub} from '../../src/serve/site';
import {REDIRECT_RULES} from '../../src/redirects/rules';

describe('headers', () => {
  it('hashes inline scripts and skips external and JSON ones', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script defer>b()</script>';
    expect(inlineScripts(html)).toEqual(['a()', 'b()']);
    expect(scriptHash('a()')).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });
  it('allows inline scripts by hash only, and outside hosts only when a feature needs them', () => {
    const plain = contentSecurityPolicy({scriptHashes: ["'sha256-abc'"]});
    expect(plain).toContain("script-src 'self' 'sha256-abc'");
    expect(plain).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(plain).not.toContain('algolia');
    expect(plain).not.toContain('google');
    expect(plain).toContain("frame-ancestors 'none'");
    const hosted = contentSecurityPolicy({scriptHashes: [], algoliaAppId: 'ABC', analytics: true});
    expect(hosted).toContain('https://abc-dsn.algolia.net');
    expect(hosted).toContain('https://www.googletagmanager.com');
  });
  it('adds HSTS only in production', () => {
    const names = (production: boolean) => securityHeaders({scriptHashes: [], production}).map(([n]) => n);
    expect(names(false)).not.toContain('Strict-Transport-Security');
    expect(names(true)).toContain('Strict-Transport-Security');
    expect(names(false)).toEqual(
      expect.arrayContaining([
        'Content-Security-Policy',
        'X-Content-Type-Options',
        'Referrer-Policy',
        'Permissions-Policy',
        'X-Frame-Options',
      ]),
    );
  });
  it('writes the static host headers file', () => {
    const text = toNetlifyHeaders([['X-Content-Type-Options', 'nosniff']]);
    expect(text).toContain('/*\n  X-Content-Type-Options: nosniff');
    expect(text).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
  });
  it('reads the headers back out of the file it wrote', () => {
    const headers: [string, string][] = [
      ['Content-Security-Policy', "default-src 'self'; img-src 'self' data:"],
      ['X-Content-Type-Options', 'nosniff'],
    ];
    expect(parseNetlifyHeaders(toNetlifyHeaders(headers))).toEqual(headers);
  });
  it('recognises redirect stubs', () => {
    expect(isRedirectStub('<html><meta http-equiv="refresh" content="0; url=/"></html>')).toBe(true);
    expect(isRedirectStub('<html><body>page</body></html>')).toBe(false);
  });
});

describe('nginx', () => {
  it('escapes regex characters', () => {
    expect(escapeRegex('/schema.yml')).toBe('/schema\\.yml');
  });
  it('turns each rule into ordered regex locations', () => {
    expect(ruleLocations({from: '/flow/*', to: '/add-secure-apps/flows-stages/flow/:splat'})).toEqual([
      'location ~ ^/flow/?$ { return 301 /add-secure-apps/flows-stages/flow/$akdocs_query; }',
      'location ~ ^/flow/(?<splat>[A-Za-z0-9._~-]+?(?:/[A-Za-z0-9._~-]+?)*?)(?<md>/index\\.html\\.md|\\.md)$ { return 301 /add-secure-apps/flows-stages/flow/$splat$md$akdocs_query; }',
      'location ~ ^/flow/(?<splat>[A-Za-z0-9._~-]+?(?:/[A-Za-z0-9._~-]+?)*?)(?:/index\\.html|\\.html|/)?$ { return 301 /add-secure-apps/flows-stages/flow/$splat/$akdocs_query; }',
    ]);
    expect(ruleLocations({from: '/api/*', to: 'https://api.goauthentik.io/:splat'})).toEqual([
      'location ~ ^/api/?$ { return 301 https://api.goauthentik.io$akdocs_query; }',
      'location ~ ^/api/(?<splat>[A-Za-z0-9._~-]+(?:/[A-Za-z0-9._~-]+)*/?)$ { return 301 https://api.goauthentik.io/$splat$akdocs_query; }',
    ]);
    expect(ruleLocations({from: '/security/CVE-*', to: '/security/cves/CVE-:splat'})).toEqual([
      'location ~ ^/security/CVE-(?<splat>[A-Za-z0-9._~-]+?(?:/[A-Za-z0-9._~-]+?)*?)(?<md>/index\\.html\\.md|\\.md)$ { return 301 /security/cves/CVE-$splat$md$akdocs_query; }',
      'location ~ ^/security/CVE-(?<splat>[A-Za-z0-9._~-]+?(?:/[A-Za-z0-9._~-]+?)*?)(?:/index\\.html|\\.html|/)?$ { return 301 /security/cves/CVE-$splat/$akdocs_query; }',
    ]);
  });
  it('keeps the rule order in the configuration', () => {
    const config = nginxConfig(REDIRECT_RULES, {root: '/srv', listen: '80', headers: [['X-Test', 'yes']]});
    expect(config.indexOf('^/flow/stages/')).toBeGreaterThan(0);
    expect(config.indexOf('^/flow/stages/')).toBeLessThan(config.indexOf('^/flow/(?<splat>'));
    expect(config.indexOf('^/docs/api/?$')).toBeGreaterThan(0);
    expect(config.indexOf('^/docs/api/?$')).toBeLessThan(config.indexOf('^/docs/(?<splat>'));
    expect(config).toContain('add_header X-Test "yes" always;');
    expect(config).toContain('error_page 404 /404.html;');
  });
  it('copies nothing unchecked from the request into a Location', () => {
    const config = nginxConfig(REDIRECT_RULES, {root: '/srv', listen: '80', headers: [['X-Test', 'yes']]});
    // Targets are built from named, charset-limited captures and the checked query, never from
    // $uri, $request_uri, $args or numbered captures.
    for (const line of config.split('\n').filter((l) => /return 30\d/.test(l))) {
      expect(line).not.toMatch(/\$(?:uri|request_uri|args|is_args|\d)\b/);
    }
    expect(config).toContain('if ($uri ~ "[\\x00-\\x1f\\x7f]") { return 400; }');
  });
  it('refuses to write a rule whose target could leave the site', () => {
    expect(() => ruleLocations({from: '/x', to: '//evil.example/'})).toThrow(/unsafe redirect target/);
    expect(() => ruleLocations({from: '/x/*', to: 'https://evil.example/:splat'})).toThrow(/unsafe/);
  });
});
