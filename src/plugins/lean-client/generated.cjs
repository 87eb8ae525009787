/**
 * Gives a generated Docusaurus module (`routes.js`, its `?section=<name>` and `?sidebar=<n>`
 * queries, `routesChunkNames.json`, `registry.js`, `globalData.json`, the docs version data) the
 * source the lean-client plugin wrote for it (./route-sections.ts). The plugin plans once per build
 * and hands the sources in the options, by path under the generated folder (`root`).
 *
 * A plain CommonJS module, so the bundler can run it as a loader without compiling it.
 */
'use strict';

/**
 * @this {{resourcePath: string, resourceQuery: string, addDependency: (file: string) => void,
 *   getOptions: () => {root: string, inputs: string[], sources: Record<string, string>}}}
 */
function generatedLoader() {
  const {root, inputs, sources} = this.getOptions();
  // Each planned source depends on every generated file the plan read: a persistent bundler cache
  // (off today; see "Build memory" in ARCHITECTURE.md) must rebuild it when any of them changes,
  // not only when its own file does.
  for (const input of inputs) this.addDependency(input);
  const key =
    this.resourcePath
      .slice(root.length + 1)
      .split('\\')
      .join('/') + this.resourceQuery;
  const out = sources[key];
  if (typeof out !== 'string') {
    throw new Error(
      `lean-client: no planned source for the generated module ${key}; see "Lean client" in ARCHITECTURE.md`,
    );
  }
  return out;
}

module.exports = generatedLoader;
