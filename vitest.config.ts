import {defineConfig} from 'vitest/config';

// Unit tests: pure functions, no build needed.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // A focused test (`.only`) would silently drop every other one: refused everywhere, not only on CI.
    allowOnly: false,
  },
});
