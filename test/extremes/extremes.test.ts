/**
 * Extreme values (issue 22 item 3): every number in play in every bundled scenario, at its
 * schema's bounds and at the values that break engines (test/extremes/cases.ts), must either be
 * rejected at load time with an InputError or give games that end (by the rules or the safety
 * cap) without throwing, within a per-game time bound.
 *
 * The full sweep (about 36,000 cases, every value of every scenario) runs in a script:
 * `npx tsx scripts/extremes.ts` (about 25 minutes on the 2-core machine). The default suite plays a
 * deterministic subset: every k-th case of each system's sweep, k chosen for about PER_SYSTEM
 * cases, the offset turning with the system so that different values are picked in each.
 * SALVO_EXTREME_CASES=N per system for a longer run.
 */
import { describe, expect, it } from 'vitest';
import { loadAllSystems } from '../../src/systems/index.ts';
import { sweepCases } from './cases.ts';
import { runCases, summaryLine } from './runner.ts';

const SYSTEMS = await loadAllSystems();
const PER_SYSTEM = Number(process.env.SALVO_EXTREME_CASES ?? 80);
const GAME_TIME_BOUND_MS = 20_000;

describe('extreme values: every accepted value gives games that end, every other is rejected at load time', () => {
  it.each(SYSTEMS.map((s, i) => [s.info.id, i] as const))('%s', async (id, i) => {
    const all = sweepCases([id], 1);
    const step = Math.max(1, Math.floor(all.length / PER_SYSTEM));
    const cases = all.filter((_, k) => k % step === (i * 7) % step).slice(0, PER_SYSTEM);
    const o = await runCases(cases, { gameBoundMs: GAME_TIME_BOUND_MS });
    console.log(`${summaryLine(`extremes ${id}`, cases.length, o)} (every ${step}th of ${all.length})`);
    expect(o.problems).toEqual([]);
    expect(o.rejected + o.played).toBe(cases.length);
    expect(o.played).toBeGreaterThan(0);
  }, 900_000);
});
