import {defineConfig} from 'vitest/config';

// Unit tests: pure functions, no build needed.
export default defineConfig({
  resolve: {
    alias: {
      // The theme's code block metadata (tests/unit/code-highlight.test.ts) imports this client alias.
      '@docusaurus/useIsomorphicLayoutEffect': '@docusaurus/core/lib/client/exports/useIsomorphicLayoutEffect.js',
      // The page side of search reads its index address from the plugins' global data.
      '@generated/globalData': `${__dirname}/tests/support/generated-global-data.ts`,
    },
  },
  // theme-common ships JSX in .js files.
  esbuild: {include: /(\.[jt]sx?|theme-common\/lib\/.*\.js)$/, exclude: [], loader: 'tsx'},
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // A focused test (`.only`) would silently drop every other one: refused everywhere, not only on CI.
    allowOnly: false,
  },
});
