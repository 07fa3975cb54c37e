/**
 * Plan files are read without zod when they are well formed (src/app/plan-read.ts, isPlanShape: a
 * shard process's main thread never loads zod). The quick check must never accept what the zod
 * schema (src/app/plan-schema.ts, the authority) rejects: checked on real plans of every kind and
 * on thousands of one-field mutations of them; and it must accept the real plans (else every read
 * would fall back to zod).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { experimentPlan, scenarioPlan, type PlanFile } from '../../src/app/plan-file.ts';
import { isPlanShape } from '../../src/app/plan-read.ts';
import { planFileSchema } from '../../src/app/plan-schema.ts';
import { ROOT } from '../helpers/bundled.ts';

const agent = (name: string) => ({ name, params: {} });
const EXPERIMENT = join(ROOT, 'experiments/duel-house-rules.yaml');

function plans(): PlanFile[] {
  return [
    scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 100, seed: 'word', skillCheck: 40 }).pf,
    scenarioPlan(join(ROOT, 'scenarios/panzervor/fake-battle.yaml'), { games: 1000, seed: 7, targetHalfWidth: 0.02, agents: [{ name: 'marksman', params: { lambda: 1.5 } }, agent('brawler')] }).pf,
    experimentPlan(EXPERIMENT, { games: 4000, seed: 3, batchSize: 250, sprt: { d0: 0, d1: 0.03, alpha: 0.05, beta: 0.05 }, pairings: [[agent('patient'), agent('random')]] }).pf,
    experimentPlan(join(ROOT, 'experiments/mgv-weapons.yaml'), { games: 100 }).pf,
  ];
}

const REPLACEMENTS: unknown[] = [undefined, null, '', 'x', 'salvo-plan', 0, -1, -2, 1, 0.5, 0.49, 1.5, 2 ** 60, -(2 ** 60), Number.MAX_SAFE_INTEGER, true, [], [1], ['x'], {}, { x: 1 }, 'run', 'a'.repeat(64)];

/** Every JSON path of v (objects and arrays), as key lists. */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof v !== 'object' || v === null) return [at];
  const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [at, ...keys.flatMap((k) => paths((v as Record<string | number, unknown>)[k], [...at, k]))];
}

/** A copy of v with the value at `path` replaced (undefined: deleted), or an extra key added to the object there. */
function mutated(v: unknown, path: (string | number)[], value: unknown, extraKey = false): unknown {
  const copy = structuredClone(v);
  let o = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (extraKey) {
    const target = last === undefined ? o : (o[last] as Record<string, unknown>);
    if (typeof target === 'object' && target !== null && !Array.isArray(target)) target.unexpected = 1;
    return copy;
  }
  if (last === undefined) return value;
  if (value === undefined && !Array.isArray(o)) delete o[last];
  else o[last] = value;
  return copy;
}

describe('the quick plan check', () => {
  const schema = planFileSchema();
  const all = plans();

  it('accepts every real plan (scenario, experiment, --precision, --sprt, --pairings, --skill-check, parameters, word seeds)', () => {
    for (const pf of all) {
      expect(schema.safeParse(pf).success).toBe(true);
      expect(isPlanShape(JSON.parse(JSON.stringify(pf)))).toBe(true);
    }
  });

  it('never accepts a mutated plan that the zod schema rejects, and rejects most of them', () => {
    let tried = 0;
    let rejectedByZod = 0;
    for (const pf of all) {
      const doc = JSON.parse(JSON.stringify(pf)) as unknown;
      // Inside the scenario documents anything goes (the scenario loader checks them): not mutated.
      for (const path of paths(doc).filter((p) => !(p.includes('doc') && p.indexOf('doc') < p.length - 1))) {
        for (const m of [...REPLACEMENTS.map((r) => mutated(doc, path, r)), mutated(doc, path, undefined, true)]) {
          tried++;
          const zodOk = schema.safeParse(m).success;
          if (!zodOk) rejectedByZod++;
          if (isPlanShape(m)) expect(zodOk, `accepted at ${path.join('.')}: ${JSON.stringify(m).slice(0, 200)}`).toBe(true);
        }
      }
    }
    expect(tried).toBeGreaterThan(2000);
    expect(rejectedByZod / tried).toBeGreaterThan(0.5);
  });
});
