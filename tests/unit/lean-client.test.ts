/** The bundler steps of src/plugins/lean-client: the same utilities without tslib, the registry without module paths. */
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import * as lean from '../../src/plugins/lean-client/utils-common';

const require = createRequire(import.meta.url);
const original = require('@docusaurus/utils-common') as Record<string, unknown>;
const {blankModulePaths} = require('../../src/plugins/lean-client/registry.cjs') as {
  blankModulePaths: (source: string) => string;
};

describe('@docusaurus/utils-common without tslib', () => {
  it('exports exactly what the package index exports, the same functions and values', () => {
    expect(Object.keys(lean).sort()).toEqual(Object.keys(original).sort());
    for (const name of Object.keys(original)) expect(lean[name as keyof typeof lean], name).toBe(original[name]);
  });

  it('the trailing-slash helper behaves as the package documents', () => {
    expect(lean.applyTrailingSlash('/docs', {trailingSlash: true, baseUrl: '/'})).toBe('/docs/');
    expect(lean.applyTrailingSlash('/docs/', {trailingSlash: false, baseUrl: '/'})).toBe('/docs');
  });
});

const entry = (file: string) =>
  `  "0a1b2c3d": [() => import(/* webpackChunkName: "0a1b2c3d" */ "${file}"), "${file}", require.resolveWeak("${file}")],`;

describe('route registry for the browser', () => {
  const source = ['export default {', entry('@site/docs/index.md'), entry('@theme/DocItem'), '};'].join('\n');

  it('blanks every module path and keeps the loaders and weak ids', () => {
    const out = blankModulePaths(source);
    expect(out).not.toMatch(/"@site\/docs\/index\.md", require/);
    expect(out.match(/, "", require\.resolveWeak\(/g)).toHaveLength(2);
    expect(out).toContain('import(/* webpackChunkName: "0a1b2c3d" */ "@site/docs/index.md")');
    expect(out).toContain('require.resolveWeak("@theme/DocItem")');
  });

  it('handles escaped quotes in a path', () => {
    expect(blankModulePaths(entry('@site/docs/a\\"b.md'))).toContain(', "", require.resolveWeak(');
  });

  it('leaves a registry without entries as it is', () => {
    expect(blankModulePaths('export default {\n};\n')).toBe('export default {\n};\n');
  });

  it('fails loudly on entries in a shape it does not know', () => {
    const changed = `export default {"x": [() => import("@site/a.md"), {module: "@site/a.md"}]};`;
    expect(() => blankModulePaths(changed)).toThrow(/unknown shape/);
  });
});
