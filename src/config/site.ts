/** Names, addresses and build-time switches of the site, in one place. For the build only. */
import {REPOSITORY_URL} from './links';
import {parseBaseUrl, underBase} from './base-url';

export const SITE_TITLE = 'authentik';
export const TAGLINE = 'Bring all of your authentication into a unified platform.';
export const SITE_URL = process.env.SITE_URL ?? 'https://docs.goauthentik.io';
/** The path the site is served under: `/`, or another path such as `/docs/` (`BASE_URL=/docs/`). */
export const BASE_URL = parseBaseUrl(process.env.BASE_URL);

export {DISCORD_URL, INTEGRATIONS_URL, MARKETING_SITE, REPOSITORY_URL} from './links';
/** Edit links open the page's file in the repository that holds these docs. */
export const EDIT_URL = process.env.DOCS_EDIT_URL ?? `${REPOSITORY_URL}/edit/main/website/`;

export const COPYRIGHT = `Copyright © 2025 Authentik Security Inc.`;

/** The announcement bar; change `id` with the text so readers who closed the old one see it. */
export const ANNOUNCEMENT = {
  id: 'release-2025.8',
  content: `authentik 2025.8 is out. <a href="${underBase(BASE_URL, '/releases/2025.8/')}">Read the release notes</a>.`,
  isCloseable: true,
};

/** Test-only pages (src/plugins/test-pages) are built only with TEST_PAGES=1, for the test build. */
export const TEST_PAGES = process.env.TEST_PAGES === '1';

/** Analytics run only when a tracking id is given at build time. */
export const ANALYTICS_TRACKING_ID = process.env.ANALYTICS_TRACKING_ID || undefined;

/** Hosted search runs only when all three Algolia settings are given at build time. */
export const ALGOLIA =
  process.env.ALGOLIA_APP_ID && process.env.ALGOLIA_API_KEY && process.env.ALGOLIA_INDEX_NAME
    ? {
        appId: process.env.ALGOLIA_APP_ID,
        apiKey: process.env.ALGOLIA_API_KEY,
        indexName: process.env.ALGOLIA_INDEX_NAME,
      }
    : undefined;
