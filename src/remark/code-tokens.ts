/**
 * Highlights fenced code blocks at build time: each block gets a `tokens` property (see
 * src/code-highlight/tokens.ts) that the theme's code block renders from, so the browser loads no
 * highlighter. Writers keep writing ordinary fenced blocks; Mermaid blocks are left alone.
 */
import type {Code, Root} from 'mdast';
import type {Plugin} from 'unified';
import {visit} from 'unist-util-visit';
import {highlight, loadLanguages} from '../code-highlight/highlight';

export interface Options {
  /** prismjs languages to add to prism-react-renderer's defaults, as in `themeConfig.prism`. */
  languages?: readonly string[];
}

const remarkCodeTokens: Plugin<[Options?], Root> = (options = {}) => {
  loadLanguages(options.languages ?? []);
  return (tree) => {
    visit(tree, 'code', (node: Code) => {
      if (!node.lang || node.lang === 'mermaid') return;
      const tokens = highlight(node.value, node.lang);
      if (!tokens) return;
      const data = (node.data ??= {});
      data.hProperties = {...data.hProperties, tokens};
    });
  };
};

export default remarkCodeTokens;
