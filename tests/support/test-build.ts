/**
 * The test build (`npm test` makes it in build-analytics/): analytics on with a test id, and the
 * test-only pages (src/plugins/test-pages). Browser tests that need it start nginx in front of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {startNginx, type RunningServer} from '../../src/serve/run';

export const ANALYTICS_ID = 'G-TESTBUILD01';
export const TEST_BUILD_DIR = path.resolve(
  process.env.ANALYTICS_BUILD_DIR ?? path.join(__dirname, '..', '..', 'build-analytics'),
);

export async function startTestBuild(): Promise<RunningServer> {
  if (!fs.existsSync(path.join(TEST_BUILD_DIR, 'index.html'))) {
    throw new Error(
      `No test build in ${TEST_BUILD_DIR}: run TEST_PAGES=1 ANALYTICS_TRACKING_ID=${ANALYTICS_ID} npm run build -- --out-dir build-analytics`,
    );
  }
  return startNginx(TEST_BUILD_DIR);
}
