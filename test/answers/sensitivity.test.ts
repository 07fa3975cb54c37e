/** Sensitivity screening on the duel, each step's paired change checked against the exact twin. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sensitivity, stepOf } from '../../src/answers/sensitivity.ts';
import { sensitivityVerdict } from '../../src/answers/sensitivity-report.ts';
import { loadSubject } from '../../src/answers/subject.ts';
import { ROOT } from '../helpers/bundled.ts';
import { duelExact, type DuelRules } from './duel-exact.ts';

const BASE: DuelRules = { target: 8, maxAim: 2, wounds: [3, 3], turnLimit: 30, aimTo: [2, 0] };

describe('sensitivity', () => {
  it('steps whole values by one and others by 10%', () => {
    expect(stepOf(8, -1)).toBe(7);
    expect(stepOf(0.5, 1)).toBe(0.55);
    expect(stepOf(-2.5, -1)).toBe(-2.75);
  });

  it('ranks the duel values by their exact effect, every interval covering the exact change', async () => {
    const subject = loadSubject(join(ROOT, 'scenarios/duel/high-noon.yaml'));
    const r = await sensitivity(subject, { measure: { kind: 'win', side: 0 }, screenGames: 1000, confirmGames: 8000, confirmTop: 3, workers: 0 });
    const exactBase = duelExact(BASE)[0];
    const exactAt = (path: string, v: number): number => {
      const rules: DuelRules = { ...BASE, wounds: [...BASE.wounds] };
      if (path === 'target') rules.target = v;
      if (path === 'maxAim') rules.maxAim = v;
      if (path === 'wounds') rules.wounds = [v, v];
      if (path === 'turnLimit') rules.turnLimit = v;
      return duelExact(rules)[0];
    };
    expect(r.screened).toBe(4);
    const confirmed = r.rows.filter((x) => x.pass === 2);
    expect(confirmed.map((x) => x.path).sort()).toEqual(['maxAim', 'target', 'wounds']);
    expect(r.rows[r.rows.length - 1].path).toBe('turnLimit');
    for (const x of r.rows) {
      for (const s of [x.down, x.up]) {
        if (!s) continue;
        const exact = exactAt(x.path, s.to) - exactBase;
        // 4 standard errors of the paired difference (+ 1e-6 for a step whose exact change is too rare to sample).
        expect(Math.abs(s.diff - exact)).toBeLessThanOrEqual(4 * s.se + 1e-6);
      }
    }
    // Largest effect first: max aim 2 → 1 (+14.3 points exactly).
    expect(confirmed[0].path).toBe('maxAim');
    expect(sensitivityVerdict(r)[0]).toMatch(/^The Patient win rate, .* moves most with max aim/);
  }, 60_000);
});
