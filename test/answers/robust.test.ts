import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePairings, robustness } from '../../src/answers/robust.ts';
import { runExperiment } from '../../src/app/execute.ts';
import { verdictLines } from '../../src/report/verdict-lines.ts';
import { ROOT } from '../helpers/bundled.ts';

const d = (diff: number, half: number) => ({ n: 1000, reference: 0.5, version: 0.5 + diff, diff, lo: diff - half, hi: diff + half, se: half / 1.96 });

describe('verdicts across agent pairings', () => {
  it('is robust only when sign and significance hold under every pairing', () => {
    expect(robustness([d(0.1, 0.02), d(0.05, 0.02)])).toBe('robust');
    expect(robustness([d(0.1, 0.02), d(-0.05, 0.02)])).toBe('not robust');
    expect(robustness([d(0.1, 0.02), d(0.01, 0.02)])).toBe('not robust');
    expect(robustness([d(0.01, 0.02), d(0, 0.02)])).toBe('no effect');
  });

  it('parses pairings with parameters', () => {
    expect(parsePairings('patient:aimTo=1,random;trigger-happy,patient')).toEqual([
      [{ name: 'patient', params: { aimTo: 1 } }, { name: 'random', params: {} }],
      [{ name: 'trigger-happy', params: {} }, { name: 'patient', params: {} }],
    ]);
    expect(parsePairings(' ; ')).toBeNull();
  });

  it('replays the duel house rules under other players: target 7 hurts the patient gunfighter whoever shoots back', async () => {
    const file = join(ROOT, 'experiments/duel-house-rules.yaml');
    const r = await runExperiment({ file, games: 3000, workers: 0, pairings: parsePairings('patient,random;patient,patient')! });
    const rb = r.report.robust!;
    expect(rb.pairings).toEqual(['patient vs trigger-happy', 'patient vs random', 'patient vs patient']);
    const t7 = rb.variants.find((v) => r.analysis.variants[v.variant].name === 'target-7')!;
    expect(t7.changes).toHaveLength(3);
    expect(t7.changes[0].diff).toBeCloseTo(r.analysis.variants[t7.variant].comparison!.diff, 12);
    expect(verdictLines(r.report).join(' ')).toMatch(/Under 3 agent pairings/);
  }, 120_000);
});
