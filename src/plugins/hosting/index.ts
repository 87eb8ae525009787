/**
 * Writes the hosting files after every build, all from the same rules and header policy:
 * `_redirects` and `_headers` for a static host, and `nginx.conf` for self-hosting.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {REDIRECT_RULES} from '../../redirects/rules';
import {sectionsOf, toNetlifyRedirects} from '../../redirects/match';
import {toNetlifyHeaders} from '../../serve/headers';
import {nginxConfig} from '../../serve/nginx';
import {headersForBuild} from '../../serve/site';

/** Where the self-hosting configuration expects the site's files. */
export const SELF_HOSTED_ROOT = '/var/www/authentik-docs';

export default function hostingPlugin(): Plugin {
  return {
    name: 'authentik-hosting',
    postBuild: async ({outDir, routesPaths}) => {
      const headers = headersForBuild(outDir);
      fs.writeFileSync(path.join(outDir, '_redirects'), toNetlifyRedirects(REDIRECT_RULES, sectionsOf(routesPaths)));
      fs.writeFileSync(path.join(outDir, '_headers'), toNetlifyHeaders(headers));
      fs.writeFileSync(
        path.join(outDir, 'nginx.conf'),
        nginxConfig(REDIRECT_RULES, {root: SELF_HOSTED_ROOT, listen: '80', headers}),
      );
    },
  };
}
