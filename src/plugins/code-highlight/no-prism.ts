/**
 * Stands in for prism-react-renderer in the browser bundles: code arrives highlighted from the build,
 * so the one import left in the theme (Prism handed to `@theme/prism-include-languages`) gets an
 * empty object instead of Prism and its grammars.
 */
export const Prism = {languages: {}};
