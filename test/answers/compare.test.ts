import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExperiment } from '../../src/app/execute.ts';
import { verdictLines } from '../../src/report/run-report.ts';
import { InputError } from '../../src/scenario/errors.ts';
import { ROOT } from '../helpers/bundled.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-compare-'));
const experiment = (compare: string) => {
  const file = join(dir, `e${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(
    file,
    `experiment: cmp
name: "compare"
base: ${join(ROOT, 'scenarios/duel/high-noon.yaml')}
games: 600
baseline: base
${compare}
variants:
  - { name: base }
  - { name: t7, overrides: { target: 7 } }
`,
  );
  return file;
};

describe('experiments compare what was asked', () => {
  it('pairs every side and the draw rate by default; compare: picks the verdict measure by side name', async () => {
    const r = await runExperiment({ file: experiment('compare: [Hasty, draws]'), workers: 0 });
    const v = r.analysis.variants[1];
    expect(v.comparisons!.map((c) => c.measure)).toEqual(['Patient wins', 'Hasty wins', 'draws']);
    // Two sides, no draws: Hasty's change is minus Patient's, game by game.
    expect(v.comparisons![1].diff).toBeCloseTo(-v.comparisons![0].diff, 12);
    expect(verdictLines(r.report)[0]).toMatch(/change Hasty's win rate at 95%/);
  });

  it('rejects a compare entry that names no side', async () => {
    await expect(() => runExperiment({ file: experiment('compare: [Mako]'), workers: 0 })).rejects.toThrow(InputError);
  });
});
