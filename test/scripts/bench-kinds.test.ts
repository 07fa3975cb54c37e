// The arithmetic of `bench-builds.ts --by-kind` (scripts/bench-kinds.ts): the per-kind costs, the
// mix, and the per-decision ratio re-weighted to one mix, on hand-made counts and times.
import { describe, expect, it } from 'vitest';
import { costOf, emptyKindTimes, foldRound, KindClock, reweigh, spansPerGame, type KindTimes } from '../../scripts/bench-kinds.ts';

const KINDS = ['cheap', 'dear', 'rare'];

/** A build's run: per kind [decisions, kept decisions, ns a kept decision] (agent, legal and apply split 1:2:7). */
function run(games: number, rows: readonly (readonly [number, number, number])[]): KindTimes {
  const t = emptyKindTimes(KINDS);
  t.games = games;
  rows.forEach(([count, kept, ns], k) => {
    t.count[k] = count;
    t.kept[k] = kept;
    t.agent[k] = 0.1 * ns * kept;
    t.legal[k] = 0.2 * ns * kept;
    t.apply[k] = 0.7 * ns * kept;
  });
  return t;
}

describe('bench-builds --by-kind: re-weighting', () => {
  it('a change of mix alone reads 1 at either mix, and the whole ratio is the mix', () => {
    // A: half cheap (100 ns), half dear (1000 ns); B: a quarter cheap, three quarters dear, same costs
    const a = run(10, [[100, 100, 100], [100, 100, 1000], [0, 0, 0]]);
    const b = run(10, [[100, 100, 100], [300, 300, 1000], [0, 0, 0]]);
    const r = reweigh(a, b);
    expect(r.perDecisionA).toBeCloseTo(550, 9);
    expect(r.perDecisionB).toBeCloseTo(775, 9);
    expect(r.atMixA).toBeCloseTo(1, 12);
    expect(r.atMixB).toBeCloseTo(1, 12);
    expect(r.observed).toBeCloseTo(550 / 775, 12);
    expect(r.mixAtCostsA).toBeCloseTo(550 / 775, 12);
    expect(r.mixAtCostsB).toBeCloseTo(550 / 775, 12);
  });

  it('a dearer kind is weighted by each mix in turn (Laspeyres at A, Paasche at B)', () => {
    // B's dear kind costs 1100 ns instead of 1000: at A's mix 550 / 600, at B's 775 / 850
    const a = run(10, [[100, 100, 100], [100, 100, 1000], [0, 0, 0]]);
    const b = run(10, [[100, 100, 100], [300, 300, 1100], [0, 0, 0]]);
    const r = reweigh(a, b);
    expect(r.atMixA).toBeCloseTo(550 / 600, 12);
    expect(r.atMixB).toBeCloseTo(775 / 850, 12);
    expect(r.observed).toBeCloseTo(550 / 850, 12);
    // observed = cost at one mix × the mix priced at the other build's costs
    expect(r.atMixA * r.mixAtCostsB).toBeCloseTo(r.observed, 12);
    expect(r.atMixB * r.mixAtCostsA).toBeCloseTo(r.observed, 12);
    expect(r.mixAtCostsB).toBeCloseTo(600 / 850, 12);
  });

  it('weights by every decision of a kind, prices by the kept ones, and leaves out a kind one build never chose', () => {
    // A kept only 50 of its 100 dear decisions (the rest over the cut): its weight is still 100
    const a = run(10, [[100, 100, 100], [100, 50, 1000], [0, 0, 0]]);
    const b = run(10, [[100, 100, 100], [300, 300, 1000], [40, 40, 5000]]);
    expect(costOf(a, 1)).toBeCloseTo(1000, 9);
    const r = reweigh(a, b);
    expect(r.common).toEqual(['cheap', 'dear']);
    expect(r.onlyB).toEqual([{ kind: 'rare', share: 40 / 440 }]);
    expect(r.onlyA).toEqual([]);
    expect(r.perDecisionA).toBeCloseTo(550, 9);
    expect(r.perDecisionB).toBeCloseTo(775, 9);
    expect(r.atMixA).toBeCloseTo(1, 12);
    // a game: every decision at its kind's cost, the rare kind included
    expect(spansPerGame(a)).toBeCloseTo((100 * 100 + 100 * 1000) / 10, 9);
    expect(spansPerGame(b)).toBeCloseTo((100 * 100 + 300 * 1000 + 40 * 5000) / 10, 9);
  });

  it('a round folds in as ns less the clock cost of each kept decision', () => {
    const clock = new KindClock(KINDS.length, (action) => action);
    clock.count.set([5, 2, 0]);
    clock.timed.set([5, 2, 0]);
    clock.kept.set([4, 2, 0]);
    clock.agent.set([0.004, 0.01, 0]); // ms
    clock.legal.set([0.002, 0.002, 0]);
    clock.apply.set([0.0005, 0.03, 0]); // kind 0: less than its 4 × 0.0002 of clock
    const t = emptyKindTimes(KINDS);
    foldRound(t, clock, { agent: 0.0005, legal: 0.0001, apply: 0.0002 }, 3, 1234);
    expect([...t.count]).toEqual([5, 2, 0]);
    expect([...t.timed]).toEqual([5, 2, 0]);
    expect([...t.kept]).toEqual([4, 2, 0]);
    expect(t.agent[0]).toBeCloseTo(1e6 * (0.004 - 4 * 0.0005), 6);
    expect(t.legal[1]).toBeCloseTo(1e6 * (0.002 - 2 * 0.0001), 6);
    expect(t.apply[0]).toBe(0); // never below zero
    expect(t.apply[1]).toBeCloseTo(1e6 * (0.03 - 2 * 0.0002), 6);
    expect([t.games, t.cpu]).toEqual([3, 1234]);
  });

  it('the clock charges each decision to the kind of the action chosen and keeps only undisturbed decisions', () => {
    const clock = new KindClock(KINDS.length, (action) => action, 1e9);
    const h = clock.hooks;
    const legal = new Int32Array(1);
    h.onStart(undefined);
    for (const action of [0, 1, 1, 2, 1]) {
      h.beforeDecision(undefined, 0, legal, 2, 0);
      h.onDecision(undefined, 0, action, 2);
      h.afterApply(undefined, 1);
    }
    expect([...clock.count]).toEqual([1, 3, 1]);
    expect([...clock.kept]).toEqual([1, 3, 1]);
    const strict = new KindClock(KINDS.length, (action) => action, -1); // every span over the cut
    strict.hooks.onStart(undefined);
    strict.hooks.beforeDecision(undefined, 0, legal, 2, 0);
    strict.hooks.onDecision(undefined, 0, 2, 2);
    strict.hooks.afterApply(undefined, 1);
    expect([...strict.count, ...strict.kept, strict.timed[2], strict.agent[2]]).toEqual([0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it('timing one decision in `every` still counts every decision in the mix', () => {
    const clock = new KindClock(KINDS.length, (action) => action, 1e9, 4);
    const h = clock.hooks;
    const legal = new Int32Array(1);
    h.onStart(undefined);
    for (let i = 0; i < 4000; i++) {
      h.beforeDecision(undefined, 0, legal, 2, i);
      h.onDecision(undefined, 0, i % 3, 2);
      h.afterApply(undefined, i + 1);
    }
    expect([...clock.count]).toEqual([1334, 1333, 1333]);
    const timed = clock.timed.reduce((s, x) => s + x, 0);
    expect(timed).toBeGreaterThan(800);
    expect(timed).toBeLessThan(1200);
    expect([...clock.kept]).toEqual([...clock.timed]);
  });
});
