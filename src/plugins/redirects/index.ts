/** Writes the static host's `_redirects` from the one rule list, after every build. */
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {REDIRECT_RULES} from '../../redirects/rules';
import {toNetlifyRedirects} from '../../redirects/match';

export default function redirectsPlugin(): Plugin {
  return {
    name: 'authentik-redirects',
    postBuild: async ({outDir}) => {
      fs.writeFileSync(path.join(outDir, '_redirects'), toNetlifyRedirects(REDIRECT_RULES));
    },
  };
}
