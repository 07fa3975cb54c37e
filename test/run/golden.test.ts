/**
 * Golden transcripts (OpenSpiel's playthroughs): one seeded game per bundled scenario must replay
 * exactly. A failure means the rules, the dice order or an agent changed: if that was intended,
 * regenerate with `npx tsx scripts/update-golden.ts` and review the diff.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledScenarios, ROOT } from '../helpers/bundled.ts';
import { goldenPath, goldenTranscript } from '../helpers/golden.ts';

describe('golden transcripts', () => {
  for (const file of bundledScenarios()) {
    const golden = goldenPath(file);
    it(`${relative(ROOT, file)} replays its golden game`, () => {
      expect(existsSync(golden), `missing ${relative(ROOT, golden)}: run npx tsx scripts/update-golden.ts`).toBe(true);
      expect(goldenTranscript(file)).toBe(readFileSync(golden, 'utf8'));
    });
  }
});
