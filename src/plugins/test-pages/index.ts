/**
 * Pages that exist only in a test build (`TEST_PAGES=1`), never in production: `/test/crash/`, a
 * page that crashes once it is in the browser, so the browser tests can see the crash page.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export const CRASH_ROUTE = '/test/crash/';

export default function testPagesPlugin(): Plugin {
  return {
    name: 'authentik-test-pages',
    contentLoaded: async ({actions}) => {
      actions.addRoute({path: CRASH_ROUTE, component: path.join(__dirname, 'Crash.tsx'), exact: true});
    },
  };
}
