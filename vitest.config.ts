import { defineConfig } from 'vitest/config';

// The suite runs in two projects. Most test files share their worker's modules (isolate: false):
// loading every rule system once per worker instead of once per file saves about a fifth of the
// suite's CPU time. The conformance battery's own tests register mock systems in the registry, so
// they run isolated, each file in a fresh module graph.
const ISOLATED = ['test/conformance/battery.test.ts', 'test/conformance/template.test.ts'];

const shared = {
  exclude: ['dist/**', 'node_modules/**'],
  // Each run's temporary folders live under one TMPDIR removed at the end (test/helpers/tmp-root.ts).
  globalSetup: ['test/helpers/tmp-root.ts'],
  // Every rule system loaded in each test file (src/systems/index.ts loads them on demand).
  setupFiles: ['test/helpers/systems.ts'],
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    // Two test files at a time on the 2-core CI machine (vitest's default leaves one core idle).
    maxWorkers: 2,
    projects: [
      { test: { ...shared, name: 'shared', include: ['test/**/*.test.ts'], exclude: [...shared.exclude, ...ISOLATED], isolate: false } },
      { test: { ...shared, name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
