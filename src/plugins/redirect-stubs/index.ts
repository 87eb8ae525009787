/**
 * Writes a redirect stub (src/redirects/stub.ts) at every old address of the redirect rules that
 * leads to a page of the build, for static hosts without rules of their own. Hosts that read
 * `_redirects` or `nginx.conf` answer those addresses with a 301 before a stub is reached.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {REDIRECT_RULES} from '../../redirects/rules';
import {rulesUnder} from '../../redirects/match';
import {redirectStubHtml, stubsFor, titleOf} from '../../redirects/stub';
import {offBase} from '../../config/base-url';

/** The file a served path under `base` is written to (`/docs/a/b/` is `a/b/index.html`). */
function fileOf(outDir: string, base: string, servedPath: string): string {
  const sitePath = offBase(base, servedPath);
  if (sitePath === undefined) throw new Error(`redirect stubs: ${servedPath} is not under ${base}`);
  const relative = decodeURIComponent(sitePath).replace(/^\/+/, '');
  return path.join(outDir, relative, sitePath.endsWith('/') ? 'index.html' : '');
}

export default function redirectStubsPlugin({siteUrl}: {siteUrl: string}): Plugin {
  return {
    name: 'authentik-redirect-stubs',
    postBuild: async ({outDir, routesPaths, baseUrl}) => {
      for (const {from, to} of stubsFor(rulesUnder(REDIRECT_RULES, baseUrl), routesPaths, baseUrl)) {
        const file = fileOf(outDir, baseUrl, from);
        const target = fileOf(outDir, baseUrl, to);
        // Never overwrite a file of the build; a rule that sends a page elsewhere is a mistake the
        // link and redirect tests report.
        if (fs.existsSync(file) || !fs.existsSync(target)) continue;
        const titleHtml = titleOf(fs.readFileSync(target, 'utf8'));
        if (!titleHtml) throw new Error(`redirect stubs: ${to} has no <title>`);
        fs.mkdirSync(path.dirname(file), {recursive: true});
        fs.writeFileSync(file, redirectStubHtml({route: to, titleHtml, siteUrl, base: baseUrl}));
      }
    },
  };
}
