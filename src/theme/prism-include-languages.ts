/**
 * Nothing to load: code is highlighted at build time (src/remark/code-tokens.ts loads the extra
 * languages there), so the browser needs no Prism grammar.
 */
export default function prismIncludeLanguages(): void {}
