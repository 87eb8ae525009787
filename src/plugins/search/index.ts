/**
 * Embedded search: builds the index from `docs/` (in `npm start` and in the build), publishes it in
 * shards, `/assets/search-index.<hash>.json` (the first, which names the others) and
 * `/assets/search-body-<n>.<hash>.json`, and tells the browser where the first is. With Algolia configured it
 * ships no index and only points the theme's search page at the right client. In both modes it
 * publishes every page's route and title (`/assets/page-titles.<hash>.json`, a few KB), from which
 * the not-found page suggests where the reader may have meant to go.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildIndex, collectRecords} from '../../search/build/build-index';
import {sectionsBySidebar} from '../../search/build/sections';
import {SEARCH_PLUGIN_NAME, type SearchGlobalData} from '../../search/constants';
import {GENERATED_STATIC_DIR} from '../releases';
import {PageError} from '../../pages/page-error';

/**
 * The bundler's default vendor group (code from node_modules in a chunk of its own), except for the
 * search engine's MiniSearch.
 */
const ENGINE_STAYS_WHOLE = {
  idHint: 'vendors',
  reuseExistingChunk: true,
  priority: -10,
  test: /[\\/]node_modules[\\/](?!minisearch[\\/])/,
};

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

/**
 * Writes `json` as `<prefix>.<hash>.json` into the generated assets (or under `fileName` when the
 * caller hashed it already), removing older files of the same prefix; returns the file's name.
 */
function writeHashedAsset(dir: string, prefix: string, json: string, fileName?: string): string {
  fs.mkdirSync(dir, {recursive: true});
  for (const old of fs.readdirSync(dir)) {
    if (old.startsWith(`${prefix}.`)) fs.rmSync(path.join(dir, old));
  }
  const name = fileName ?? `${prefix}.${crypto.createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`;
  fs.writeFileSync(path.join(dir, name), json);
  return name;
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
      const dir = path.join(context.siteDir, GENERATED_STATIC_DIR, 'assets');
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
      const index = buildIndex(collectRecords(docsDir, sections), siteRoot);
      for (const old of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
        if (old.startsWith('search-body-')) fs.rmSync(path.join(dir, old));
      }
      const indexName = writeHashedAsset(dir, 'search-index', index.head.json, index.head.fileName);
      for (const shard of index.body) fs.writeFileSync(path.join(dir, shard.fileName), shard.json);
      actions.setGlobalData({indexUrl: `${context.baseUrl}assets/${indexName}`, titlesUrl} satisfies SearchGlobalData);
    },
    configureWebpack: (_config, isServer) => ({
      // MiniSearch stays in the engine's chunk instead of a vendor chunk of its own: a worker loads
      // its chunks one after the other, and that second request came before the first answer.
      ...(isServer ? {} : {optimization: {splitChunks: {cacheGroups: {defaultVendors: ENGINE_STAYS_WHOLE}}}}),
      resolve: {
        alias: {
          'algoliasearch/lite$': path.join(__dirname, '..', '..', 'search', 'page', 'lite-client.ts'),
          'algoliasearch-original-lite$': algoliaBrowser,
        },
      },
    }),
  };
}
