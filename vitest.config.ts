import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['dist/**', 'node_modules/**'],
    // Each run's temporary folders live under one TMPDIR removed at the end (test/helpers/tmp-root.ts).
    globalSetup: ['test/helpers/tmp-root.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
