/** The skill check beside a verdict: its sentences, its place in a plan, and the command line. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionsPerGame, defaultSkillGames, experimentSkillCheck, skillCheckSize, runSkillCheck, type SkillCheckSpec } from '../../src/answers/skill-check.ts';
import { executePlan } from '../../src/app/execute.ts';
import type { Work } from '../../src/run/pool.ts';
import { scenarioPlan } from '../../src/app/plan-file.ts';
import { playedPlan, playedVariantCount } from '../../src/app/sequential.ts';
import { verdictLines } from '../../src/report/verdict-lines.ts';
import { emptySummary, emptyPairTable, type Summary } from '../../src/run/summary.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { salvo } from '../helpers/cli.ts';
import { ROOT } from '../helpers/bundled.ts';

const spec: SkillCheckSpec = { games: 200, agents: [{ name: 'mcts', params: {} }, { name: 'mcts', params: {} }] };
const sides = ['Blue', 'Red'];

function summary(games: number, winsA: number, winsB: number): Summary {
  const s = emptySummary(2, 0, 0);
  s.games = games;
  s.wins = [winsA, winsB];
  s.draws = games - winsA - winsB;
  return s;
}

describe('the skill check of a run', () => {
  const run = summary(10_000, 3_000, 7_000); // Red clearly ahead
  it('holds when the run’s leader still leads clearly with mcts on both sides', () => {
    const r = runSkillCheck(sides, run, summary(200, 60, 140), spec);
    expect(r.holds).toBe(true);
    expect(r.sentence).toBe('Skill check: holds: Red 70% (63–76) with mcts on both sides (200 games on the same seeds).');
  });
  it('does not hold when the other side leads, or when the leader falls below its interval with no side ahead', () => {
    expect(runSkillCheck(sides, run, summary(200, 130, 70), spec).sentence).toMatch(/^Skill check: does not hold: Blue 65% \(58–71\) with mcts on both sides, where the run's agents give Red 70% \(69–71\)/);
    const even = runSkillCheck(sides, run, summary(200, 95, 105), spec);
    expect(even.holds).toBe(false);
    expect(even.sentence).toMatch(/no side is clearly ahead with mcts on both sides, Red 53%/);
  });
  it('cannot tell on too few games; with no leader in the run, holds when the check has none either', () => {
    const few = runSkillCheck(sides, run, summary(20, 7, 13), spec);
    expect(few.holds).toBeNull();
    expect(few.sentence).toMatch(/cannot tell.*give --skill-check a larger N/);
    expect(runSkillCheck(sides, summary(1000, 500, 500), summary(200, 98, 102), spec).holds).toBe(true);
    expect(runSkillCheck(sides, summary(1000, 500, 500), summary(200, 150, 50), spec).sentence).toMatch(/does not hold: Blue 75% .* where no side was clearly ahead/);
  });
  it('defaults to about the run’s own time, from the scenario’s length, at least 20 games', () => {
    const duel = loadScenarioFile(`${ROOT}/scenarios/duel/high-noon.yaml`);
    const trigger = [{ name: 'trigger-happy', params: {} }, { name: 'trigger-happy', params: {} }];
    // Deterministic: the pilot games have seeds of their own.
    expect(decisionsPerGame(duel, trigger)).toBe(decisionsPerGame(duel, trigger));
    const size = skillCheckSize(duel, 20_000, trigger);
    // mode=switch: iterations x L / 48 scripted games per game of the check, L the duel's decisions.
    expect(size.ratio).toBeCloseTo((96 * decisionsPerGame(duel, trigger)) / 48, 9);
    expect(size).toMatchObject({ games: Math.floor(20_000 / size.ratio), floored: false });
    expect(skillCheckSize(duel, Math.floor(10 * size.ratio), trigger)).toMatchObject({ games: 20, floored: true });
    expect(defaultSkillGames(duel, 10, trigger)).toBe(10);
    // A search agent in the run is not played by the pilot: the system's default agents are.
    expect(decisionsPerGame(duel, [{ name: 'mcts', params: {} }, { name: 'mcts', params: {} }])).toBe(decisionsPerGame(duel, duel.system.defaultAgents.map((name) => ({ name, params: {} }))));
  });
  it('gives a long scenario fewer games: a check game costs in proportion to the game’s length', () => {
    const duel = loadScenarioFile(`${ROOT}/scenarios/duel/high-noon.yaml`);
    const tanks = loadScenarioFile(`${ROOT}/scenarios/panzervor/kuromorimine-line.yaml`);
    const agents = (l: typeof duel) => l.defaults.agents ?? l.system.defaultAgents.map((name) => ({ name, params: {} }));
    const short = skillCheckSize(duel, 100_000, agents(duel));
    const long = skillCheckSize(tanks, 100_000, agents(tanks));
    // kuromorimine-line is 7 tanks a side (about 300 decisions a game), the duel two gunmen (about 13).
    expect(long.ratio / short.ratio).toBeGreaterThan(10);
    expect(long.games).toBeLessThan(short.games / 10);
  });
});

describe('the skill check of an experiment', () => {
  /** A pair table where the variant wins `up` more games for side A than the baseline (of n). */
  function pairs(n: number, up: number, down: number) {
    const t = emptyPairTable();
    t[2][0] = up;
    t[0][2] = down;
    t[2][2] = n - up - down;
    return t;
  }
  it('holds for a significant change that keeps its sign and significance, not for one that loses it', () => {
    const own = [emptyPairTable(), pairs(2000, 300, 100), pairs(2000, 100, 300)];
    const check = [emptyPairTable(), pairs(200, 40, 5), pairs(200, 20, 18)];
    const r = experimentSkillCheck(['base', 'up', 'down'], 0, own, check, 200, spec, 2);
    expect(r.changes!.map((c) => c.holds)).toEqual([true, false]);
    expect(r.sentence).toMatch(/^Skill check with mcts on both sides, 200 games on the same seeds: does not hold for down \(\+1\.0 pts .* there, −10\.0 pts .* with the run's agents\); holds for up\.$/);
  });
});

describe('a run with a skill check', () => {
  it('is carried in the plan and played as one more limited variant; its sentence joins the verdict', async () => {
    const { pf, loaded } = scenarioPlan(`${ROOT}/scenarios/duel/high-noon.yaml`, { games: 600, skillCheck: 150, batchSize: 200 });
    expect(pf.skillCheck).toEqual({ games: 150, agents: [{ name: 'mcts', params: {} }, { name: 'mcts', params: {} }] });
    expect(pf.report.command).toMatch(/--skill-check 150$/);
    expect(playedVariantCount(pf)).toBe(2);
    expect(playedPlan(pf).variants[1]).toMatchObject({ games: 150, agents: pf.skillCheck!.agents });
    const out = mkdtempSync(join(tmpdir(), 'salvo-skill-'));
    try {
      const progress: [number, number, Work][] = [];
      const o = await executePlan(pf, { workers: 0, out, onProgress: (d, t, w) => progress.push([d, t, w]) }, { base: loaded, variants: [loaded] });
      if (o.interrupted) throw new Error('interrupted');
      expect(o.result.summaries).toHaveLength(1); // the report shows the run's own variant
      // The check's 150 games are cut into 30 batches of 5 (src/run/plan.ts HEAVY_BATCHES), each with
      // the run's same 5 games, so the workers share them; then the run's batches of 200 from game 150.
      // The time left is reckoned in cost: a check game weighs `ratio` games of the run's.
      const { ratio } = skillCheckSize(loaded, 600, pf.plan.variants[0]!.agents);
      expect(ratio).toBeGreaterThan(1);
      const total = 600 + 150 * ratio;
      const fine = Array.from({ length: 30 }, (_, k) => [10 * (k + 1), 750]);
      expect(progress.map(([d, t]) => [d, t])).toEqual([...fine, [500, 750], [700, 750], [750, 750]]);
      expect(progress[29]![2].done).toBeCloseTo(150 + 150 * ratio, 9);
      expect(progress.slice(30).map(([, , w]) => w)).toEqual([350 + 150 * ratio, 550 + 150 * ratio, total].map((done) => ({ done, total, from: 0 })));
      const lines = verdictLines(o.report);
      expect(lines[1]).toMatch(/^Skill check: does not hold: Patient \d+% \(\d+–\d+\) with mcts on both sides, where the run's agents give Hasty \d+% .*\(150 games on the same seeds\)\.$/);
      const json = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
      expect(json.skillCheck.games).toBe(150);
      expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('Skill check: does not hold');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('bad values exit 2 with the reason', () => {
    const bad = salvo(['run', 'scenarios/duel/high-noon.yaml', '--games', '10', '--skill-check', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--skill-check: expected a whole number/);
    const ww2 = salvo(['run', 'scenarios/ww2setup/kursk-1943.yaml', '--games', '10', '--skill-check', '5']);
    expect(ww2.code).toBe(2);
    expect(ww2.stderr).toMatch(/--skill-check: replays the games with the search agent mcts, which ww2setup does not offer/);
  });
});
