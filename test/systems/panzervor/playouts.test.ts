/**
 * The shared random-playout battery on every bundled Panzer Vor! scenario (and on the fake
 * battle under every optional rule and the non-default reading of every ambiguity), plus
 * determinism: the same seed gives the same games.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { parseAgentChoice, resolveAgentParams } from '../../../src/core/agent.ts';
import { PlayScratch, playGame } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { findAgent } from '../../../src/scenario/agents.ts';
import { compileScenarioDocument, loadScenarioFile } from '../../../src/scenario/load.ts';
import { bundledScenarios } from '../../helpers/bundled.ts';
import { checkRandomPlayouts } from '../../helpers/playout.ts';
import { join } from 'node:path';
import { SCENARIOS } from './helpers.ts';

const files = bundledScenarios('panzervor');

describe('random-playout battery (every bundled scenario)', () => {
  it('bundles the four scenarios of the brief', () => {
    expect(files.map((f) => f.split('/').pop()).sort()).toEqual(['fake-battle-wood.yaml', 'fake-battle.yaml', 'kuromorimine-line.yaml', 'saunders-flag.yaml']);
  });

  for (const file of files) {
    it(`random vs random: ${file.split('/').pop()}`, () => {
      const st = checkRandomPlayouts({ scenario: file, games: 150, seed: 4242 });
      expect(st.games).toBe(150);
      expect(st.reasons['safety-cap'] ?? 0).toBe(0);
    });
    it(`scripted agents: ${file.split('/').pop()}`, () => {
      const st = checkRandomPlayouts({ scenario: file, games: 6, seed: 77, agents: ['brawler', 'marksman'] });
      expect(st.games).toBe(6);
      const st2 = checkRandomPlayouts({ scenario: file, games: 6, seed: 78, agents: ['flag-commander', 'random'] });
      expect(st2.games).toBe(6);
    });
  }
});

/** The fake battle's document with options set (and house rules), compiled in memory. */
function variant(options: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const doc = parse(readFileSync(join(SCENARIOS, 'fake-battle.yaml'), 'utf8'));
  doc.options = options;
  doc.overrides = overrides;
  return compileScenarioDocument(doc, 'fake-battle-variant.yaml');
}

describe('random-playout battery under every option', () => {
  const variants: Array<[string, Record<string, unknown>, Record<string, unknown>?]> = [
    ['optional rules on', { wreckage: true, turretRotation: true, cuttingThrough: true }],
    ['simplified armour, 120-degree arcs, random boundaries', { simplifiedArmour: false, frontArcWidth: 120, rearArcWidth: 120, arcBoundaryArmour: 'random', arcBoundaryFiring: 'outside' }],
    ['defender-first abilities, any-enforcement ending', { abilityOrder: 'defenderFirst', stagnationEndingCard: 'anyEnforcement', stagnationCountSetupEnforcement: true, stagnationThreshold: 2 }],
    ['simultaneous abilities', { abilityOrder: 'simultaneous' }],
    ['every A-xx alternative', {
      moveCardTanks: 'all', missEndsCard: true, missEndsActionPhase: false, specialAbilityPhases: 'eventOnly', reverseCostMode: 'doubleEverything',
      extremeRangeNeeds: 'anyModifier', extremeRangeFrom: 8, immobileMoveAndAttack: 'attackOnly', treadDamageEffect: 'inoperativeThisTurn',
      characterOnDestroyedTank: 'lost', recoveryTarget: 'anyTank', onDeckEmpty: 'reshuffleDiscardsAndEnforcement', quickShotFirer: 'targetedTankOnly',
      ricochetMode: 'reroll', reactionLimit: 'perTankAction', zoneIncludesCentre: false, movementBonusDuration: 'whileFaceUp', randomChoice: 'uniform',
      placementOrder: 'alternate', cardNumberLimitsMovement: true, turretRelativeToHull: false, turretPenaltyScope: 'rotatedForThisAttack',
    }],
    ['wrecks block, two-plus-extras reverse, any-card extreme range', { wreckage: true, wreckLos: 'blocks', reverseCostMode: 'twoPlusExtras', extremeRangeNeeds: 'anyCardOrCharacter', turretRotation: true }],
    ['no stagnation, skip draws on an empty deck (turn limit needed)', { stagnation: false, onDeckEmpty: 'skipDraw' }],
    ['smokescreen cards in the deck, small hands, two reactions per action', { cuttingThrough: true }, { 'deck.composition.smokescreen': 6, 'rules.handLimit': 3, 'rules.reactionsPerAction': 2, 'rules.eventCardsPerTurn': 2 }],
  ];
  for (const [name, opts, ov] of variants) {
    it(name, () => {
      const loaded = variant(opts, ov);
      if (opts.stagnation === false) {
        // Without the Forced End a game between random agents may never end: give it a turn limit.
        const doc = parse(readFileSync(join(SCENARIOS, 'fake-battle.yaml'), 'utf8'));
        doc.options = opts;
        doc.scenario.maxTurns = 60;
        const st = checkRandomPlayouts({ scenario: compileScenarioDocument(doc, 'turn-limit.yaml'), games: 100, seed: 5 });
        expect((st.reasons['turn-limit'] ?? 0) + (st.reasons['victory'] ?? 0)).toBe(100);
        return;
      }
      const st = checkRandomPlayouts({ scenario: loaded, games: 120, seed: 99, cloneEvery: 5 });
      expect(st.games).toBe(120);
    });
  }
});

describe('determinism', () => {
  const run = (file: string, seed: number, agents: string[], games: number) => {
    const loaded = loadScenarioFile(file);
    const game = loaded.compiled;
    const scratch = new PlayScratch(game);
    const tally = new Tally(game.metrics);
    const out: string[] = [];
    for (let g = 0; g < games; g++) {
      const inst = agents.map((a, side) => {
        const c = parseAgentChoice(a);
        const f = findAgent(loaded.system, c.name)!;
        return f.create(game, side, resolveAgentParams(f, c.params)[0]);
      });
      const r = playGame(game, inst, gameStreams(seed, g, 2), tally, scratch);
      out.push(JSON.stringify([r.result, r.decisions, r.state]));
    }
    return { out, cells: Array.from(tally.cells) };
  };

  it('the same seed gives the same games, final states and tallies; another seed does not', () => {
    const file = join(SCENARIOS, 'fake-battle.yaml');
    const a = run(file, 11, ['random', 'random'], 40);
    const b = run(file, 11, ['random', 'random'], 40);
    expect(a).toEqual(b);
    const c = run(file, 12, ['random', 'random'], 40);
    expect(c.out).not.toEqual(a.out);
  });

  it('heuristic agents are deterministic too', () => {
    const file = join(SCENARIOS, 'saunders-flag.yaml');
    expect(run(file, 3, ['marksman', 'flag-commander'], 3)).toEqual(run(file, 3, ['marksman', 'flag-commander'], 3));
  });

  it('the tally counts every tank fielded and every destruction', () => {
    const loaded = loadScenarioFile(join(SCENARIOS, 'fake-battle.yaml'));
    const game = loaded.compiled;
    const tally = new Tally(game.metrics);
    const scratch = new PlayScratch(game);
    const rnd = findAgent(loaded.system, 'random')!;
    let kills = 0;
    let lost = 0;
    const G = 200;
    for (let g = 0; g < G; g++) {
      const r = playGame(game, [rnd.create(game, 0, {}), rnd.create(game, 1, {})], gameStreams(1, g, 2), tally, scratch);
      const st = r.state as { tanksLost: number[] };
      lost += st.tanksLost[0] + st.tanksLost[1];
      kills += tally.scalars[game.metrics.scalars.indexOf('kills')];
    }
    const col = (name: string) => game.metrics.columns.indexOf(name);
    let fielded = 0;
    let tk = 0;
    let tl = 0;
    let shots = 0;
    let hits = 0;
    for (let row = 0; row < game.metrics.rows.length; row++) {
      fielded += tally.cells[row * game.metrics.columns.length + col('fielded')];
      tk += tally.cells[row * game.metrics.columns.length + col('kills')];
      tl += tally.cells[row * game.metrics.columns.length + col('lost')];
      shots += tally.cells[row * game.metrics.columns.length + col('shots')];
      hits += tally.cells[row * game.metrics.columns.length + col('hits')];
    }
    expect(fielded).toBe(4 * G); // four single-gun tanks per game
    expect(tk).toBe(kills);
    expect(tl).toBe(lost);
    expect(tk).toBe(lost);
    expect(hits).toBeLessThanOrEqual(shots);
    expect(tk).toBeLessThanOrEqual(hits);
  });
});
