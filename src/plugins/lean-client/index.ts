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
 * Every replacement is listed in ./replacements.ts. The plugin refuses to start when a replaced
 * Docusaurus file is gone, and fails the client build when a replacement did not apply (its stand-in is
 * not bundled, the original still is, or the registry was not blanked), naming the Docusaurus module:
 * an upgrade cannot make one silently stop applying. tests/site/lean-pages.test.ts checks the built
 * result; tests/e2e/chrome.spec.ts checks that prefetches are queued and still happen.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {WebpackPluginInstance} from 'webpack';
import {missingTargets, REPLACEMENTS, unappliedReplacements, type Replacement} from './replacements';

/** Set by ./registry.cjs (a loader, which the bundler loads on its own) when it blanked a registry. */
const REGISTRY_BLANKED = Symbol.for('authentik.lean-client.registry-blanked');

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What the bundler tells a module replacement about the request it may change. */
interface ResolveRequest {
  request: string;
  context: string;
}

/** The slice of the bundler's compiler and compilation that the check after the build reads. */
interface CheckedCompiler {
  hooks: {
    thisCompilation: {tap: (name: string, fn: (compilation: CheckedCompilation) => void) => void};
    afterCompile: {tap: (name: string, fn: (compilation: CheckedCompilation) => void) => void};
  };
}
interface CheckedCompilation {
  modules: Iterable<{resource?: string}>;
  errors: unknown[];
}

/**
 * Fails the client build when a replacement did not apply: the stand-in is not bundled, the original
 * still is, or the registry loader never ran.
 */
class ReplacementCheck {
  constructor(private readonly replacements: readonly Replacement[]) {}

  apply(compiler: CheckedCompiler) {
    compiler.hooks.thisCompilation.tap('authentik-lean-client', () => {
      (globalThis as Record<symbol, unknown>)[REGISTRY_BLANKED] = false;
    });
    compiler.hooks.afterCompile.tap('authentik-lean-client', (compilation) => {
      const bundled = new Set<string>();
      for (const module of compilation.modules) if (module.resource) bundled.add(module.resource.replace(/\?.*$/, ''));
      const blanked = (globalThis as Record<symbol, unknown>)[REGISTRY_BLANKED] === true;
      for (const problem of unappliedReplacements(this.replacements, bundled, blanked))
        compilation.errors.push(new Error(problem));
    });
  }
}

/**
 * The bundler's module replacement for one stand-in. A stand-in that wraps its original (the client
 * entry's `./docusaurus`) replaces the relative request from the original's own folder only, so that
 * its own import of the original still reaches it; every other replaces the resolved file.
 */
function replacementPlugin(
  bundler: {NormalModuleReplacementPlugin: new (...args: never[]) => unknown},
  r: Replacement,
) {
  const Plugin = bundler.NormalModuleReplacementPlugin as unknown as new (
    test: RegExp,
    to: string | ((data: ResolveRequest) => void),
  ) => WebpackPluginInstance;
  if (!r.wrapsOriginal) return new Plugin(new RegExp(`^${escapeRegex(r.originalFile)}$`), r.replacementFile);
  const folder = path.dirname(r.originalFile);
  const request = `./${path.basename(r.originalFile).replace(/\.js$/, '')}`;
  return new Plugin(new RegExp(`^${escapeRegex(request)}$`), (data: ResolveRequest) => {
    if (path.resolve(data.context) === folder) data.request = r.replacementFile;
  });
}

export interface LeanClientOptions {
  /** The replacements to make; the default is every one of ./replacements.ts. Tests point one elsewhere. */
  replacements?: readonly Replacement[];
}

export default function leanClientPlugin(context: LoadContext, options?: unknown): Plugin {
  const replacements = (options as LeanClientOptions | undefined)?.replacements ?? REPLACEMENTS;
  const missing = missingTargets(replacements);
  if (missing.length > 0) throw new Error(missing.join('\n'));
  return {
    name: 'authentik-lean-client',
    configureWebpack: (config, isServer, {currentBundler}) => ({
      plugins: isServer
        ? []
        : [
            ...replacements.map((r) => replacementPlugin(currentBundler.instance, r)),
            ...(config.mode === 'production'
              ? [new ReplacementCheck(replacements) as unknown as WebpackPluginInstance]
              : []),
          ],
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
