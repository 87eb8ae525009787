/**
 * The server the browser and site tests run against: nginx in front of `build/`, started on a free
 * port by Playwright's global setup and stopped by its teardown.
 */
import path from 'node:path';
export const BUILD_DIR = path.resolve(process.env.SITE_BUILD_DIR ?? path.join(__dirname, '..', '..', 'build'));
