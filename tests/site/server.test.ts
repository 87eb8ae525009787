/**
 * The production server: nginx, configured from the same rules, answering real HTTP. Old addresses
 * get 301s that end on a page, unknown ones 404 with the not-found page, every response carries the
 * security headers, and hostile paths stay harmless.
 */
import http from 'node:http';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {readCatalogue} from '../../src/catalogue';
import {REDIRECT_RULES} from '../../src/redirects/rules';
import {isExternal, resolveRedirect} from '../../src/redirects/match';
import {startNginx, type RunningServer} from '../../src/serve/run';
import {BUILD_DIR} from './build';

const CATALOGUE_ROUTES = new Set(readCatalogue().map((row) => row.route));

let server: RunningServer;
beforeAll(async () => {
  server = await startNginx(BUILD_DIR);
});
afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One raw request; the path is sent exactly as given, without normalisation. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({host: '127.0.0.1', port: server.port, path, headers}, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** Follows redirects inside the site; returns each hop's status and where the chain ends. */
async function follow(path: string): Promise<{hops: string[]; final: Answer; external?: string}> {
  const hops: string[] = [];
  let current = path;
  for (let i = 0; i < 5; i += 1) {
    const answer = await get(current);
    if (answer.status !== 301) return {hops, final: answer};
    const location = answer.headers.location!;
    hops.push(location);
    if (isExternal(location)) return {hops, final: answer, external: location};
    current = location;
  }
  throw new Error(`${path}: more than five redirects`);
}

/** Concrete old addresses for each rule of the spec, and where each must end. */
const OLD_URLS: [string, string][] = [
  ['/schema.yml', 'https://api.goauthentik.io/schema.yml'],
  ['/schema.yaml', 'https://api.goauthentik.io/schema.yml'],
  ['/api', 'https://api.goauthentik.io'],
  ['/api/v3/core/users/', 'https://api.goauthentik.io/v3/core/users/'],
  ['/docs/api', 'https://api.goauthentik.io'],
  ['/docs/api/flows/', 'https://api.goauthentik.io/flows/'],
  ['/docs/developer-docs/api/reference/', 'https://api.goauthentik.io/reference/'],
  ['/developer-docs/api/clients/', 'https://api.goauthentik.io/clients/'],
  ['/integrations', 'https://integrations.goauthentik.io'],
  ['/integrations/services/grafana/', 'https://integrations.goauthentik.io/services/grafana/'],
  ['/docs/providers/', '/providers/'],
  ['/docs/install-config/configuration', '/install-config/configuration/'],
  ['/applications/manage_apps/', '/add-secure-apps/applications/manage_apps/'],
  ['/installation/configuration', '/install-config/configuration/'],
  ['/interfaces/admin/', '/customize/interfaces/admin/'],
  ['/policies/expression/', '/customize/policies/expression/'],
  ['/events/transports/', '/sys-mgmt/events/transports/'],
  ['/flow/context/', '/add-secure-apps/flows-stages/flow/context/'],
  ['/flow/stages/password/', '/add-secure-apps/flows-stages/stages/password/'],
  ['/flow/stages/prompt/index.html', '/add-secure-apps/flows-stages/stages/prompt/'],
  ['/outposts/embedded/', '/add-secure-apps/outposts/embedded/'],
  ['/sources/protocols/ldap/', '/users-sources/sources/protocols/ldap/'],
  ['/user-group-role/groups/', '/users-sources/groups/'],
  ['/property-mappings/expression/', '/add-secure-apps/providers/property-mappings/expression/'],
  ['/security/CVE-2024-52289', '/security/cves/CVE-2024-52289/'],
  ['/security/GHSA-rjvp-29xq-f62w/', '/security/cves/GHSA-rjvp-29xq-f62w/'],
  ['/docs/flow/stages/password/', '/add-secure-apps/flows-stages/stages/password/'],
  ['/providers/property-mappings/expression/', '/add-secure-apps/providers/property-mappings/expression/'],
  ['/add-secure-apps/providers/azure-ad/', '/add-secure-apps/providers/entra/'],
  ['/add-secure-apps/flows-stages/flow/layouts', '/add-secure-apps/flows-stages/flow/executors/if-flow/'],
  ['/core/applications', '/add-secure-apps/applications/'],
  ['/core/terminology/', '/terminology/'],
  ['/core/brands', '/brands/'],
  ['/customize/brands/', '/branding/'],
  ['/core/certificates', '/sys-mgmt/certificates/'],
  ['/core/settings', '/sys-mgmt/settings/'],
  ['/core/geoip', '/sys-mgmt/ops/geoip/'],
  ['/install-config/geoip/', '/sys-mgmt/ops/geoip/'],
  ['/install-config/storage-s3', '/sys-mgmt/ops/storage-s3/'],
  ['/security/2023-06-cure53', '/security/audits-and-certs/2023-06-cure53/'],
];

describe('redirects', () => {
  it.each(OLD_URLS)('%s ends at %s in at most two hops', async (path, target) => {
    const {hops, final, external} = await follow(path);
    expect(hops.length).toBeGreaterThan(0);
    expect(hops.length).toBeLessThanOrEqual(2);
    if (isExternal(target)) {
      expect(external).toBe(target);
    } else {
      expect(hops.at(-1)).toBe(target);
      // The page at the end must exist once its part of the catalogue has landed.
      if (CATALOGUE_ROUTES.has(target)) expect(final.status, `${target} exists`).toBe(200);
    }
  });

  it('covers every rule of the list with a probe', () => {
    const covered = new Set(OLD_URLS.map(([path]) => resolveRedirect(REDIRECT_RULES, path)?.rule));
    expect(REDIRECT_RULES.filter((rule) => !covered.has(rule)).map((rule) => rule.from)).toEqual([]);
  });

  it('keeps the query string', async () => {
    const answer = await get('/flow/stages/password/?utm=1&x=2');
    expect(answer.headers.location).toBe('/add-secure-apps/flows-stages/stages/password/?utm=1&x=2');
  });

  it('adds the trailing slash and strips .html and /index.html', async () => {
    for (const path of ['/terminology', '/terminology.html', '/terminology/index.html']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.location, path).toBe('/terminology/');
    }
    expect((await get('/releases/2025.8')).headers.location).toBe('/releases/2025.8/');
    expect((await get('/index.html')).headers.location).toBe('/');
  });
});

describe('pages', () => {
  const routes = [...CATALOGUE_ROUTES];
  it('answers 200 for every route of the catalogue', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const answer = await get(route);
      if (answer.status !== 200) failures.push(`${route}: ${answer.status}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(['/no-such-page/', '/add-secure-apps/nothing/', '/releases/1999.1/', '/x.js'])(
    '%s answers 404 with the not-found page',
    async (path) => {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.body).toContain('Page Not Found');
    },
  );
});

describe('headers', () => {
  const samples = async () => {
    const index = await get('/');
    const script = /src="?(\/assets\/js\/main\.[^"> ]+\.js)/.exec(index.body)?.[1];
    return {
      html: index,
      asset: await get(script!),
      error: await get('/missing/'),
      data: await get('/releases.gen.json'),
    };
  };

  it('carry the security policy on HTML, assets and errors', async () => {
    for (const [kind, answer] of Object.entries(await samples())) {
      expect(answer.headers['content-security-policy'], kind).toMatch(/^default-src 'self'; script-src 'self'/);
      expect(answer.headers['content-security-policy'], kind).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(answer.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(answer.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['permissions-policy'], kind).toContain('camera=()');
      expect(answer.headers['x-frame-options'], kind).toBe('DENY');
    }
  });

  it('cache hashed assets for a year and revalidate HTML', async () => {
    const {html, asset, error} = await samples();
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(html.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(error.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('compress text responses', async () => {
    const answer = await get('/', {'Accept-Encoding': 'gzip'});
    expect(answer.headers['content-encoding']).toBe('gzip');
  });
});

describe('hostile paths', () => {
  it.each([
    ['encoded traversal', '/..%2f..%2fetc/passwd'],
    ['encoded dots', '/%2e%2e/%2e%2e/etc/passwd'],
    ['plain traversal', '/../../etc/passwd'],
    ['traversal below assets', '/assets/../../../../etc/passwd'],
    ['double slash', '//etc/passwd'],
    ['an 8 KB path', `/${'a'.repeat(8192)}`],
    ['invalid percent-encoding', '/%zz'],
    ['invalid UTF-8', '/%ff%fe'],
    ['non-ASCII', '/ünïcödé/'],
    ['a NUL byte', '/%00'],
  ])('%s is answered harmlessly', async (_label, path) => {
    const answer = await get(path);
    expect([301, 400, 404, 414]).toContain(answer.status);
    expect(answer.body).not.toContain('root:x:0:0');
    if (answer.status === 301) expect(answer.headers.location).toMatch(/^\/[^/]/);
  });
});
