/**
 * Publishes the release catalogue as `/releases.gen.json` (versions newest first, the latest
 * marked), in `npm start` and in the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {readReleases} from '../../../releases/catalogue';
import {releasesJson} from '../../../releases/json';
import {GENERATED_STATIC_DIR} from '../generated-static';

export default function releasesPlugin(context: LoadContext): Plugin {
  const docsDir = path.join(context.siteDir, 'docs');
  return {
    name: 'authentik-releases',
    getPathsToWatch: () => [path.join(docsDir, 'releases', '*', 'index.md')],
    loadContent: async () => {
      const releases = readReleases(docsDir);
      const dir = path.join(context.siteDir, GENERATED_STATIC_DIR);
      fs.mkdirSync(dir, {recursive: true});
      fs.writeFileSync(path.join(dir, 'releases.gen.json'), releasesJson(releases));
    },
  };
}
