/**
 * Embedded search: builds the index from `docs/` (in `npm start` and in the build), publishes it as
 * `/assets/search-index.<hash>.json`, and tells the browser where it is. With Algolia configured it
 * ships no index and only points the theme's search page at the right client.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildIndex, collectRecords} from '../../search/build';
import {sectionsBySidebar} from '../../search/sections';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData} from '../../search/constants';
import {GENERATED_STATIC_DIR} from '../releases';

export interface SearchPluginOptions {
  /** False when hosted search (Algolia) is configured. */
  embedded: boolean;
}

type SidebarItems = Parameters<typeof sectionsBySidebar>[0];
interface DocsContent {
  loadedVersions: {sidebars: Record<string, SidebarItems>}[];
}

export default function searchPlugin(context: LoadContext, options: SearchPluginOptions): Plugin {
  const docsDir = path.join(context.siteDir, 'docs');
  // The browser build of the Algolia client the theme itself uses.
  const theme = path.dirname(require.resolve('@docusaurus/theme-search-algolia'));
  const algoliaBrowser = path.join(path.dirname(require.resolve('algoliasearch/lite', {paths: [theme]})), 'browser.js');
  return {
    name: SEARCH_PLUGIN_NAME,
    // The search page credits Algolia; with the embedded index that credit would be untrue.
    getClientModules: () => (options.embedded ? [path.join(__dirname, '..', '..', 'search', 'embedded.css')] : []),
    getPathsToWatch: () => (options.embedded ? [path.join(docsDir, '**', '*.md')] : []),
    // After every plugin has loaded, so the sections come from the docs plugin's own sidebar.
    allContentLoaded: async ({allContent, actions}) => {
      if (!options.embedded) {
        actions.setGlobalData({indexUrl: null} satisfies SearchGlobalData);
        return;
      }
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      const sidebar = Object.values(docs?.loadedVersions[0]?.sidebars ?? {})[0] ?? [];
      const sections = sectionsBySidebar(sidebar);
      const index = buildIndex(collectRecords(docsDir, sections), context.siteConfig.url.replace(/\/$/, ''));
      const dir = path.join(context.siteDir, GENERATED_STATIC_DIR, 'assets');
      fs.mkdirSync(dir, {recursive: true});
      for (const old of fs.readdirSync(dir)) {
        if (old.startsWith('search-index.')) fs.rmSync(path.join(dir, old));
      }
      fs.writeFileSync(path.join(dir, index.fileName), index.json);
      actions.setGlobalData({indexUrl: `${context.baseUrl}assets/${index.fileName}`} satisfies SearchGlobalData);
    },
    configureWebpack: () => ({
      resolve: {
        alias: {
          'algoliasearch/lite$': path.join(__dirname, '..', '..', 'search', 'lite-client.ts'),
          'algoliasearch-original-lite$': algoliaBrowser,
        },
      },
    }),
  };
}
