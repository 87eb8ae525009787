/**
 * Gives a generated Docusaurus module (`routes.js`, its `?section=<name>` queries,
 * `routesChunkNames.json`, `registry.js`) the source the lean-client plugin wrote for it
 * (./route-sections.ts). The plugin plans once per build and hands the sources in the options.
 *
 * A plain CommonJS module, so the bundler can run it as a loader without compiling it.
 */
'use strict';

/** The generated files every planned source is made from. */
const INPUTS = ['routes.js', 'routesChunkNames.json', 'registry.js', 'globalData.json'];

/**
 * @this {{context: string, resourcePath: string, resourceQuery: string,
 *   addDependency: (file: string) => void, getOptions: () => {sources: Record<string, string>}}}
 */
function generatedLoader() {
  // Each planned source depends on all four generated files: the bundler's persistent cache must
  // rebuild it when any of them changes, not only when its own file does.
  // `context` is the generated file's folder.
  for (const input of INPUTS) this.addDependency(`${this.context}/${input}`);
  const key = this.resourcePath.slice(this.context.length + 1) + this.resourceQuery;
  const out = this.getOptions().sources[key];
  if (typeof out !== 'string') {
    throw new Error(
      `lean-client: no planned source for the generated module ${key}; see "Lean client" in ARCHITECTURE.md`,
    );
  }
  return out;
}

module.exports = generatedLoader;
