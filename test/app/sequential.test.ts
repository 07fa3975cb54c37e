/**
 * Sequential stopping on shards (issue 11 item 2, issue 10's "SPRT and pairings on shard and queue
 * runs"): a GSPRT plan with an extra agent pairing, and a precision plan, played round by round as
 * shards (the merge's status names the next round) stop at the same round and merge to the same
 * summary.json, GSPRT trace and robustness table as one process, whatever the number of shards;
 * an interrupted GSPRT run resumes to the same result.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executePlan, finishPlan, planContext, type PlanContext, type RunOutcome } from '../../src/app/execute.ts';
import { addPartial, combine, mergedResult, newMergeState, statusText } from '../../src/app/merge.ts';
import { experimentPlan, type PlanFile } from '../../src/app/plan-file.ts';
import { playedPlan, roundCount } from '../../src/app/sequential.ts';
import { runShard, type PartialFile } from '../../src/app/shard.ts';
import { InputError } from '../../src/scenario/errors.ts';
import { ROOT } from '../helpers/bundled.ts';
import { comparable } from '../run/compare.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-sequential-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const EXPERIMENT = join(ROOT, 'experiments/duel-house-rules.yaml');
const agent = (name: string) => ({ name, params: {} });
const SPRT = { d0: 0, d1: 0.03, alpha: 0.05, beta: 0.05 };

/** Runs shards i/n round by round, as a user following `salvo merge --status` would, and merges. */
async function roundsOfShards(pf: PlanFile, n: number, ctx: PlanContext): Promise<{ summary: string; rounds: number[]; statuses: string[]; outcome: ReturnType<typeof finishPlan> }> {
  const st = newMergeState(pf);
  const rounds: number[] = [];
  const statuses: string[] = [];
  for (;;) {
    const m = combine(st);
    statuses.push(statusText(st, m, 'plan.json'));
    if (m.complete) {
      const outcome = finishPlan(pf, mergedResult(st, m), ctx, m.sprt ? { sprt: m.sprt } : {});
      return { summary: outcome.files['summary.json'], rounds, statuses, outcome };
    }
    const r = m.nextRound!;
    rounds.push(r);
    // Shards of one round, merged in reverse order (any order gives the same result).
    const parts: PartialFile[] = [];
    for (let i = 0; i < n; i++) parts.push((await runShard(pf, { index: i, count: n }, { workers: 0, round: r }))!);
    for (const p of parts.reverse()) addPartial(st, `shard-${p.shard.index}-round-${r}`, JSON.parse(JSON.stringify(p)) as PartialFile);
  }
}

describe('sequential stopping in rounds of shards', () => {
  it('a GSPRT plan with an extra pairing stops at the same round, with the same trace and robustness table, for 1 process and 1, 3 or 7 shards', async () => {
    const { pf, base, variants } = experimentPlan(EXPERIMENT, { games: 40_000, seed: 3, batchSize: 250, sprt: SPRT, pairings: [[agent('patient'), agent('random')]] });
    const ctx = { base, variants };
    expect(pf.sprt?.roundGames).toBe(500);
    expect(playedPlan(pf).variants).toHaveLength(8); // 4 variants, replayed under one more pairing
    const one = (await executePlan(pf, { workers: 0 }, ctx)) as RunOutcome;
    expect(one.result.stoppedEarly).toBe(true);
    const games = one.result.games;
    // Not stopped after the first round, nor run to the end: the rule was checked round by round.
    expect(games).toBeGreaterThan(1000);
    expect(games).toBeLessThan(pf.plan.games);
    expect(one.report.sprt!.variants.every((v) => v.decision !== 'undecided')).toBe(true);
    expect(Math.max(...one.report.sprt!.variants.map((v) => v.trace.length))).toBe(games / 500);
    expect(one.report.robust!.pairings).toEqual(['patient vs trigger-happy', 'patient vs random']);
    const want = comparable(one.files['summary.json']);
    for (const n of [1, 3, 7]) {
      const got = await roundsOfShards(pf, n, ctx);
      expect(got.rounds).toEqual(Array.from({ length: games / 500 }, (_, i) => i)); // every round up to the stop, none after
      expect(comparable(got.summary)).toBe(want);
      expect(got.outcome.report.sprt).toEqual(one.report.sprt);
      expect(got.outcome.report.robust).toEqual(one.report.robust);
      expect(got.statuses[1]).toMatch(/stopping rule: not met after round 0 \(500 games\)/);
      expect(got.statuses[1]).toMatch(/next: round 1: salvo run --plan plan\.json --shard i\/n --round 1/);
      expect(got.statuses.at(-1)).toMatch(new RegExp(`stopping rule: met after round ${games / 500 - 1} \\(${games} games\\)`));
      expect(got.statuses.at(-1)).toMatch(/accepts H[01]/);
    }
  }, 240_000);

  it('"is it even?" (question: even) stops once every variant is decided, at the same round and with the same answers for 1 process and 3 shards', async () => {
    const file = join(tmp, 'even.yaml');
    // Hasty's score: target 10 gives ~61% (soon not even), target 11 with 4 wounds ~47.7% (even within ±3 only after many games).
    writeFileSync(file, `experiment: even\nname: even\nbase: ${join(ROOT, 'scenarios/duel/high-noon.yaml')}\ngames: 40000\nseed: 5\nbaseline: t10\nquestion: { even: 3 }\ncompare: [Hasty]\nvariants:\n  - { name: t10, overrides: { target: 10 } }\n  - { name: t11w4, overrides: { target: 11, wounds: 4 } }\n`);
    const { pf, base, variants } = experimentPlan(file, { batchSize: 500, roundGames: 1000 });
    const ctx = { base, variants };
    expect(pf.even).toEqual({ margin: 0.03, side: 1, alpha: 0.05, roundGames: 1000 });
    const one = (await executePlan(pf, { workers: 0 }, ctx)) as RunOutcome;
    expect(one.result.stoppedEarly).toBe(true);
    const games = one.result.games;
    expect(games).toBeGreaterThan(2000);
    expect(games).toBeLessThan(pf.plan.games);
    expect(one.report.even!.tests.map((t) => t.decision)).toEqual(['not even', 'even']);
    const lines = one.files['summary.json'];
    expect(JSON.parse(lines).verdict.join(' ')).toMatch(/Is it even\? 1 of 2 variants even, 1 not even, 0 not yet decided \(Hasty's score \(wins \+ half the draws\) within ±3 points of 50% \(47\.0–53\.0%\)/);
    const got = await roundsOfShards(pf, 3, ctx);
    expect(got.rounds).toEqual(Array.from({ length: games / 1000 }, (_, i) => i));
    expect(comparable(got.summary)).toBe(comparable(one.files['summary.json']));
    expect(got.outcome.report.even).toEqual(one.report.even);
    expect(got.statuses[1]).toMatch(/stopping rule: every variant decided even or not even \(side B's score 50% ± 3\.0 points/);
    expect(got.statuses[1]).toMatch(/ {2}t11w4: undecided|t11w4: not even|t11w4: even/);
    // no other stopping rule beside it
    expect(() => experimentPlan(file, { targetHalfWidth: 0.01 })).toThrow(InputError);
  }, 240_000);

  it('a precision plan stops at the same round for 1 process and 3 shards; rounds played beyond the stop are left out', async () => {
    const { pf, base, variants } = experimentPlan(EXPERIMENT, { games: 40_000, seed: 4, batchSize: 500, targetHalfWidth: 0.02 });
    const ctx = { base, variants };
    const one = (await executePlan(pf, { workers: 0 }, ctx)) as RunOutcome;
    expect(one.result.stoppedEarly).toBe(true);
    const got = await roundsOfShards(pf, 3, ctx);
    expect(comparable(got.summary)).toBe(comparable(one.files['summary.json']));
    // A shard that played every round anyway (no --round) merges to the same result.
    const st = newMergeState(pf);
    for (let i = 0; i < 2; i++) addPartial(st, `all-${i}`, (await runShard(pf, { index: i, count: 2 }, { workers: 0 }))!);
    const m = combine(st);
    expect(m.complete && m.stoppedEarly).toBe(true);
    expect(comparable(finishPlan(pf, mergedResult(st, m), ctx).files['summary.json'])).toBe(comparable(one.files['summary.json']));
    expect(roundCount(pf)).toBe(20);
  }, 240_000);

  it('an interrupted GSPRT run resumes from its checkpoint to the uninterrupted result (earlier rounds\' decisions kept)', async () => {
    const { pf, base, variants } = experimentPlan(EXPERIMENT, { games: 40_000, seed: 3, batchSize: 250, sprt: SPRT });
    const ctx = { base, variants };
    const whole = (await executePlan(pf, { workers: 0 }, ctx)) as RunOutcome;
    const out = join(tmp, 'resume');
    const ac = new AbortController();
    // Stopped in the middle of round 5 (games 2500-2999): rounds 0-4 were checked before.
    const first = await executePlan(pf, { workers: 0, out, signal: ac.signal, onProgress: (done) => done >= 4 * 2750 && ac.abort() }, ctx);
    expect(first.interrupted).toBe(true);
    const resumed = (await executePlan(pf, { workers: 0, out, resume: true }, ctx)) as RunOutcome;
    expect(comparable(resumed.files['summary.json'])).toBe(comparable(whole.files['summary.json']));
    expect(resumed.report.sprt).toEqual(whole.report.sprt);
  }, 120_000);

  it('--sprt and --pairings need an experiment with a baseline; --precision and --sprt exclude each other', () => {
    const bad = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        if (e instanceof InputError) return e.message;
        throw e;
      }
      return '';
    };
    expect(bad(() => experimentPlan(EXPERIMENT, { games: 1000, sprt: SPRT, targetHalfWidth: 0.01 }))).toMatch(/--precision: give --precision or --sprt, not both/);
    expect(bad(() => experimentPlan(EXPERIMENT, { games: 1000, pairings: [[agent('patient'), agent('nobody')]] }))).toMatch(/--pairings\.0/);
    expect(planContext(experimentPlan(EXPERIMENT, { games: 1000, sprt: SPRT }).pf).variants).toHaveLength(4);
  });
});
