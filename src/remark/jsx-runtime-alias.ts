/**
 * A recma plugin (it runs on the page's compiled JavaScript, after the remark and rehype plugins): the
 * page reads `jsx`, `jsxs` and `Fragment` from the JSX runtime once, into local constants, instead of
 * importing them by name.
 *
 * MDX compiles every element of a page to a call of an imported function (`_jsx("p", …)`). The bundler
 * records each use of an imported name as a dependency of its own and rewrites it to `(0,r.jsx)(…)`:
 * about 41,000 of them on today's pages, in both the client and the server bundle, held in the
 * bundler's memory until the build ends. With one namespace import and local constants, a page has
 * three such uses whatever its length, and its minified chunk calls a one-letter local function.
 * ARCHITECTURE.md ("Build memory") has the figures.
 */
import type {ImportDeclaration, Program, VariableDeclaration} from 'estree';
import type {Plugin} from 'unified';

/** The name of the namespace the runtime's functions are read from; MDX's own names start with `_`. */
export const RUNTIME_NAMESPACE = '_jsxRuntime';

const RUNTIME_SOURCE = /^react\/jsx-(?:dev-)?runtime$/;

/** The import of the JSX runtime as a namespace and one `const` reading what the page used from it. */
export function aliasRuntimeImport(declaration: ImportDeclaration): [ImportDeclaration, VariableDeclaration] | null {
  if (typeof declaration.source.value !== 'string' || !RUNTIME_SOURCE.test(declaration.source.value)) return null;
  const named = declaration.specifiers.filter((s) => s.type === 'ImportSpecifier');
  // Anything but named imports (a default or namespace import) is left as MDX wrote it.
  if (named.length === 0 || named.length !== declaration.specifiers.length) return null;
  const namespace = {type: 'Identifier', name: RUNTIME_NAMESPACE} as const;
  return [
    {
      type: 'ImportDeclaration',
      specifiers: [{type: 'ImportNamespaceSpecifier', local: namespace}],
      source: declaration.source,
      attributes: declaration.attributes ?? [],
    },
    {
      type: 'VariableDeclaration',
      kind: 'const',
      declarations: [
        {
          type: 'VariableDeclarator',
          id: {
            type: 'ObjectPattern',
            properties: named.map((s) => ({
              type: 'Property',
              kind: 'init',
              method: false,
              shorthand: false,
              computed: false,
              key: s.imported,
              value: s.local,
            })),
          },
          init: namespace,
        },
      ],
    },
  ];
}

const recmaJsxRuntimeAlias: Plugin<[], Program> = () => (tree) => {
  tree.body = tree.body.flatMap((node) => (node.type === 'ImportDeclaration' && aliasRuntimeImport(node)) || [node]);
};

export default recmaJsxRuntimeAlias;
