/**
 * Blanks the module paths of Docusaurus's generated route registry in the browser bundle.
 *
 * Each registry entry is `[loader, "<module path>", require.resolveWeak("<module path>")]`. The
 * path string is read only while rendering on the server, where react-loadable reports which
 * modules a page used; the browser never reads it, yet every page downloads one per route chunk
 * (several kilobytes gzip). The server bundle keeps the registry as it is.
 *
 * A plain CommonJS module, so the bundler can run it as a loader without compiling it.
 */
'use strict';

// The generated shape: `), "<path>", require.resolveWeak("<path>")]`.
const ENTRY = /\), ("(?:[^"\\]|\\.)*"), require\.resolveWeak\(/g;

/**
 * The registry source with every module path blanked. Throws when the source has entries but none
 * in the expected shape: Docusaurus changed its generated code, and this step must be looked at.
 * @param {string} source
 * @returns {string}
 */
function blankModulePaths(source) {
  let count = 0;
  const out = source.replace(ENTRY, () => {
    count += 1;
    return '), "", require.resolveWeak(';
  });
  if (count === 0 && /\(\) => import\(/.test(source)) {
    throw new Error(
      'lean-client: the route registry has entries in an unknown shape; its module paths were not blanked',
    );
  }
  return out;
}

/** Tells the plugin's check (./replacements.ts) that the registry was blanked in this build. */
const BLANKED = Symbol.for('authentik.lean-client.registry-blanked');

/** @param {string} source */
function registryLoader(source) {
  const out = blankModulePaths(source);
  if (out !== source) globalThis[BLANKED] = true;
  return out;
}

module.exports = registryLoader;
module.exports.blankModulePaths = blankModulePaths;
