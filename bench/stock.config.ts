/**
 * The baseline of `npm run bench`: stock Docusaurus 3.10 over the same `docs/`. Webpack (no
 * `future.faster`), the classic preset and the official Mermaid theme, and nothing of our own but what
 * the pages need to build at all: the badge and index remark plugins and the sidebar. None of our
 * plugins (releases, hosting, search, redirect stubs), no custom CSS, no search.
 *
 * Swizzled components are picked up from `<siteDir>/src/theme` whatever the config says, so the bench
 * builds this config from an empty site folder (`bench-results/stock-site/`) and every path below is
 * absolute:
 *
 *   docusaurus build bench-results/stock-site --config bench/stock.config.ts --out-dir bench-results/stock
 */
import path from 'node:path';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {readReleases} from '../releases/catalogue';
import {SITE_TITLE, SITE_URL, TAGLINE} from '../src/config/site';
import remarkBadges from '../src/remark/badges';
import remarkIndexes from '../src/remark/indexes';

const root = path.join(__dirname, '..');
/** The site whose docs and sidebar stock builds: this project, or a scaled copy (`--scale`). */
const source = process.env.BENCH_SOURCE_DIR ?? root;
const docsDir = path.join(source, 'docs');
const releases = readReleases(docsDir);

const config: Config = {
  title: SITE_TITLE,
  tagline: TAGLINE,
  favicon: 'img/favicon.svg',
  url: SITE_URL,
  baseUrl: '/',
  trailingSlash: true,
  // The stock site has no /search/ page and no redirects, so links to them only warn here.
  onBrokenLinks: 'warn',
  markdown: {mermaid: true},
  // Stock 3.x defaults. Not `v4: true`: that turns Docusaurus Faster on by default.
  future: {faster: false},
  staticDirectories: [path.join(root, 'static')],

  presets: [
    [
      'classic',
      {
        docs: {
          path: docsDir,
          routeBasePath: '/',
          sidebarPath: path.join(source, 'sidebars.ts'),
          tags: 'tags.yml',
          beforeDefaultRemarkPlugins: [
            [remarkBadges, {versions: new Set(releases.map((r) => r.version))}],
            [remarkIndexes, {docsDir}],
          ],
        },
        blog: false,
        pages: false,
      } satisfies Preset.Options,
    ],
  ],
  themes: ['@docusaurus/theme-mermaid'],
  plugins: [
    // Build fix only, nothing at run time: under webpack the Mermaid theme's optional ELK import is
    // resolved even though its branch is dead, and the package is not installed.
    () => ({
      name: 'stock-mermaid-without-elk',
      configureWebpack: () => ({resolve: {alias: {'@mermaid-js/layout-elk': false}}}),
    }),
  ],

  themeConfig: {
    navbar: {
      title: SITE_TITLE,
      logo: {alt: 'authentik', src: 'img/logo.svg', width: 140, height: 32},
      items: [{type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Documentation'}],
    },
    footer: {style: 'light', links: []},
    prism: {additionalLanguages: ['apacheconf', 'diff', 'http', 'json', 'nginx', 'python', 'bash', 'powershell']},
  } satisfies Preset.ThemeConfig,
};

export default config;
