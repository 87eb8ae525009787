import {defineConfig} from 'vitest/config';

// Checks over the built site in build/ (run after `npm run build`), and over nginx serving it.
export default defineConfig({
  test: {
    include: ['tests/site/**/*.test.ts'],
    environment: 'node',
    // A focused test (`.only`) would silently drop every other one: refused everywhere, not only on CI.
    allowOnly: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
