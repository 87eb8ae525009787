import path from 'node:path';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {readReleases} from './releases/catalogue';
import {navbar} from './src/config/navbar';
import {
  ALGOLIA,
  ANALYTICS_TRACKING_ID,
  TEST_PAGES,
  ANNOUNCEMENT,
  COPYRIGHT,
  EDIT_URL,
  SITE_TITLE,
  SITE_URL,
  BASE_URL,
  TAGLINE,
} from './src/config/site';
import redirectStubsPlugin from './src/plugins/redirect-stubs';
import remarkBadges from './src/remark/badges';
import remarkIndexes from './src/remark/indexes';
import remarkPendingLinks from './src/remark/pending-links';
import remarkSyntaxLeaks from './src/remark/syntax-leaks';
import remarkReferences from './src/remark/references';
import remarkCodeTokens from './src/remark/code-tokens';
import remarkDiagrams from './src/remark/diagrams';
import recmaJsxRuntimeAlias from './src/remark/jsx-runtime-alias';
import {CODE_LANGUAGES} from './src/code-highlight/languages';
import {readCatalogue} from './src/pages/catalogue';
import releasesPlugin from './src/plugins/releases';
import {GENERATED_STATIC_DIR} from './src/plugins/generated-static';
import hostingPlugin from './src/plugins/hosting';
import markdownCopiesPlugin from './src/plugins/markdown-copies';
import searchPlugin from './src/plugins/search';
import testPagesPlugin from './src/plugins/test-pages';
import codeHighlightPlugin from './src/plugins/code-highlight';
import leanDocsPlugin from './src/plugins/lean-docs';
import leanClientPlugin from './src/plugins/lean-client';
import {EMBEDDED_ALGOLIA} from './src/search/constants';
import {darkCodeTheme, lightCodeTheme} from './src/code-highlight/prism-themes';

const docsDir = path.join(__dirname, 'docs');
const releases = readReleases(docsDir);

/**
 * A remark plugin with its options bound, as a plugin without options. Docusaurus copies the site's
 * configuration, plugin options included, into the bundle every page loads: options written out would
 * put the build machine's folders (and a catalogue of routes) there, and make the bundle depend on
 * where the repository was checked out.
 */
function withOptions<T>(plugin: (options: T) => unknown, options: T): () => unknown {
  return function attacher() {
    return plugin(options);
  };
}

/** The docs plugin's options (the plugin is ./src/plugins/lean-docs, the classic one sending less). */
const docsOptions = {
  path: 'docs',
  routeBasePath: '/',
  sidebarPath: './sidebars.ts',
  editUrl: EDIT_URL,
  tags: 'tags.yml',
  onInlineTags: 'throw',
  lastVersion: 'current',
  versions: {current: {label: 'Next', path: ''}},
  beforeDefaultRemarkPlugins: [
    // First, on the page as written: badges, images and anchors, at the page and line.
    withOptions(remarkReferences, {versions: new Set(releases.map((r) => r.version)), siteDir: __dirname}),
    withOptions(remarkBadges, {versions: new Set(releases.map((r) => r.version))}),
    withOptions(remarkIndexes, {docsDir}),
    withOptions(remarkPendingLinks, {docsDir, routes: new Set(readCatalogue().map((row) => row.route))}),
    // Last: what the plugins above did not turn into badges, tables or links must not be syntax.
    remarkSyntaxLeaks,
    // Mermaid blocks as their drawings, before Docusaurus hands them to the live renderer.
    remarkDiagrams,
  ],
  // Code blocks tokenized at build time: the browser loads no highlighter.
  remarkPlugins: [withOptions(remarkCodeTokens, {languages: CODE_LANGUAGES})],
  // On the compiled page: the JSX runtime read once, not imported at every element (build memory).
  recmaPlugins: [recmaJsxRuntimeAlias],
} satisfies DocsOptions;

const config: Config = {
  title: SITE_TITLE,
  tagline: TAGLINE,
  favicon: 'img/favicon.svg',
  url: SITE_URL,
  baseUrl: BASE_URL,
  trailingSlash: true,
  i18n: {defaultLocale: 'en', locales: ['en']},

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  markdown: {
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw'},
  },
  future: {
    // Every v4 flag but CSS cascade layers: the build polyfills layers with `:not(#\#)` selectors
    // for older browsers, which lifts Infima above src/css/custom.css and silently drops the brand
    // colours (the accessibility test caught it as low contrast).
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: false,
      siteStorageNamespacing: true,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
    // Every faster flag but the bundler's persistent cache. A production build is made from scratch
    // anyway (the release archive must not depend on what an earlier build left), and writing the cache
    // is what the build's memory peaks on as the docs grow: at ten times the pages it took the peak
    // from 4.9 to 6.3 GB (bench/README.md, "Scale"). The development server keeps its cache in memory.
    faster: {rspackPersistentCache: false},
  },
  staticDirectories: ['static', GENERATED_STATIC_DIR],
  clientModules: ['./src/client/chunk-failure.ts'],

  presets: [
    [
      'classic',
      {
        // The docs plugin is ./src/plugins/lean-docs, below.
        docs: false,
        blog: false,
        pages: false,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {lastmod: null, changefreq: null, priority: null},
        ...(ANALYTICS_TRACKING_ID ? {gtag: {trackingID: ANALYTICS_TRACKING_ID, anonymizeIP: true}} : {}),
      } satisfies Preset.Options,
    ],
  ],
  themes: ['@docusaurus/theme-mermaid'],
  plugins: [
    [leanDocsPlugin, docsOptions],
    leanClientPlugin,
    releasesPlugin,
    hostingPlugin,
    markdownCopiesPlugin,
    (context) => codeHighlightPlugin(context, {light: lightCodeTheme, dark: darkCodeTheme}),
    (context) => searchPlugin(context, {embedded: !ALGOLIA}),
    () => redirectStubsPlugin({siteUrl: SITE_URL}),
    // Pages for the browser tests only (a page that crashes); never in a production build.
    ...(TEST_PAGES ? [testPagesPlugin] : []),
  ],

  themeConfig: {
    image: 'img/social-card.svg',
    colorMode: {defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false},
    announcementBar: ANNOUNCEMENT,
    navbar: navbar(releases),
    footer: {
      style: 'light',
      links: [],
      logo: {alt: 'authentik', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 140, height: 32},
      copyright: COPYRIGHT,
    },
    docs: {sidebar: {hideable: false, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    // Code is highlighted at build time (src/remark/code-tokens.ts) and coloured by CSS per colour
    // mode (src/plugins/code-highlight), so the browser needs neither grammars nor themes: an empty
    // theme keeps the default one out of the configuration every page loads.
    prism: {theme: {plain: {}, styles: []}, additionalLanguages: []},
    // Hosted search when Algolia is configured; otherwise the same UI over the embedded index.
    algolia: {...(ALGOLIA ?? EMBEDDED_ALGOLIA), contextualSearch: true, searchPagePath: 'search'},
    // The themes' own defaults, written out: themes add the keys they default in the order they
    // finish loading, which varies from build to build, and the configuration is in every page.
    blog: {sidebar: {groupByYear: true}},
    metadata: [],
    mermaid: {theme: {light: 'default', dark: 'dark'}, options: {}},
  } satisfies Preset.ThemeConfig & {mermaid: object},
};

export default config;
