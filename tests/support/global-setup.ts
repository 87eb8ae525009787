import fs from 'node:fs';
import {startNginx} from '../../src/serve/run';
import {BUILD_DIR} from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(`${BUILD_DIR}/index.html`)) {
    throw new Error(`No built site in ${BUILD_DIR}: run "npm run build" first.`);
  }
  const server = await startNginx(BUILD_DIR);
  process.env.SITE_URL_UNDER_TEST = server.url;
  return () => server.stop();
}
