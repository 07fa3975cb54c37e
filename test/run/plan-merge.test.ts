/**
 * Plans as files, shards and the exact merge (in process, inline, small plans): for every bundled
 * scenario and experiment, plan → shards (n = 3, 7, merged in a shuffled order, one shard
 * duplicated as a retried shard would be) → merge gives the summary.json of a plain run, byte for
 * byte apart from the timing and worker fields.
 */
import { mkdtempSync, rmSync, writeFileSync, copyFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executePlan, finishPlan, planContext, type PlanContext, type RunOutcome } from '../../src/app/execute.ts';
import { addPartial, combine, mergedResult, newMergeState } from '../../src/app/merge.ts';
import { experimentPlan, planIdentity, planText, readPlanFile, scenarioPlan, type PlanFile } from '../../src/app/plan-file.ts';
import { parseShard, runShard, shardBatches, shardFromEnv, type PartialFile } from '../../src/app/shard.ts';
import { heavyGamesOf, planBatches } from '../../src/run/plan.ts';
import { batchesText } from '../../src/app/played-plan.ts';
import { InputError } from '../../src/scenario/errors.ts';
import { bundledExperiments, bundledScenarios, ROOT } from '../helpers/bundled.ts';
import { comparable } from './compare.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-merge-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));


function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const a = [...xs];
  let s = seed;
  for (let i = a.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

async function mergeShards(pf: PlanFile, n: number, seed: number, ctx?: PlanContext): Promise<string> {
  const parts: PartialFile[] = [];
  for (let i = 0; i < n; i++) parts.push((await runShard(pf, { index: i, count: n }, { workers: 0 }))!);
  const st = newMergeState(pf);
  const order = shuffled([...parts, parts[seed % n]], seed); // one shard "retried": an identical duplicate
  for (const p of order) addPartial(st, `shard-${p.shard.index}`, JSON.parse(JSON.stringify(p)) as PartialFile);
  const m = combine(st);
  expect(m.complete).toBe(true);
  expect(st.duplicates).toBeGreaterThan(0);
  return finishPlan(pf, mergedResult(st, m), ctx).files['summary.json'];
}

describe('plan → shards → merge equals a plain run', () => {
  const cases: Array<[string, () => PlanFile]> = [
    ...bundledScenarios().map((f): [string, () => PlanFile] => [relative(ROOT, f), () => scenarioPlan(f, { games: 14, seed: 11, batchSize: 2 }).pf]),
    ...bundledExperiments().map((f): [string, () => PlanFile] => [relative(ROOT, f), () => experimentPlan(f, { games: 8, seed: 11, batchSize: 1 }).pf]),
  ];
  for (const [name, make] of cases) {
    it(`${name}: n = 3, 7 in shuffled order with a retried shard`, async () => {
      const pf = make();
      const ctx = planContext(pf);
      const run = (await executePlan(pf, { workers: 0 }, ctx)) as RunOutcome;
      const want = comparable(run.files['summary.json']);
      for (const [n, seed] of [[3, 17], [7, 3]] as const) expect(comparable(await mergeShards(pf, n, seed, ctx))).toBe(want);
    }, 60_000);
  }

  it('a precision plan merges round by round and stops where the run stops', async () => {
    const pf = scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 40_000, seed: 5, batchSize: 300, targetHalfWidth: 0.02, roundGames: 1000 }).pf;
    const run = (await executePlan(pf, { workers: 0 })) as RunOutcome;
    expect(run.result.stoppedEarly).toBe(true);
    const st = newMergeState(pf);
    let m = combine(st);
    for (let r = 0; !m.complete; r++) {
      for (const i of [1, 0]) addPartial(st, `r${r}-${i}`, (await runShard(pf, { index: i, count: 2 }, { workers: 0, round: r }))!);
      m = combine(st);
      if (!m.complete) expect(Math.min(...m.missing.map((b) => b.round))).toBe(r + 1);
    }
    expect(m.stoppedEarly).toBe(true);
    expect(m.games).toBe(run.result.games);
    expect(comparable(finishPlan(pf, mergedResult(st, m)).files['summary.json'])).toBe(comparable(run.files['summary.json']));
  }, 60_000);
});

describe('merge checks', () => {
  const pf = scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 40, seed: 2, batchSize: 10 }).pf;

  it('lists the missing batches and stays incomplete', async () => {
    const st = newMergeState(pf);
    addPartial(st, 'p0', (await runShard(pf, { index: 0, count: 2 }, { workers: 0 }))!);
    const m = combine(st);
    expect(m.complete).toBe(false);
    expect(m.missing.map((b) => b.start)).toEqual([10, 30]);
  });

  it('rejects a differing duplicate, a partial of another plan and a batch the plan does not have', async () => {
    const p0 = (await runShard(pf, { index: 0, count: 2 }, { workers: 0 }))!;
    const forged: PartialFile = JSON.parse(JSON.stringify(p0));
    forged.segments[0].summaries[0].wins[0] += 1;
    const st = newMergeState(pf);
    addPartial(st, 'p0', p0);
    expect(() => addPartial(st, 'forged', forged)).toThrow(/already merged .* different results/);
    expect(() => addPartial(newMergeState(pf), 'other', { ...p0, plan: 'f'.repeat(64) })).toThrow(/belongs to plan ffffffffffff/);
    const odd: PartialFile = JSON.parse(JSON.stringify(p0));
    odd.segments[0].batches[0] = 5;
    expect(() => addPartial(newMergeState(pf), 'odd', odd)).toThrow(/game 5 does not start a batch/);
  });

  it("rejects a partial cut another way (an older salvo's, with a skill check), and takes an older one whose cut is the same", async () => {
    // A skill check's first games are cut finer since 28 Nov 2026: an older partial (no layout) of such a plan names other batches.
    const checked = scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 40, seed: 2, batchSize: 10, skillCheck: 8 }).pf;
    const p1 = (await runShard(checked, { index: 1, count: 3 }, { workers: 0 }))!;
    expect(p1.layout).toMatch(/^\d+:[0-9a-f]+$/);
    addPartial(newMergeState(checked), 'p1', p1);
    const older: PartialFile = JSON.parse(JSON.stringify(p1));
    delete (older as { layout?: string }).layout;
    expect(() => addPartial(newMergeState(checked), 'older', older)).toThrow(/older: layout: its batches were cut another way .* play this shard again with this salvo \(--shard 1\/3\)/);
    expect(() => addPartial(newMergeState(checked), 'other', { ...p1, layout: '9:abc' })).toThrow(/cut another way/);
    // Without a skill check the cut never changed: an older partial merges.
    const plain = (await runShard(pf, { index: 0, count: 2 }, { workers: 0 }))!;
    delete (plain as { layout?: string }).layout;
    const st = newMergeState(pf);
    addPartial(st, 'plain', plain);
    expect(st.seen.size).toBe(2);
  });
});

describe('plans as files', () => {
  it('are named by the SHA-256 of their content, hold no paths, and refuse edits', async () => {
    const { pf } = scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 100, seed: 1 });
    expect(pf.id).toMatch(/^[0-9a-f]{64}$/);
    expect(planIdentity(pf)).toBe(pf.id);
    const text = planText(pf);
    expect(text).not.toContain(ROOT);
    expect(scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 101, seed: 1 }).pf.id).not.toBe(pf.id);
    const file = join(tmp, 'plan.json');
    writeFileSync(file, text);
    expect(await readPlanFile(file)).toEqual(pf);
    writeFileSync(file, text.replace('"games": 100', '"games": 99'));
    await expect(readPlanFile(file)).rejects.toThrow(/id: the plan was changed after it was made/);
    const other = JSON.parse(text);
    other.versions.salvo = '0.0.0-other';
    other.id = planIdentity(other);
    writeFileSync(file, JSON.stringify(other));
    await expect(readPlanFile(file)).rejects.toThrow(/versions: the plan was made by salvo 0.0.0-other/);
    writeFileSync(file, '{"format": "salvo-plan",\n "formatVersion": 7}');
    await expect(readPlanFile(file)).rejects.toThrow(InputError);
  });

  it('are played from their inline documents: the scenario file may change or vanish', async () => {
    const copy = join(tmp, 'noon.yaml');
    copyFileSync(join(ROOT, 'scenarios/duel/high-noon.yaml'), copy);
    const { pf } = scenarioPlan(copy, { games: 300, seed: 4 });
    const before = (await executePlan(pf, { workers: 1 })) as RunOutcome;
    writeFileSync(copy, readFileSync(copy, 'utf8').replace(/^id: .*$/m, 'id: edited-after-planning'));
    const edited = (await executePlan(pf, { workers: 1 })) as RunOutcome;
    rmSync(copy);
    const gone = (await executePlan(pf, { workers: 0 })) as RunOutcome;
    expect(comparable(edited.files['summary.json'])).toBe(comparable(before.files['summary.json']));
    expect(comparable(gone.files['summary.json'])).toBe(comparable(before.files['summary.json']));
  });

  it('batches: rounds never straddle, shards partition the plan', () => {
    expect(planBatches(1000, 300, 500).map((b) => [b.start, b.count, b.round])).toEqual([[0, 300, 0], [300, 200, 0], [500, 300, 1], [800, 200, 1]]);
    const { pf } = scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 10_000, seed: 1, batchSize: 300 });
    const all = [0, 1, 2, 3, 4, 5, 6].flatMap((i) => shardBatches(pf, { index: i, count: 7 }).map((b) => b.start));
    expect(all.sort((a, b) => a - b)).toEqual(planBatches(10_000, 300).map((b) => b.start));
  });

  it("batches: a skill check's first games are cut fine so the workers share them, within the rounds", () => {
    const cut = (heavy: number, round?: number) => planBatches(1000, 500, round, heavy).map((b) => [b.start, b.count, b.round]);
    // 100 check games: ceil(100 / 32) = 4 a batch, 25 batches, then the run's 500s from game 100.
    expect(cut(100)).toEqual([...Array.from({ length: 25 }, (_, k) => [4 * k, 4, 0]), [100, 500, 0], [600, 400, 0]]);
    // Rounds of 300: the fine cut stays inside round 0; a check larger than a round is cut fine in each round it covers.
    expect(cut(64, 300).slice(30)).toEqual([[60, 2, 0], [62, 2, 0], [64, 236, 0], [300, 300, 1], [600, 300, 2], [900, 100, 3]]);
    expect(cut(400, 300).filter((b) => b[2] === 1).map((b) => b[1])).toEqual([...Array(7).fill(13), 9, 200]);
    // No check, or one as large as a batch's share: the plain cut.
    expect(cut(0)).toEqual(planBatches(1000, 500).map((b) => [b.start, b.count, b.round]));
    expect(heavyGamesOf({ games: 1000, variants: [{ games: undefined }, { games: 100 }] as never })).toBe(100);
    expect(heavyGamesOf({ games: 100, variants: [{ games: 100 }] as never })).toBe(0);
    // salvo plan and merge --status say so.
    const { pf: checked } = scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 1000, batchSize: 500, skillCheck: 100 });
    expect(batchesText(checked)).toBe('27 batches of 500, the first 100 in smaller ones for the skill check');
    expect(batchesText(scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 1000, batchSize: 500 }).pf)).toBe('2 batches of 500');
  });

  it('shard indices from flags and from Slurm, Kubernetes and AWS Batch environments', () => {
    expect(parseShard('2/8')).toEqual({ index: 2, count: 8 });
    expect(() => parseShard('8/8')).toThrow(/expected i\/n/);
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({ index: 3, count: 4 });
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '0' }, 3)).toEqual({ index: 0, count: 3 });
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: '0' })).toThrow(/--shards N/);
    expect(shardFromEnv({ AWS_BATCH_JOB_ARRAY_INDEX: '6', AWS_BATCH_JOB_ARRAY_SIZE: '7' })).toEqual({ index: 6, count: 7 });
    expect(() => shardFromEnv({})).toThrow(/none of SLURM_ARRAY_TASK_ID/);
  });
});
