/**
 * Regenerates the golden transcripts: game 0 (seed 1, the scenario's default agents) of every
 * bundled scenario, move by move with its dice. A change in a golden file is a deliberate event,
 * reviewed as a diff: `npx tsx scripts/update-golden.ts && git diff test/golden`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { goldenPath, goldenTranscript } from '../test/helpers/golden.ts';
import { bundledScenarios } from '../test/helpers/bundled.ts';
import { loadAllSystems } from '../src/systems/index.ts';

await loadAllSystems(); // the golden transcripts load scenarios synchronously

for (const file of bundledScenarios()) {
  const out = goldenPath(file);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, goldenTranscript(file));
  console.log(`wrote ${out}`);
}
