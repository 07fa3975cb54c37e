/**
 * Vitest set-up file: every rule system is loaded before each test file runs, so tests may call the
 * synchronous loaders (loadScenarioFile, scenarioPlan, ...) on any bundled scenario, as the library
 * entry (src/index.ts) does. The command line and the workers load only what they play: that is
 * tested in separate processes (test/app/start-up.test.ts), never here.
 */
import { loadAllSystems } from '../../src/systems/index.ts';

await loadAllSystems();
