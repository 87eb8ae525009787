/**
 * Embedded search: builds the index from `docs/` (in `npm start` and in the build), publishes it in
 * pieces, `/assets/search-index.<hash>.json` (the index file, which names the folder of the others)
 * and `/assets/search-<hash>/…` (vocabulary, postings and records; ../../search/format/terms.ts), and
 * tells the browser where the index file is. With Algolia configured it
 * ships no index and only points the theme's search page at the right client. In both modes it
 * publishes every page's route and title (`/assets/page-titles.<hash>.json`, a few KB), from which
 * the not-found page suggests where the reader may have meant to go.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {collectRecords} from '../../search/build/build-index';
import {buildTermIndex} from '../../search/build/term-index';
import {sectionsBySidebar} from '../../search/build/sections';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData} from '../../search/constants';
import {generatedAssetsDir, writeHashedAsset} from '../generated-static';
import {PageError} from '../../pages/page-error';

export interface SearchPluginOptions {
  /** False when hosted search (Algolia) is configured. */
  embedded: boolean;
}

type SidebarItems = Parameters<typeof sectionsBySidebar>[0];
interface DocsContent {
  loadedVersions: {
    sidebars: Record<string, SidebarItems>;
    docs: {title: string; permalink: string; source: string}[];
  }[];
}

/** Throws, naming both files, when two pages would publish the same route. */
export function assertUniqueRoutes(docs: readonly {permalink: string; source: string}[]): void {
  const seen = new Map<string, string>();
  for (const doc of docs) {
    const file = doc.source.replace(/^@site\//, '');
    const other = seen.get(doc.permalink);
    if (other) throw new PageError(file, undefined, `route ${doc.permalink} is also the route of ${other}`);
    seen.set(doc.permalink, file);
  }
}

export default function searchPlugin(context: LoadContext, options: SearchPluginOptions): Plugin {
  const docsDir = path.join(context.siteDir, 'docs');
  // The browser build of the Algolia client the theme itself uses.
  const theme = path.dirname(require.resolve('@docusaurus/theme-search-algolia'));
  const algoliaBrowser = path.join(path.dirname(require.resolve('algoliasearch/lite', {paths: [theme]})), 'browser.js');
  return {
    name: SEARCH_PLUGIN_NAME,
    // The search page credits Algolia; with the embedded index that credit would be untrue.
    getClientModules: () =>
      options.embedded ? [path.join(__dirname, '..', '..', 'search', 'page', 'embedded.css')] : [],
    getPathsToWatch: () => (options.embedded ? [path.join(docsDir, '**', '*.md')] : []),
    // After every plugin has loaded, so the sections come from the docs plugin's own sidebar.
    allContentLoaded: async ({allContent, actions}) => {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      assertUniqueRoutes(docs?.loadedVersions[0]?.docs ?? []);
      const dir = generatedAssetsDir(context.siteDir);
      const titles = (docs?.loadedVersions[0]?.docs ?? [])
        .map((doc) => [doc.permalink, doc.title] as const)
        .sort(([a], [b]) => a.localeCompare(b));
      const titlesUrl = `${context.baseUrl}assets/${writeHashedAsset(dir, 'page-titles', JSON.stringify(titles))}`;
      if (!options.embedded) {
        actions.setGlobalData({indexUrl: null, titlesUrl} satisfies SearchGlobalData);
        return;
      }
      const sidebar = Object.values(docs?.loadedVersions[0]?.sidebars ?? {})[0] ?? [];
      const sections = sectionsBySidebar(sidebar);
      // Record URLs are absolute, base path included (`https://x.org/docs/a/`); the theme makes them relative.
      const siteRoot = `${context.siteConfig.url.replace(/\/$/, '')}${context.baseUrl.replace(/\/$/, '')}`;
      const index = buildTermIndex(collectRecords(docsDir, sections), siteRoot);
      for (const old of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
        // An older index's folder, and the files of the index's earlier form.
        if (/^search-(?!index\.)/.test(old)) fs.rmSync(path.join(dir, old), {recursive: true});
      }
      const indexName = writeHashedAsset(dir, 'search-index', index.meta.json, index.meta.path);
      for (const file of index.files) {
        fs.mkdirSync(path.dirname(path.join(dir, file.path)), {recursive: true});
        fs.writeFileSync(path.join(dir, file.path), file.json);
      }
      actions.setGlobalData({indexUrl: `${context.baseUrl}assets/${indexName}`, titlesUrl} satisfies SearchGlobalData);
    },
    configureWebpack: () => ({
      resolve: {
        alias: {
          'algoliasearch/lite$': path.join(__dirname, '..', '..', 'search', 'page', 'lite-client.ts'),
          'algoliasearch-original-lite$': algoliaBrowser,
        },
      },
    }),
  };
}
