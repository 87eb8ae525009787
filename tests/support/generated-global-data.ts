/** Stands in for Docusaurus's `@generated/globalData` in unit tests: no plugin data, as in a fresh build. */
export default {};
