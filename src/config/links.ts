/**
 * Addresses of the product's other sites. Plain constants with no build-time switch, so browser code
 * may import them (src/config/site.ts reads the environment and is for the build only).
 */
export const MARKETING_SITE = 'https://goauthentik.io';
export const INTEGRATIONS_URL = 'https://integrations.goauthentik.io';
export const REPOSITORY_URL = 'https://github.com/goauthentik/authentik';
export const DISCORD_URL = 'https://goauthentik.io/discord';
