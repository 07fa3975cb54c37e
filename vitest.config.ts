import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['dist/**', 'node_modules/**'],
    // Each run's temporary folders live under one TMPDIR removed at the end (test/helpers/tmp-root.ts).
    globalSetup: ['test/helpers/tmp-root.ts'],
    // Every rule system loaded in each test file (src/systems/index.ts loads them on demand).
    setupFiles: ['test/helpers/systems.ts'],
    // Two test files at a time on the 2-core CI machine (vitest's default leaves one core idle).
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
