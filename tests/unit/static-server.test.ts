/** The tests' bare static host: it answers bad input instead of crashing, and serves only its root. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {startStaticServer} from '../support/static-server';
import {rawGet} from '../support/raw-http';

let dir: string;
let host: Awaited<ReturnType<typeof startStaticServer>>;
const port = () => Number(new URL(host.url).port);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-host-'));
  fs.mkdirSync(path.join(dir, 'site'));
  fs.writeFileSync(path.join(dir, 'site', 'index.html'), 'home');
  fs.writeFileSync(path.join(dir, 'site', '404.html'), 'not found');
  // A sibling whose name starts with the root's: outside the root all the same.
  fs.mkdirSync(path.join(dir, 'site-private'));
  fs.writeFileSync(path.join(dir, 'site-private', 'secret.txt'), 'SECRET');
  host = await startStaticServer(path.join(dir, 'site'));
});
afterAll(async () => {
  await host.close();
  fs.rmSync(dir, {recursive: true});
});

describe('static test host', () => {
  it('answers 400 to a malformed percent-encoding and keeps serving', async () => {
    expect((await rawGet(port(), '/%zz')).status).toBe(400);
    expect((await rawGet(port(), '/')).status).toBe(200);
  });
  it('never serves a file beside its root', async () => {
    for (const target of ['/..%2Fsite-private%2Fsecret.txt', '/%2e%2e%2fsite-private/secret.txt']) {
      const response = await fetch(`${host.url}${target}`);
      expect(response.status, target).toBe(404);
      expect(await response.text(), target).not.toContain('SECRET');
    }
  });
});
