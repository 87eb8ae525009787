/**
 * `@docusaurus/utils-common` as the browser needs it: the same functions, re-exported straight from
 * the package's own files. The package's index reaches one of them through tslib's
 * `__importDefault`, a CommonJS `require` that pulls all of tslib (about 4 KB gzip) into every page;
 * this module has no such helper, so no tslib is bundled. tests/unit/lean-client.test.ts checks that
 * it exports exactly what the package's index does.
 */
export {
  default as applyTrailingSlash,
  addTrailingSlash,
  addLeadingSlash,
  removeTrailingSlash,
} from '@docusaurus/utils-common/lib/applyTrailingSlash.js';
export {addPrefix, removeSuffix, addSuffix, removePrefix} from '@docusaurus/utils-common/lib/stringUtils.js';
export {getErrorCausalChain} from '@docusaurus/utils-common/lib/errorUtils.js';

// Search crawlers skip anchors that start with `__`; the value is the package's own.
export const blogPostContainerID = '__blog-post-container';
