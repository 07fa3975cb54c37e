import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ShapeTracker } from '../../src/core/shape.ts';
import { analyzeShape } from '../../src/analysis/shape.ts';
import type { GameResult, LeadMeasure } from '../../src/core/system.ts';
import { runScenario, planForScenario } from '../../src/app/execute.ts';
import { runPlan } from '../../src/run/pool.ts';
import { addShape, canonicalSummary, emptySummary, mergeSummary } from '../../src/run/summary.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { ROOT } from '../helpers/bundled.ts';

const measure: LeadMeasure<number> = { unit: 'points', comebackMargin: 3, value: (s) => s };
const won = (winner: number): GameResult => ({ winner, reason: 'victory', detail: '', length: 1 });

/** One game from a list of side A's leads at the end of turns 1, 2, ... */
function game(leads: readonly number[], winner: number, firstSide = 0) {
  const t = new ShapeTracker(measure, () => 0);
  t.start(0);
  t.firstSide = firstSide;
  leads.forEach((l, i) => t.sample(l, i + 1));
  const s = emptySummary(2, 0, 0);
  addShape(s, t, won(winner));
  return s.shape!;
}

describe('the shape of a game from a sequence of leads', () => {
  it('counts lead changes, ignoring level scores between two leads of the same side', () => {
    expect(game([1, -1, 2, 0, 3, -2], 1).changes).toEqual({ 3: 1 });
    expect(game([0, 0, 1, 0, 2], 0).changes).toEqual({ 0: 1 });
    expect(game([-1, 0, -2, 4], 0).changes).toEqual({ 1: 1 });
  });

  it('a comeback is a win after trailing by at least the margin at the end of a turn', () => {
    expect(game([-3, -1, 2], 0).comebacks).toBe(1); // A trailed by 3 (the margin), won
    expect(game([-2, -1, 2], 0).comebacks).toBe(0); // only by 2
    expect(game([4, 1, -1], 1).comebacks).toBe(1); // B trailed by 4, won
    expect(game([-5, -6], 1).comebacks).toBe(0); // B always ahead
    // The winner's deepest deficit is kept, so the rate can be read at any margin.
    expect(game([-3, -1, 2], 0).deficits).toEqual({ 3: 1 });
    expect(game([4, 1, -1], 1).deficits).toEqual({ 4: 1 });
    expect(game([-5, -6], 1).deficits).toEqual({ 0: 1 });
  });

  it('the comeback curve: the share of decided games whose winner came back from at least each deficit', () => {
    const s = emptySummary(2, 0, 0);
    for (const [leads, w] of [[[-3, 1], 0], [[-1, 2], 0], [[2, -1], 1], [[1, 2], 0]] as Array<[number[], number]>) {
      const t = new ShapeTracker(measure, () => 0);
      t.start(0);
      leads.forEach((l, i) => t.sample(l, i + 1));
      addShape(s, t, won(w));
    }
    const a = analyzeShape(s.shape!, ['A', 'B'], 'points', 'turns');
    expect(a.comebackCurve).toEqual([
      { deficit: 1, games: 3, share: 0.75 },
      { deficit: 2, games: 2, share: 0.5 },
      { deficit: 3, games: 1, share: 0.25 },
    ]);
    expect(a.comebacks.k).toBe(1); // margin 3
  });

  it('the turn from which the winner led for good, or that it was not ahead at the end', () => {
    expect(game([1, -1, 0, 2, 3], 0).ledFrom).toEqual({ 4: 1 });
    expect(game([-1, -2, -1], 1).ledFrom).toEqual({ 1: 1 });
    const notAhead = game([2, 1, 0], 0);
    expect(notAhead.ledFrom).toEqual({});
    expect(notAhead.notAhead).toBe(1);
  });

  it('the first mover record: won, drawn, lost', () => {
    expect(game([1], 0, 0).firstMover).toEqual([1, 0, 0]);
    expect(game([1], 0, 1).firstMover).toEqual([0, 0, 1]);
    expect(game([1], 1, 1).firstSide).toEqual([0, 1]);
  });

  it('draws count in the first-mover record and lead changes, not in comebacks', () => {
    const t = new ShapeTracker(measure, () => 0);
    t.start(0);
    t.firstSide = 0;
    for (const l of [-4, 4]) t.sample(l, 1);
    const s = emptySummary(2, 0, 0);
    addShape(s, t, { winner: -1, reason: 'turn-limit', detail: '', length: 2 });
    expect(s.shape).toMatchObject({ games: 1, decided: 0, comebacks: 0, changes: { 1: 1 }, firstMover: [0, 1, 0] });
  });
});

/**
 * Independent exact twin of a duel with the lead sampled as the runner does: at the end of each
 * round (after side B acted, the duel going on) and once at the end. Agents aim to aimTo[side]
 * (capped by maxAim) and then fire. Returns, for a given first player, P(first mover wins),
 * P(comeback win) (the winner trailed by >= 1 wound at a sample) and P(the winner led from round 1).
 * Dynamic programming over (wounds, aims, side to act, round, lowest and highest lead so far, the
 * round since which each side has led).
 */
function duelShapeExact(first: 0 | 1, aimTo: [number, number], target = 8, maxAim = 2, wounds = 3, turnLimit = 30): [number, number, number] {
  const hit = (t: number) => {
    let w = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= t) w++;
    return w / 36;
  };
  type Triple = [number, number, number];
  const memo = new Map<string, Triple>();
  const since = (l: number, sA: number, sB: number, turn: number): [number, number] => [l > 0 ? (sA < 0 ? turn : sA) : -1, l < 0 ? (sB < 0 ? turn : sB) : -1];
  const go = (w0: number, w1: number, a0: number, a1: number, active: number, turn: number, mn: number, mx: number, sA: number, sB: number): Triple => {
    const key = [w0, w1, a0, a1, active, turn, mn, mx, sA, sB].join(',');
    const m = memo.get(key);
    if (m) return m;
    // After `active` acted (wounds and aims updated): end of turn, maybe of the round (a sample).
    const endTurn = (nw0: number, nw1: number, na0: number, na1: number): Triple => {
      if (active === 0) return go(nw0, nw1, na0, na1, 1, turn, mn, mx, sA, sB);
      if (turn + 1 > turnLimit) return [0, 0, 0]; // drawn: counts in none of the three
      const l = nw0 - nw1;
      const [nsA, nsB] = since(l, sA, sB, turn);
      return go(nw0, nw1, na0, na1, 0, turn + 1, Math.min(mn, l), Math.max(mx, l), nsA, nsB);
    };
    const aim = active === 0 ? a0 : a1;
    let out: Triple;
    if (aim < Math.min(aimTo[active], maxAim)) {
      out = endTurn(w0, w1, active === 0 ? a0 + 1 : a0, active === 1 ? a1 + 1 : a1);
    } else {
      const p = hit(target - aim);
      const na0 = active === 0 ? 0 : a0;
      const na1 = active === 1 ? 0 : a1;
      const miss = endTurn(w0, w1, na0, na1);
      const nw0 = active === 1 ? w0 - 1 : w0;
      const nw1 = active === 0 ? w1 - 1 : w1;
      let onHit: Triple;
      if (nw0 === 0 || nw1 === 0) {
        // Killed: the duel ends at once; the last sample is the position after the shot.
        const l = nw0 - nw1;
        const [fA, fB] = since(l, sA, sB, turn);
        const comeback = active === 0 ? Math.min(mn, l) <= -1 : Math.max(mx, l) >= 1;
        onHit = [active === first ? 1 : 0, comeback ? 1 : 0, (active === 0 ? fA : fB) === 1 ? 1 : 0];
      } else onHit = endTurn(nw0, nw1, na0, na1);
      out = [0, 1, 2].map((i) => p * onHit[i] + (1 - p) * miss[i]) as Triple;
    }
    memo.set(key, out);
    return out;
  };
  return go(wounds, wounds, 0, 0, first, 1, Infinity, -Infinity, -1, -1);
}

describe('the shape of a duel matches its exact twin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'salvo-shape-'));
  const file = join(dir, 'duel-random-first.yaml');
  writeFileSync(
    file,
    `system: duel
id: random-first
name: "duel, random first player"
options: { firstPlayer: random }
scenario:
  sides: [Patient, Hasty]
`,
  );
  const N = 20_000;
  const tol = (p: number) => 4 * Math.sqrt((p * (1 - p)) / N);

  it('first-mover advantage, comeback rate and the winner leading from round 1, within 4 standard errors', async () => {
    const r = await runScenario({ file, games: N, seed: 3, workers: 0, agents: [{ name: 'patient', params: {} }, { name: 'trigger-happy', params: {} }] });
    const sh = r.result.summaries[0].shape!;
    expect(sh.games).toBe(N);
    // The first player is drawn at random: each exact figure is the average over who goes first.
    const [e0, e1] = [duelShapeExact(0, [2, 0]), duelShapeExact(1, [2, 0])];
    const [pFirst, pComeback, pLed1] = [0, 1, 2].map((i) => (e0[i] + e1[i]) / 2);
    expect(Math.abs(sh.firstMover[0] / N - pFirst)).toBeLessThanOrEqual(tol(pFirst));
    expect(Math.abs(sh.comebacks / N - pComeback)).toBeLessThanOrEqual(tol(pComeback));
    expect(Math.abs((sh.ledFrom[1] ?? 0) / N - pLed1)).toBeLessThanOrEqual(tol(pLed1));
    // Who went first is a fair coin here.
    expect(Math.abs(sh.firstSide[0] / N - 0.5)).toBeLessThanOrEqual(tol(0.5));
    // Sanity of the twin itself: comebacks happen, and the first mover's edge is real but not total.
    expect(pComeback).toBeGreaterThan(0.05);
    expect(pFirst).toBeGreaterThan(0.3);
    expect(pFirst).toBeLessThan(0.8);
  });

  it('the shape summary is the same for any worker count and batch size', async () => {
    const loaded = loadScenarioFile(join(ROOT, 'scenarios/duel/high-noon.yaml'));
    const plan = planForScenario(loaded, { games: 3000, seed: 9 });
    const one = await runPlan(plan, { workers: 0, batchSize: 3000 });
    const many = await runPlan(plan, { workers: 0, batchSize: 170 });
    const two = await runPlan(plan, { workers: 2, batchSize: 250 });
    const json = (s: typeof one.summaries[0]) => JSON.stringify(canonicalSummary(s).shape);
    expect(one.summaries[0].shape!.games).toBe(3000);
    expect(json(many.summaries[0])).toBe(json(one.summaries[0]));
    expect(json(two.summaries[0])).toBe(json(one.summaries[0]));
    // Merging two halves gives the whole.
    const half = await runPlan({ ...plan, games: 1500 }, { workers: 0 });
    expect(half.summaries[0].shape!.games).toBe(1500);
    const merged = mergeSummary(structuredClone(one.summaries[0]), one.summaries[0]);
    expect(merged.shape!.comebacks).toBe(2 * one.summaries[0].shape!.comebacks);
  });
});

describe('the first mover', () => {
  it('is the measure\'s firstMover when it declares one (set-up done), else the side of the first decision', () => {
    const withFirst: LeadMeasure<number> = { ...measure, firstMover: () => 1 };
    const t = new ShapeTracker(withFirst, () => 0);
    t.start(0);
    t.step(0, 0); // side A deploys first
    expect(t.firstSide).toBe(1);
    const u = new ShapeTracker(measure, (s: number) => s);
    u.start(0);
    u.step(0, 1);
    u.step(0, 0);
    expect(u.firstSide).toBe(1);
  });
});
