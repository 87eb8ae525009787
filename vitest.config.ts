import {defineConfig} from 'vitest/config';

// Unit tests: pure functions, no build needed.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
