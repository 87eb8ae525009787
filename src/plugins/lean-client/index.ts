/**
 * Less JavaScript, and shorter tasks, on every page, by bundler configuration: no theme component is
 * swizzled; where a module is replaced, its stand-in here keeps the contract of the one it replaces.
 *
 * - `@docusaurus/utils-common` resolves to ./utils-common.ts, the same functions without tslib
 *   (about 4 KB gzip of `main.js`).
 * - The browser's route registry carries no module paths (./registry.cjs; only server rendering
 *   reads them).
 * - The theme's page-change progress bar (`nprogress`) loads only for a page change slow enough to
 *   show it (./nprogress.ts replaces the theme's client module).
 * - A link's prefetch of its page's chunks waits for idle time (./docusaurus.ts replaces the
 *   client entry's `./docusaurus` module): on a phone the prefetches of all links on screen were
 *   one long task right after hydration.
 * - The theme's window-size hook updates in a transition (./useWindowSize.ts replaces theme-common's):
 *   on a phone the switch to the mobile sidebar and table of contents after hydration was one long task.
 * - Chunk files are named by chunk id, not by chunk name. With names, the runtime that every page
 *   loads first holds a map from each of the several hundred chunk ids to its name, beside the map
 *   from names to ids that prefetching needs; with ids, only the second is left.
 *
 * tests/site/lean-pages.test.ts checks the built result, so none of it can come back unnoticed;
 * tests/e2e/chrome.spec.ts checks that prefetches are queued and still happen.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The theme's client module for the progress bar, as the generated client-modules list names it. */
const THEME_NPROGRESS = path.join(
  path.dirname(require.resolve('@docusaurus/theme-classic/package.json')),
  'lib',
  'nprogress',
);

/** The folder of Docusaurus's client entry, whose `./docusaurus` import ./docusaurus.ts replaces. */
const CORE_CLIENT = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib', 'client');

/** theme-common's window-size hook, wherever it is imported from (its index and its own contexts). */
const THEME_WINDOW_SIZE = /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/;

/** What the bundler tells a module replacement about the request it may change. */
interface ResolveRequest {
  request: string;
  context: string;
}

export default function leanClientPlugin(context: LoadContext): Plugin {
  return {
    name: 'authentik-lean-client',
    configureWebpack: (config, isServer, {currentBundler}) => ({
      plugins: isServer
        ? []
        : [
            new currentBundler.instance.NormalModuleReplacementPlugin(/^\.\/docusaurus$/, (data: ResolveRequest) => {
              if (path.resolve(data.context) === CORE_CLIENT) data.request = path.join(__dirname, 'docusaurus.ts');
            }),
            new currentBundler.instance.NormalModuleReplacementPlugin(
              THEME_WINDOW_SIZE,
              path.join(__dirname, 'useWindowSize.ts'),
            ),
          ],
      resolve: {
        alias: {
          '@docusaurus/utils-common$': path.join(__dirname, 'utils-common.ts'),
          [`${THEME_NPROGRESS}$`]: path.join(__dirname, 'nprogress.ts'),
        },
      },
      // The development server keeps Docusaurus's readable chunk names and its registry as it is.
      ...(isServer || config.mode !== 'production'
        ? {}
        : {
            output: {chunkFilename: 'assets/js/[id].[contenthash:8].js'},
            module: {
              rules: [
                {
                  test: /registry\.js$/,
                  include: [context.generatedFilesDir],
                  use: [{loader: path.join(__dirname, 'registry.cjs')}],
                },
              ],
            },
          }),
    }),
  };
}
