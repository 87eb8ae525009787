import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';
import {compile} from '@mdx-js/mdx';
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import recmaJsxRuntimeAlias, {aliasRuntimeImport, RUNTIME_NAMESPACE} from '../../src/remark/jsx-runtime-alias';

const require = createRequire(import.meta.url);
const PAGE = [
  '# A page',
  '',
  'Some *text* with `code`, a [link](https://example.com/) and a list:',
  '',
  '- one',
  '- **two**',
  '',
  '<>fragment</>',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
].join('\n');

/** The page compiled to a module, with or without the plugin. */
async function compiled(withAlias: boolean): Promise<string> {
  return String(await compile(PAGE, {recmaPlugins: withAlias ? [recmaJsxRuntimeAlias] : []}));
}

/** Imports a compiled page (its JSX runtime resolved from this project) and renders it to HTML. */
async function render(code: string, dir: string, name: string): Promise<string> {
  const runtime = pathToFileURL(require.resolve('react/jsx-runtime')).href;
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, code.replaceAll('"react/jsx-runtime"', JSON.stringify(runtime)));
  const page = (await import(pathToFileURL(file).href)) as {default: (props: object) => unknown};
  return renderToStaticMarkup(createElement(page.default as never));
}

describe('recma plugin: the JSX runtime read once', () => {
  it('imports the runtime as a namespace and calls local functions, whatever the number of elements', async () => {
    const plain = await compiled(false);
    const aliased = await compiled(true);
    // Without the plugin the runtime's functions are imported by name and called at every element.
    expect(plain).toMatch(/import \{[^}]*jsx as _jsx[^}]*\} from "react\/jsx-runtime"/);
    expect(aliased).not.toMatch(/import \{[^}]*\} from "react\/jsx-runtime"/);
    expect(aliased).toContain(`import * as ${RUNTIME_NAMESPACE} from "react/jsx-runtime";`);
    expect(aliased).toMatch(new RegExp(`const \\{[^}]*jsx: _jsx[^}]*\\} = ${RUNTIME_NAMESPACE};`));
    expect(aliased.match(/\b_jsxs?\(/g)?.length).toBe(plain.match(/\b_jsxs?\(/g)?.length);
  });

  it('renders the same HTML as the page compiled without it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jsx-alias-'));
    try {
      const plain = await render(await compiled(false), dir, 'plain');
      const aliased = await render(await compiled(true), dir, 'aliased');
      expect(plain).toContain('<li><strong>two</strong></li>');
      expect(aliased).toBe(plain);
    } finally {
      fs.rmSync(dir, {recursive: true, force: true});
    }
  });

  it('leaves other imports, and runtime imports that are not all named, as they are', () => {
    const source = (value: string) => ({type: 'Literal', value}) as const;
    const local = {type: 'Identifier', name: 'x'} as const;
    expect(
      aliasRuntimeImport({
        type: 'ImportDeclaration',
        attributes: [],
        source: source('react'),
        specifiers: [{type: 'ImportSpecifier', imported: local, local}],
      }),
    ).toBeNull();
    expect(
      aliasRuntimeImport({
        type: 'ImportDeclaration',
        attributes: [],
        source: source('react/jsx-runtime'),
        specifiers: [{type: 'ImportNamespaceSpecifier', local}],
      }),
    ).toBeNull();
  });
});
