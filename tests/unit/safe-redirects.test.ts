/**
 * The one rule for redirect targets (src/redirects/safe.ts), and the outputs that use it, under
 * property-based tests: whatever a request path holds, no redirect leaves the site for a host the
 * rule list does not name, and no target carries a control character or a backslash.
 */
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {parseAllRedirects} from 'netlify-redirect-parser';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {REDIRECT_RULES} from '../../src/redirects/rules';
import {applyRule, resolveRedirect, toNetlifyRedirects, withoutLeadingSplats} from '../../src/redirects/match';
import {EXTERNAL_ORIGINS, hasControlCharacter, isSafeSplat, isSafeTarget} from '../../src/redirects/safe';
import {redirectStubHtml} from '../../src/redirects/stub';

const ORIGIN = 'https://docs.example.org';
const SEED = 20261125;

/** True when a browser on ORIGIN that follows `location` stays on this site or a named one. */
function staysOnAllowedOrigin(location: string): boolean {
  const origin = new URL(location, ORIGIN).origin;
  return origin === ORIGIN || EXTERNAL_ORIGINS.includes(origin);
}

/** Pieces that attackers put in paths: separators, encodings, control characters, look-alikes. */
const HOSTILE_PIECES = [
  '/',
  '//',
  '\\',
  '%5C',
  '%5c',
  '%2F',
  '%2f',
  '%2F%2F',
  '\r',
  '\n',
  '\r\n',
  '%0d',
  '%0a',
  '%0D%0A',
  '\t',
  '%09',
  '%00',
  '%E5%98%8A%E5%98%8D',
  '\u560a\u560d',
  'https:',
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  '@evil.example',
  'evil.example',
  '..',
  '.',
  '%2e%2e',
  ' ',
  '?',
  '#',
  'Set-Cookie: x=1',
  'Location: https://evil.example/',
  'ｅｖｉｌ',
  '\u2215',
  '\uff0f',
  '\u0000',
  '\u007f',
];
const hostilePath = fc
  .array(
    fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({maxLength: 4}), fc.string({unit: 'binary', maxLength: 3})),
    {
      maxLength: 8,
    },
  )
  .map((pieces) => pieces.join(''));
const prefixes = fc.constantFrom(
  ...REDIRECT_RULES.map((rule) => rule.from.replace(/\*$/, '')),
  '/',
  '//',
  '/docs//',
  '/flow/stages/',
);

describe('isSafeTarget', () => {
  it('accepts paths on this site and addresses on the sites the rules name', () => {
    for (const target of [
      '/',
      '/a/b/',
      '/a/b/?x=1&y=%0d',
      '/a/#frag',
      'https://api.goauthentik.io',
      'https://api.goauthentik.io/v3/',
    ]) {
      expect(isSafeTarget(target), target).toBe(true);
    }
  });
  it.each([
    ['protocol-relative', '//evil.example/'],
    ['slash backslash', '/\\evil.example/'],
    ['backslash anywhere', '/a\\b/'],
    ['a doubled slash inside', '/a//b/'],
    ['CR', '/a\r/'],
    ['LF', '/a\nSet-Cookie: x=1'],
    ['tab', '/a\t/'],
    ['space', '/a b/'],
    ['NUL', '/a\u0000'],
    ['DEL', '/a\u007f'],
    ['non-ASCII', '/caf\u00e9/'],
    ['another host', 'https://evil.example/'],
    ['user info', 'https://api.goauthentik.io@evil.example/'],
    ['look-alike host', 'https://api.goauthentik.io.evil.example/'],
    ['another scheme', 'javascript:alert(1)'],
    ['plain http to a named site', 'http://api.goauthentik.io/'],
    ['relative path', 'evil.example'],
    ['empty', ''],
  ])('refuses %s', (_label, target) => {
    expect(isSafeTarget(target)).toBe(false);
  });
  it('never accepts a target that a browser would follow to another host', () => {
    fc.assert(
      fc.property(hostilePath, (tail) => {
        for (const target of [tail, `/${tail}`, `https://api.goauthentik.io${tail}`]) {
          if (isSafeTarget(target)) {
            expect(staysOnAllowedOrigin(target), target).toBe(true);
            expect(hasControlCharacter(target) || /[^\x21-\x7e]|\\/.test(target), target).toBe(false);
          }
        }
      }),
      {seed: SEED, numRuns: 3000},
    );
  });
});

describe('isSafeSplat', () => {
  it('takes unreserved segments separated by single slashes', () => {
    expect(isSafeSplat('')).toBe(true);
    expect(isSafeSplat('stages/password/')).toBe(true);
    expect(isSafeSplat('CVE-2024-1.x~y_z')).toBe(true);
    for (const splat of ['/x', 'a//b', '\\x', '%5Cx', 'a b', 'a\r', 'é', 'a?b', 'a#b', 'a:b']) {
      expect(isSafeSplat(splat), splat).toBe(false);
    }
  });
});

describe('resolveRedirect on hostile paths', () => {
  it('answers either nothing or a safe target that keeps the reader on an allowed site', () => {
    fc.assert(
      fc.property(prefixes, hostilePath, hostilePath, (prefix, tail, search) => {
        const match = resolveRedirect(REDIRECT_RULES, prefix + tail, `?${search}`);
        if (!match) return;
        expect(isSafeTarget(match.location), match.location).toBe(true);
        expect(staysOnAllowedOrigin(match.location), match.location).toBe(true);
        expect(hasControlCharacter(match.location) || match.location.includes('\\'), match.location).toBe(false);
      }),
      {seed: SEED, numRuns: 5000},
    );
  });
  it.each([
    '/docs/%5Cevil.example/',
    '/docs/\\evil.example/',
    '/docs//evil.example/',
    '/docs/%2F%2Fevil.example/',
    '/docs/https:%2F%2Fevil.example/',
    '/docs/a%0dSet-Cookie:%20x=1',
    '/docs/a\rSet-Cookie: x=1',
    '/flow/\\evil.example',
    '/security/CVE-\\\\evil.example',
  ])('%s matches no rule', (pathname) => {
    expect(resolveRedirect(REDIRECT_RULES, pathname)).toBeUndefined();
  });
  it('drops a query string that would make the target unsafe, and keeps a plain one', () => {
    expect(resolveRedirect(REDIRECT_RULES, '/core/terminology', '?a=\r\nSet-Cookie:x')?.location).toBe('/terminology/');
    expect(resolveRedirect(REDIRECT_RULES, '/core/terminology', '?a=%0d%0a')?.location).toBe('/terminology/?a=%0d%0a');
  });
});

describe('_redirects for static hosts', () => {
  const sections = ['add-secure-apps', 'flow', 'releases', 'terminology'];
  it('never puts a splat at the front of a site target', () => {
    for (const rule of withoutLeadingSplats(REDIRECT_RULES, sections)) {
      expect(rule.to, rule.from).not.toMatch(/^\/:splat/);
    }
  });
  it('writes /docs/* out per section, with chains through old sections kept', () => {
    const rules = withoutLeadingSplats(
      [
        {from: '/flow/*', to: '/f/:splat'},
        {from: '/docs/*', to: '/:splat'},
      ],
      ['f'],
    );
    expect(rules).toEqual([
      {from: '/flow/*', to: '/f/:splat'},
      {from: '/docs', to: '/'},
      {from: '/docs/f', to: '/f/'},
      {from: '/docs/f/*', to: '/f/:splat'},
      {from: '/docs/flow', to: '/flow/'},
      {from: '/docs/flow/*', to: '/flow/:splat'},
    ]);
  });
  it("keeps every target on an allowed site whatever the host puts in the splat, as Netlify's parser reads the file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redirects-'));
    const file = path.join(dir, '_redirects');
    fs.writeFileSync(file, toNetlifyRedirects(REDIRECT_RULES, sections));
    const {redirects, errors} = await parseAllRedirects({redirectsFiles: [file], configRedirects: [], minimal: false});
    fs.rmSync(dir, {recursive: true});
    expect(errors).toEqual([]);
    expect(redirects.length).toBeGreaterThan(REDIRECT_RULES.length);
    fc.assert(
      fc.property(fc.constantFrom(...(redirects as {to: string}[])), hostilePath, ({to}, splat) => {
        // A host that decodes the splat and copies it in whole, the worst case.
        const target = to.replace(':splat', splat);
        const origin = new URL(target.replace(/[\r\n\t]/g, ''), ORIGIN).origin;
        expect([ORIGIN, ...EXTERNAL_ORIGINS], `${to} with ${JSON.stringify(splat)}`).toContain(origin);
      }),
      {seed: SEED, numRuns: 3000},
    );
  });
  it('refuses to write a rule whose target could leave the site', () => {
    expect(() => toNetlifyRedirects([{from: '/x', to: '//evil.example/'}], [])).toThrow(/unsafe redirect target/);
    expect(() => toNetlifyRedirects([{from: '/x/*', to: 'https://evil.example/:splat'}], [])).toThrow(/unsafe/);
    expect(applyRule({from: '/x/*', to: '/y/:splat'}, 'a')).toBe('/y/a/');
  });
});

describe('redirect stubs', () => {
  it('refuse a target that is not a safe path', () => {
    for (const route of ['//evil.example/', '/\\evil.example/', 'https://evil.example/', '/a\r\n/']) {
      expect(() => redirectStubHtml({route, titleHtml: 't', siteUrl: ORIGIN}), route).toThrow(/unsafe redirect target/);
    }
  });
});
