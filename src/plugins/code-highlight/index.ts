/**
 * Code highlighted at build time, the browser side: the token colours of both colour modes as a
 * generated stylesheet, and no highlighter in any bundle. The tokens themselves come from the
 * remark plugin src/remark/code-tokens.ts; src/theme/CodeBlock renders them.
 *
 * The theme still imports prism-react-renderer in one client module (it hands Prism to
 * `@theme/prism-include-languages`, a no-op here); the bundles get a stub in its place.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PrismTheme} from 'prism-react-renderer';
import {codeThemeCss} from '../../code-highlight/theme-css';

export interface Options {
  light: PrismTheme;
  dark: PrismTheme;
}

export default function codeHighlightPlugin(context: LoadContext, {light, dark}: Options): Plugin {
  const dir = path.join(context.generatedFilesDir, 'code-highlight');
  const css = path.join(dir, 'code-colours.css');
  fs.mkdirSync(dir, {recursive: true});
  fs.writeFileSync(css, codeThemeCss(light, dark));
  return {
    name: 'authentik-code-highlight',
    getClientModules: () => [css],
    configureWebpack: () => ({
      resolve: {alias: {'prism-react-renderer$': path.join(__dirname, 'no-prism.ts')}},
    }),
  };
}
