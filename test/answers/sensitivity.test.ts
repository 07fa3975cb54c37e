/** Sensitivity screening on the duel, each step's paired change checked against the exact twin. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sensitivity, stepOf, stepToZero } from '../../src/answers/sensitivity.ts';
import { sensitivityLines, sensitivityVerdict } from '../../src/answers/sensitivity-report.ts';
import { findSystem } from '../../src/systems/index.ts';
import { numberDomainAt } from '../../src/scenario/zod-walk.ts';
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
    // The turn limit (30) is never reached: neither step changes a game, so it is reported apart, unranked.
    const limit = r.rows.find((x) => x.path === 'turnLimit')!;
    expect(limit.unchanged).toBe(true);
    expect([limit.down!.changed, limit.up!.changed]).toEqual([0, 0]);
    expect(r.rows.filter((x) => x.unchanged).map((x) => x.path)).toEqual(['turnLimit']);
    const lines = sensitivityLines(r, 20);
    expect(lines.filter((l) => /^ +\d+\. /.test(l)).map((l) => l.replace(/ \[.*/, '').trim())).toEqual(['1. max aim', '2. target', '3. wounds']);
    expect(lines).toContain('  unchanged in every game (1 value, 1,000 games): turn limit');
    // Max aim 2 → 3 changes nothing either (the patient gunfighter aims twice at most): said so, not "+0.0 (+0.0 to +0.0)".
    expect(lines[0]).toMatch(/up 3: no game changed$/);
  }, 60_000);

  it('skips a step that takes a count to zero (its schema minimum is 0), and reads the domain from the rules schema', async () => {
    const duel = findSystem('duel')!;
    expect(numberDomainAt(duel.rulesSchema, ['maxAim'])).toEqual({ min: 0, max: 6, int: true });
    expect(numberDomainAt(duel.rulesSchema, ['wounds'])).toEqual({ min: 1, max: 20, int: true });
    expect(numberDomainAt(duel.rulesSchema, ['nothing'])).toBeUndefined();
    expect(stepToZero(1, 0, 0)).toBe(true);
    expect(stepToZero(1, 0, undefined)).toBe(false); // a modifier may be 0
    expect(stepToZero(-1, 0, 0)).toBe(false);
    expect(stepToZero(2, 1, 0)).toBe(false);
    // With max aim 1 the step down would remove aiming: skipped, and listed with its reason.
    const subject = loadSubject(join(ROOT, 'scenarios/duel/high-noon.yaml'), { sets: [{ path: 'maxAim', value: 1 }] });
    const r = await sensitivity(subject, { measure: { kind: 'win', side: 0 }, screenGames: 200, confirmGames: 200, workers: 0 });
    const aim = r.rows.find((x) => x.path === 'maxAim')!;
    expect(aim.down).toBeUndefined();
    expect(aim.up?.to).toBe(2);
    expect(aim.skipped).toEqual([{ step: 'down', to: 0, reason: 'to zero' }]);
    // wounds 3: both steps stay inside [1, 20]; target 8: inside [2, 13].
    expect(r.rows.flatMap((x) => x.skipped).length).toBe(1);
    expect(sensitivityLines(r, 20)).toContain('  skipped, to zero (removes the rule): max aim 1 → 0');
    expect(sensitivityVerdict(r)[1]).toMatch(/1 step to zero skipped/);
  }, 60_000);
});
