import fs from 'node:fs';
import {BUILD_DIR, startSite} from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(`${BUILD_DIR}/index.html`)) {
    throw new Error(`No built site in ${BUILD_DIR}: run "npm run build" first.`);
  }
  const server = await startSite();
  process.env.SITE_URL_UNDER_TEST = server.url;
  return () => server.stop();
}
