/**
 * nginx serving the Markdown copies: their types and caching, the short form `<route>.md`, the copies
 * of moved pages redirected where the pages go, and a page's own address answering Markdown to a
 * reader that asks for Markdown and not for HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {at, BUILD_DIR} from '../support/server';
import {siteForTests} from '../support/site-for-tests';

const {get} = siteForTests();

const COPY = fs.readFileSync(path.join(BUILD_DIR, 'terminology', 'index.html.md'), 'utf8');
const MARKDOWN = 'text/markdown; charset=utf-8';

describe('Markdown copies and text files', () => {
  it('are served as text/markdown and text/plain in UTF-8, cached for an hour', async () => {
    for (const [pathname, type] of [
      ['/terminology/index.html.md', MARKDOWN],
      ['/index.html.md', MARKDOWN],
      ['/llms.txt', 'text/plain; charset=utf-8'],
      ['/llms-full.txt', 'text/plain; charset=utf-8'],
    ] as const) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers['content-type'], pathname).toBe(type);
      expect(answer.headers['cache-control'], pathname).toBe('public, max-age=3600');
      expect(answer.headers['content-security-policy'], pathname).toMatch(/^default-src 'self'/);
    }
    expect((await get('/terminology/index.html.md')).body).toBe(COPY);
  });

  it('answer the short form <route>.md with the copy itself, not a redirect', async () => {
    const answer = await get('/terminology.md');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(MARKDOWN);
    expect(answer.body).toBe(COPY);
    expect((await get('/add-secure-apps/flows-stages/stages/password.md')).body).toMatch(/^# Password stage\n/);
  });

  it('answer 404 for a page that does not exist', async () => {
    expect((await get('/no-such-page.md')).status).toBe(404);
    expect((await get('/no-such-page/index.html.md')).status).toBe(404);
    expect((await get('/terminology/.md')).status).toBe(404);
  });

  it('of moved pages answer 301 to the copy of the new page, in the form asked for', async () => {
    for (const [from, to] of [
      ['/flow/stages/password.md', '/add-secure-apps/flows-stages/stages/password.md'],
      ['/flow/stages/password/index.html.md', '/add-secure-apps/flows-stages/stages/password/index.html.md'],
      ['/core/terminology.md', '/terminology.md'],
      ['/core/terminology/index.html.md', '/terminology/index.html.md'],
      ['/security/CVE-2024-52289.md', '/security/cves/CVE-2024-52289.md'],
      ['/docs/terminology.md', '/terminology.md'],
      ['/core/terminology.md?x=1', '/terminology.md?x=1'],
    ] as const) {
      const answer = await get(from);
      expect(answer.status, from).toBe(301);
      expect(answer.headers.location, from).toBe(at(to));
    }
    const final = await get('/add-secure-apps/flows-stages/stages/password.md');
    expect(final.status).toBe(200);
  });
});

describe('content negotiation on a page address', () => {
  it('gives the Markdown copy to a reader that asks for Markdown and not for HTML', async () => {
    for (const accept of ['text/markdown', 'text/markdown, text/plain;q=0.5', 'text/markdown, */*;q=0.1']) {
      const answer = await get('/terminology/', {Accept: accept});
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-type'], accept).toBe(MARKDOWN);
      expect(answer.body, accept).toBe(COPY);
      expect(answer.headers.vary, accept).toMatch(/Accept(?!-)/);
    }
  });

  it('gives HTML whenever HTML is acceptable, or nothing is said', async () => {
    for (const accept of [
      undefined,
      'text/html',
      'text/markdown, text/html;q=0.9',
      '*/*',
      'TEXT/HTML, text/markdown',
    ]) {
      const answer = await get('/terminology/', accept ? {Accept: accept} : {});
      expect(answer.status, String(accept)).toBe(200);
      expect(answer.headers['content-type'], String(accept)).toBe('text/html; charset=utf-8');
      expect(answer.headers.vary, String(accept)).toMatch(/Accept(?!-)/);
    }
  });

  it('still redirects old addresses and answers 404 for unknown ones', async () => {
    const moved = await get('/core/terminology/', {Accept: 'text/markdown'});
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(at('/terminology/'));
    expect((await get('/no-such-page/', {Accept: 'text/markdown'})).status).toBe(404);
  });
});
