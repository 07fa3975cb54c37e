import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExperiment } from '../../src/app/execute.ts';
import { verdictLines } from '../../src/report/verdict-lines.ts';
import { InputError } from '../../src/scenario/errors.ts';
import { ROOT } from '../helpers/bundled.ts';
import type { AgentChoice } from '../../src/core/agent.ts';
import { resolveAgentParams } from '../../src/core/agent.ts';
import { PlayScratch, playGame } from '../../src/core/play.ts';
import { gameStreams } from '../../src/core/rng/streams.ts';
import { Tally } from '../../src/core/tally.ts';
import { findAgent } from '../../src/scenario/agents.ts';
import { compileScenarioDocument, type LoadedScenario } from '../../src/scenario/load.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-compare-'));
const experiment = (compare: string) => {
  const file = join(dir, `e${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(
    file,
    `experiment: cmp
name: "compare"
base: ${join(ROOT, 'scenarios/duel/high-noon.yaml')}
games: 600
baseline: base
${compare}
variants:
  - { name: base }
  - { name: t7, overrides: { target: 7 } }
`,
  );
  return file;
};

describe('experiments compare what was asked', () => {
  it('pairs every side and the draw rate by default; compare: picks the verdict measure by side name', async () => {
    const r = await runExperiment({ file: experiment('compare: [Hasty, draws]'), workers: 0 });
    const v = r.analysis.variants[1];
    expect(v.comparisons!.map((c) => c.measure)).toEqual(['Patient wins', 'Hasty wins', 'draws']);
    // Two sides, no draws: Hasty's change is minus Patient's, game by game.
    expect(v.comparisons![1].diff).toBeCloseTo(-v.comparisons![0].diff, 12);
    expect(verdictLines(r.report)[0]).toMatch(/change Hasty's win rate at 95%/);
  });

  it('rejects a compare entry that names no side', async () => {
    await expect(() => runExperiment({ file: experiment('compare: [Mako]'), workers: 0 })).rejects.toThrow(InputError);
  });
});

describe('compare: on a declared metric', () => {
  it('pairs the per-game metric game by game: mean difference and interval from Σd and Σd², as an independent replay gives', async () => {
    const games = 400;
    const r = await runExperiment({ file: experiment('compare: [shots, Hasty]'), games, workers: 0, batchSize: 70 });
    const v = r.analysis.variants[1];
    const shots = v.comparisons!.find((c) => c.measure === 'shots')!;
    expect(shots).toMatchObject({ kind: 'mean', label: 'shots per game', n: games });
    // Independent replay: each game of both versions played alone, shots counted from the tally.
    const perGame = (l: LoadedScenario, agents: readonly AgentChoice[]) =>
      Array.from({ length: games }, (_, g) => {
        const game = l.compiled;
        const tally = new Tally(game.metrics);
        const instances = agents.map((a, side) => findAgent(l.system, a.name)!.create(game, side, resolveAgentParams(findAgent(l.system, a.name)!, a.params)[0]));
        playGame(game, instances, gameStreams(r.result.plan.seed, g, 2), tally, new PlayScratch(game));
        const col = game.metrics.columns.indexOf('shots');
        let total = 0;
        for (let i = col; i < tally.cells.length; i += game.metrics.columns.length) total += tally.cells[i];
        return total;
      });
    const plan = r.result.plan;
    const base = perGame(compileScenarioDocument(plan.variants[0].doc, plan.variants[0].file), plan.variants[0].agents);
    const ver = perGame(compileScenarioDocument(plan.variants[1].doc, plan.variants[1].file), plan.variants[1].agents);
    const d = ver.map((x, g) => x - base[g]);
    const mean = d.reduce((a, b) => a + b, 0) / games;
    const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (games - 1));
    expect(shots.diff).toBeCloseTo(mean, 12);
    expect(shots.hi - shots.diff).toBeCloseTo((1.959963984540054 * sd) / Math.sqrt(games), 9);
    expect(shots.reference).toBeCloseTo(base.reduce((a, b) => a + b, 0) / games, 12);
    expect(shots.version - shots.reference).toBeCloseTo(shots.diff, 12);
    // The verdict speaks of the metric, in words.
    expect(verdictLines(r.report)[0]).toMatch(/change the mean shots per game at 95%/);
    expect(r.files['paired-measures.csv']).toMatch(/shots,shots per game,mean,400,/);
    expect(r.files['report.html']).toContain('shots per game: change (95%)');
  });

  it('an unknown metric names the file, the path and the metrics that exist', async () => {
    const file = experiment('compare: [Hasty, kils]');
    try {
      await runExperiment({ file, workers: 0 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      const text = String((e as InputError).message) + JSON.stringify((e as InputError).issues);
      expect(text).toContain('compare.1');
      expect(text).toMatch(/aimsTaken, shots, hits, kills/);
      expect(text).toContain("got 'kils'");
    }
  });
});
