/**
 * Exact vs sampled for every generated quantity: N set-ups played through the real pipeline
 * (compiled game, playGame, per-game tally scalars, streams from gameStreams) against the exact
 * twins, per outcome within |p̂ − p| ≤ 4·sqrt(p(1−p)/N) + 1/N (N = 12 000, fixed seed), on the
 * bundled scenarios and under option variants that change the generator's paths.
 */
import { describe, expect, it } from 'vitest';
import { randomAgent } from '../../../src/core/agent.ts';
import { assertSampled } from '../../../src/core/dice/sampled-check.ts';
import { PlayScratch, playGame } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { compileScenarioText, loadScenarioFile, type LoadedScenario } from '../../../src/scenario/load.ts';
import { resolvePlan } from '../../../src/systems/ww2setup/check.ts';
import { quantities } from '../../../src/systems/ww2setup/metrics.ts';
import type { RulesData, ScenarioBody } from '../../../src/systems/ww2setup/schema.ts';
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

const N = 12_000;

function checkAll(loaded: LoadedScenario, seed = 11): number {
  const game = loaded.compiled;
  const { plan } = resolvePlan(loaded.input.body as ScenarioBody, loaded.data as RulesData, loaded.options);
  const qs = quantities(plan!);
  expect(game.metrics.scalars).toEqual(qs.map((q) => q.key));
  const tally = new Tally(game.metrics);
  const scratch = new PlayScratch(game);
  const agents = game.sides.map((_, i) => randomAgent.create(game, i, {}));
  const values: number[][] = qs.map(() => []);
  for (let g = 0; g < N; g++) {
    const { result, decisions } = playGame(game, agents, gameStreams(seed, g, game.sides.length), tally, scratch);
    if (g === 0) expect([result.reason, result.winner, decisions]).toEqual(['complete', -1, 0]);
    qs.forEach((_, i) => values[i].push(tally.scalars[i]));
  }
  qs.forEach((q, i) => {
    let k = 0;
    assertSampled({ exact: q.exact(plan!), sample: () => values[i][k++], n: N }, `${loaded.input.id}: ${q.key}`);
  });
  // Per-side counters are the sums of the scalars.
  const games = tally.cells[game.metrics.columns.indexOf('games')];
  expect(games).toBe(N);
  return qs.length;
}

/** A bundled scenario with options / body changes, compiled by the loader. */
function variant(file: string, options: Record<string, unknown>, body: (b: any) => void = () => {}): LoadedScenario {
  const doc = parse(readFileSync(file, 'utf8'));
  doc.id = `${doc.id}-variant`;
  doc.options = { ...(doc.options ?? {}), ...options };
  body(doc.scenario);
  return compileScenarioText(stringify(doc), file);
}

describe('ww2setup exact vs sampled (every quantity, N = 12 000)', () => {
  it('Kursk 1943', () => expect(checkAll(loadScenarioFile('scenarios/ww2setup/kursk-1943.yaml'))).toBe(20));
  it('Sedan 1940', () => expect(checkAll(loadScenarioFile('scenarios/ww2setup/sedan-1940.yaml'))).toBe(20));
  it('Tarawa 1943 (with its house rule)', () => expect(checkAll(loadScenarioFile('scenarios/ww2setup/tarawa-1943.yaml'))).toBe(20));

  it('attacker by roll (roles mixed), reading C, ½D6 down, step-up extra die, 2 roll sets', () => {
    const l = variant('scenarios/ww2setup/kursk-1943.yaml', { airstrikeEligibility: 'fullSignedMargin', halfDie: 'down', defenderExtraDie: 'stepUp', defenderExtraDiePerRollSet: false }, (s) => {
      s.attacker = 'roll';
      s.sides[0].bases = 300;
    });
    expect(checkAll(l)).toBe(21);
  });

  it('reading B, one lull die per player, dummies capped by barrages + airstrikes, numeric dummy request', () => {
    const l = variant('scenarios/ww2setup/sedan-1940.yaml', { airstrikeEligibility: 'winnerAndLoserBy1', lullRoller: 'each', dummyChitsCap: 'barragesPlusAirstrikes', rounding: 'halfEven' }, (s) => {
      s.sides[1].dummies = 2;
    });
    checkAll(l);
  });

  it('2D6 lull deadline, natural margin reading, availableOnly, unlimited dummies, strict bounds where the table suffices', () => {
    const l = variant('scenarios/ww2setup/kursk-1943.yaml', { lullMode: 'deadline2d6', airMargin: 'natural', defenderExtraDie: 'availableOnly', dummyChitsCap: 'unlimited', barrageBounds: 'strict' });
    checkAll(l);
  });
});
