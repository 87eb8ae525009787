/**
 * The site under test (./server.ts) for the server tests of one vitest file: started before its
 * tests and stopped after them. Vitest only; the browser tests start their server in global setup.
 */
import {afterAll, beforeAll} from 'vitest';
import type {RunningServer} from '../../src/serve/run';
import {httpGet, type Answer} from './http-get';
import {at, startSite} from './server';

export interface SiteUnderTest {
  /** The server's port, once the file's tests have started it. */
  readonly port: number;
  /** Asks for a site path, under the base path of the site under test. */
  get: (target: string, headers?: Record<string, string>) => Promise<Answer>;
}

/** Starts the site before the tests of the file that calls it, and stops it after them. */
export function siteForTests(): SiteUnderTest {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startSite();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const port = () => {
    if (!server) throw new Error('The site is not started yet: ask for it inside a test');
    return server.port;
  };
  return {
    get port() {
      return port();
    },
    get: (target, headers = {}) => httpGet(port(), at(target), headers),
  };
}
