/**
 * The per-game time watchdog (issue 12 item 6): a game over the bound fails the run within a few
 * seconds, naming the variant, the run seed and the game index, on workers (the stuck worker is
 * terminated) and inline; a run under the bound is unchanged. The stuck game is a real duel that
 * nobody can win: target 13 on 2d6 with no aim, and the largest turn limit the schema accepts (10^8
 * rounds: seconds of play; no sleep, no test hook).
 */
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { parseAgentChoice } from '../../src/core/agent.ts';
import { GENERIC_AGENTS } from '../../src/agents/index.ts';
import { SEARCH_AGENT_NAMES } from '../../src/agents/names.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { experimentPlan, scenarioPlan } from '../../src/app/plan-file.ts';
import { registerRun } from '../../src/cli/commands/run.ts';
import { registerExperiment } from '../../src/cli/commands/experiment.ts';
import { gameTimeouts } from '../../src/cli/commands/shared.ts';
import { runPlan } from '../../src/run/pool.ts';
import { GameTimeoutError, gameStarted, variantBounds, Watchdog } from '../../src/run/watchdog.ts';
import { ROOT } from '../helpers/bundled.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-watchdog-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HANG = { target: 13, maxAim: 0, turnLimit: 100_000_000 }; // the largest turn limit the schema accepts: 2·10^8 decisions
const scenario = join(dir, 'hang.yaml');
writeFileSync(
  scenario,
  `system: duel\nid: hang\nname: "A duel nobody can win"\noverrides: ${JSON.stringify(HANG)}\nrun: { games: 20, seed: 5, agents: [trigger-happy, trigger-happy] }\nscenario: { sides: [A, B] }\n`,
);
const experiment = join(dir, 'exp.yaml');
writeFileSync(
  experiment,
  `experiment: hang-exp\nname: "one variant hangs"\nbase: ${join(ROOT, 'scenarios/duel/high-noon.yaml')}\ngames: 40\nseed: 9\nagents: [patient, trigger-happy]\nbaseline: baseline\nvariants:\n  - name: baseline\n  - name: stuck\n    overrides: ${JSON.stringify(HANG)}\n`,
);

/** Plays the experiment from game 20 on (batches of 10) and returns the error and the time taken. */
async function failing(workers: number): Promise<{ e: unknown; ms: number }> {
  const { pf } = experimentPlan(experiment, { batchSize: 10 });
  const t0 = performance.now();
  const e = await runPlan(pf.plan, { workers, batchSize: 10, gameTimeoutMs: 1000, only: (b) => b.start >= 20 }).then(
    () => undefined,
    (x: unknown) => x,
  );
  return { e, ms: performance.now() - t0 };
}

describe('per-game time watchdog', () => {
  it('on a worker: the stuck game fails the run within seconds, named by variant, seed and game index', async () => {
    const { e, ms } = await failing(1);
    expect(e).toBeInstanceOf(GameTimeoutError);
    const t = (e as GameTimeoutError).timedOut;
    expect({ variant: t.variant, game: t.game, seed: t.seed, boundMs: t.boundMs }).toEqual({ variant: 'stuck', game: 20, seed: 9, boundMs: 1000 });
    expect(t.elapsedMs).toBeGreaterThanOrEqual(1000);
    expect((e as Error).message).toMatch(/^game 20 of variant 'stuck' of .*high-noon\.yaml \(run seed 9\) was still running after 1(\.\d)? s, over the per-game bound of 1 s$/);
    expect(ms).toBeLessThan(8000);
  }, 20_000);

  it('inline (workers 0): the clock is checked between decisions', async () => {
    const { e, ms } = await failing(0);
    expect(e).toBeInstanceOf(GameTimeoutError);
    expect((e as GameTimeoutError).timedOut).toMatchObject({ variant: 'stuck', game: 20, seed: 9 });
    expect(ms).toBeLessThan(8000);
  }, 20_000);

  it('a run under the bound gives the same summaries with and without the watchdog', async () => {
    const { pf } = scenarioPlan(join(ROOT, 'scenarios/duel/high-noon.yaml'), { games: 300, seed: 3, batchSize: 50 });
    const plain = await runPlan(pf.plan, { workers: 1, batchSize: 50 });
    const watched = await runPlan(pf.plan, { workers: 1, batchSize: 50, gameTimeoutMs: 5000 });
    const inline = await runPlan(pf.plan, { workers: 0, batchSize: 50, gameTimeoutMs: 5000 });
    expect(watched.summaries).toEqual(plain.summaries);
    expect(inline.summaries).toEqual(plain.summaries);
    expect(plain.summaries[0].games).toBe(300);
  }, 30_000);

  it('times a slot only while its game does not move, and not before its first game', async () => {
    const fired: Array<[number, number]> = [];
    const wd = new Watchdog(3, [1000, 1000], (v, g, ms) => (fired.push([v, g]), new GameTimeoutError({ variant: `v${v}`, variantIndex: v, variants: 2, file: 'f', agents: [], seed: 1, game: g, boundMs: 1000, elapsedMs: ms })));
    const slots: number[] = [];
    const never = () => new Promise<never>(() => {});
    const queued = wd.watch((w) => (slots.push(w.slot!), never()));
    const moving = wd.watch((w) => (slots.push(w.slot!), never()));
    const stuck = wd.watch((w) => (slots.push(w.slot!), never()));
    const outcomes = [queued, moving, stuck].map((p) => p.then(() => 'ok', (e: GameTimeoutError) => e.timedOut.game));
    expect(new Set(slots).size).toBe(3);
    gameStarted(wd.slots, slots[1], 0, 7);
    gameStarted(wd.slots, slots[2], 1, 42);
    wd.poll(10_000);
    gameStarted(wd.slots, slots[1], 0, 8);
    wd.poll(10_900);
    expect(fired).toEqual([]);
    gameStarted(wd.slots, slots[1], 1, 8); // same game index, next variant: still a new game
    wd.poll(11_050); // slot 2 unchanged since 10 000: over the bound
    expect(fired).toEqual([[1, 42]]);
    // The run fails: every task in flight is stopped with the same error.
    expect(await Promise.all(outcomes)).toEqual([42, 42, 42]);
  });

  it('--game-timeout takes seconds, 0 = off, for every game; default 60, and 600 where a side searches', () => {
    expect(gameTimeouts(undefined)).toEqual({ gameTimeoutMs: 60_000, searchGameTimeoutMs: 600_000 });
    expect(gameTimeouts('0')).toEqual({ gameTimeoutMs: 0, searchGameTimeoutMs: 0 });
    expect(gameTimeouts('1.5')).toEqual({ gameTimeoutMs: 1500, searchGameTimeoutMs: 1500 });
    for (const bad of ['-1', 'x', '1e3', '']) expect(() => gameTimeouts(bad), bad).toThrow(/--game-timeout: expected seconds/);
  });

  it("a variant where a side searches (mcts, lookahead: a skill check's) gets the search bound", () => {
    const v = (...agents: string[]) => ({ name: 'v', label: 'v', tags: {}, file: 'f', doc: {}, agents: agents.map((a) => parseAgentChoice(a)) });
    const variants = [v('patient', 'trigger-happy'), v('mcts', 'mcts'), v('patient', 'lookahead'), v('mcts:iterations=8', 'patient')];
    expect(variantBounds(variants, 60_000, 600_000)).toEqual([60_000, 600_000, 600_000, 600_000]);
    expect(variantBounds(variants, 1000)).toEqual([1000, 1000, 1000, 1000]);
    // The names the run layer knows are the generic agents' own.
    expect([...SEARCH_AGENT_NAMES].sort()).toEqual(GENERIC_AGENTS.map((f) => f.name).sort());
  });

  it('each slot is timed against the bound of the variant its game belongs to', async () => {
    const fired: Array<[number, number]> = [];
    const wd = new Watchdog(2, [1000, 5000], (v, g, ms) => (fired.push([v, g]), new GameTimeoutError({ variant: `v${v}`, variantIndex: v, variants: 2, file: 'f', agents: [], seed: 1, game: g, boundMs: v ? 5000 : 1000, elapsedMs: ms })));
    const slots: number[] = [];
    const never = () => new Promise<never>(() => {});
    const search = wd.watch((w) => (slots.push(w.slot!), never()));
    const scripted = wd.watch((w) => (slots.push(w.slot!), never()));
    const outcomes = [search, scripted].map((p) => p.then(() => 'ok', (e: GameTimeoutError) => e.timedOut.game));
    gameStarted(wd.slots, slots[0], 1, 3); // a search game
    wd.poll(0);
    wd.poll(4000); // 4 s: over the scripted bound, under its own
    expect(fired).toEqual([]);
    gameStarted(wd.slots, slots[1], 0, 9); // a scripted game
    wd.poll(4500);
    wd.poll(5600); // the scripted game 1.1 s, the search game 5.6 s: both over their bounds, the first slot seen fails the run
    expect(fired).toEqual([[1, 3]]);
    expect(await Promise.all(outcomes)).toEqual([3, 3]);
  });
});

describe('salvo run / experiment --game-timeout', () => {
  async function cli(args: string[]): Promise<{ stderr: string; code: number | string | undefined }> {
    const p = new Command().exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
    registerRun(p);
    registerExperiment(p);
    let stderr = '';
    const err = process.stderr.write.bind(process.stderr);
    (process.stderr as { write: unknown }).write = (c: string) => ((stderr += c), true);
    const before = process.exitCode;
    try {
      await p.parseAsync(['node', 'salvo', ...args]);
      return { stderr, code: process.exitCode };
    } finally {
      (process.stderr as { write: unknown }).write = err;
      process.exitCode = before;
    }
  }

  it('run: exit 3, the game named, how to replay it, and no report', async () => {
    const out = join(dir, 'run-out');
    const r = await cli(['run', scenario, '-n', '4', '-w', '1', '--batch', '2', '--no-progress', '--out', out, '--game-timeout', '1']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: game 0 of .*hang\.yaml \(run seed 5\) was still running after .* no report was written\.$/m);
    expect(r.stderr).toContain(`see that game move by move: salvo replay ${scenario} --game 0 --seed 5 --agents trigger-happy,trigger-happy\n`);
    expect(existsSync(join(out, 'report.html'))).toBe(false);
  }, 20_000);

  it('experiment: the replay goes through a plan and names the variant', async () => {
    const r = await cli(['experiment', experiment, '-n', '20', '-w', '1', '--batch', '5', '--no-progress', '--out', join(dir, 'exp-out'), '--game-timeout', '1']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/game 0 of variant 'stuck' of .*\(run seed 9\)/);
    expect(r.stderr).toContain(`salvo plan ${experiment} --seed 9 --out plan.json && salvo replay --plan plan.json --variant stuck --game 0`);
  }, 20_000);
});
