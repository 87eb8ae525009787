/**
 * Writes the hosting files after every build, all from the same rules and header policy:
 * `_redirects` and `_headers` for a static host, `nginx.conf` for self-hosting, and `robots.txt`
 * (every page may be crawled; the sitemap's address). Neither server answers its configuration
 * files to visitors.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {REDIRECT_RULES} from '../../redirects/rules';
import {rulesUnder, sectionsOf, toNetlifyMarkdownRewrites, toNetlifyRedirects} from '../../redirects/match';
import {underBase} from '../../config/base-url';
import {loadedDocs} from '../markdown-copies';
import {toNetlifyHeaders} from '../../serve/headers';
import {nginxConfig, SERVER_FILES} from '../../serve/nginx';
import {headersForBuild} from '../../serve/site';

/** Where the self-hosting configuration expects the site's files (with the base path as folders below it). */
export const SELF_HOSTED_ROOT = '/var/www/authentik-docs';

/** Every page may be crawled; the sitemap lists them. */
export function robotsTxt(siteUrl: string, base = '/'): string {
  return `User-agent: *\nAllow: ${base}\n\nSitemap: ${new URL(underBase(base, '/sitemap.xml'), siteUrl).href}\n`;
}

export default function hostingPlugin(): Plugin {
  return {
    name: 'authentik-hosting',
    postBuild: async ({outDir, routesPaths, siteConfig, plugins, baseUrl}) => {
      const headers = headersForBuild(outDir);
      const at = (sitePath: string) => underBase(baseUrl, sitePath);
      const hidden = SERVER_FILES.map((file) => `${at(file)}  ${at('/404.html')}  404!`).join('\n');
      const pages = loadedDocs(plugins).docs.map((doc) => doc.permalink);
      const rules = rulesUnder(REDIRECT_RULES, baseUrl);
      fs.writeFileSync(
        path.join(outDir, '_redirects'),
        `${toNetlifyRedirects(rules, sectionsOf(routesPaths), baseUrl)}${toNetlifyMarkdownRewrites(pages, baseUrl)}` +
          `# Files for servers, not readers.\n${hidden}\n`,
      );
      fs.writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(siteConfig.url, baseUrl));
      fs.writeFileSync(path.join(outDir, '_headers'), toNetlifyHeaders(headers, baseUrl));
      fs.writeFileSync(
        path.join(outDir, 'nginx.conf'),
        nginxConfig(REDIRECT_RULES, {root: SELF_HOSTED_ROOT, listen: '80', headers, base: baseUrl}),
      );
    },
  };
}
