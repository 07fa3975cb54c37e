/**
 * The Panzer Vor! and MGV evaluators: win-probability estimates in [0, 1] that sum to one over the
 * two sides, are exact at the end, rise when an enemy unit is lost, and (Panzer Vor!) count a
 * declared attack at its exact chance to destroy.
 */
import { describe, expect, it } from 'vitest';
import { gameStreams } from '../../src/core/rng/streams.ts';
import type { CompiledGame, PlayContext } from '../../src/core/system.ts';
import { Tally } from '../../src/core/tally.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import type { MgvState } from '../../src/systems/mgv/index.ts';
import type { PvCompiledGame, PvState } from '../../src/systems/panzervor/index.ts';
import { pendingKill } from '../../src/systems/panzervor/evaluate.ts';
import { p2d6ge, rangeModifier } from '../../src/systems/panzervor/rules/rolls.ts';
import { ROOT, bundledScenarios } from '../helpers/bundled.ts';

/** States along random playouts (copies), and each game's final state. */
function states<S>(game: CompiledGame<S>, games: number, every: number): { mid: S[]; ends: S[] } {
  const mid: S[] = [];
  const ends: S[] = [];
  const legal = new Int32Array(game.maxActions);
  for (let g = 0; g < games; g++) {
    const st = gameStreams(4, g, 2);
    const ctx: PlayContext = { dice: st.dice, tally: new Tally(game.metrics) };
    const s = game.newGame(st.setup, ctx);
    for (let d = 0; game.result(s) === null && d < game.maxDecisions; d++) {
      if (d % every === 0) mid.push(game.clone(s));
      game.apply(s, legal[st.agents[0].int(game.legalActions(s, legal))], ctx);
    }
    ends.push(s);
  }
  return { mid, ends };
}

function commonChecks<S>(game: CompiledGame<S>, mid: S[], ends: S[]): void {
  for (const s of mid) {
    if (game.result(s)) continue;
    const a = game.evaluate!(s, 0);
    const b = game.evaluate!(s, 1);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThanOrEqual(1);
    expect(a + b).toBeCloseTo(1, 12);
  }
  for (const s of ends) {
    const r = game.result(s)!;
    for (const side of [0, 1]) expect(game.evaluate!(s, side)).toBe(r.winner === side ? 1 : r.winner < 0 ? 0.5 : 0);
  }
}

describe('Panzer Vor! evaluate', () => {
  const game = loadScenarioFile(`${ROOT}/scenarios/panzervor/fake-battle.yaml`).compiled as PvCompiledGame;
  const { mid, ends } = states<PvState>(game, 12, 4);
  const G = game.G;

  it('is a probability, complementary between the sides, exact at the end', () => commonChecks(game, mid, ends));

  it('rises for a side when an enemy tank is destroyed', () => {
    let n = 0;
    for (const s of mid) {
      if (game.result(s) || s.aAtt[0] >= 0) continue;
      for (let t = 0; t < G.nT; t++) {
        if (!s.alive[t] || s.hex[t] < 0) continue;
        const d = game.clone(s);
        d.alive[t] = 0;
        d.hex[t] = -1;
        const enemy = 1 - G.tSide[t];
        expect(game.evaluate!(d, enemy)).toBeGreaterThan(game.evaluate!(s, enemy));
        n++;
      }
    }
    expect(n).toBeGreaterThan(20);
  });

  it('counts a declared attack at P(hit) × P(destroy), exactly as the 2d6 rolls give them', () => {
    let n = 0;
    for (const s of mid) {
      const L = 0;
      if (s.aAtt[L] < 0 || s.aTgt[L] < 0 || s.aNat[L] >= 0 || s.aNoRoll[L] || s.aDist[L] >= G.opt.extremeRangeFrom) continue;
      const hit = p2d6ge(s.aDist[L] - (s.aMod[L] + s.aAttAb[L] + s.aDefAb[L]));
      const fp = G.gFp[2 * s.aAtt[L] + s.aGun[L]];
      const kill = p2d6ge(s.aArmour[L] - fp - s.aDmgMod[L] - rangeModifier(G.rules.damageRangeMods, s.aDist[L]) - s.aAttDAb[L] - s.aDefDAb[L]);
      expect(pendingKill(G, s, L)).toBeCloseTo(hit * kill, 12);
      n++;
    }
    expect(n).toBeGreaterThan(0);
  });
});

describe('Panzer Vor! evaluate is calibrated (scripts/panzervor-evaluate.ts fits it)', () => {
  it('reads armies of unequal value as an open match once placed', () => {
    // kuromorimine-line and saunders-flag field armies of different Point Value: the former
    // material balance gave one side 0.03 before a shot was fired.
    for (const file of bundledScenarios('panzervor')) {
      const game = loadScenarioFile(file).compiled as PvCompiledGame;
      const st = gameStreams(9, 0, 2);
      const ctx: PlayContext = { dice: st.dice, tally: new Tally(game.metrics) };
      const s = game.newGame(st.setup, ctx);
      const legal = new Int32Array(game.maxActions);
      while (game.G.sideTanks.some((ts) => ts.some((t) => s.hex[t] < 0))) game.apply(s, legal[st.agents[0].int(game.legalActions(s, legal))], ctx);
      const v = game.evaluate!(s, 0);
      expect(v, file).toBeGreaterThan(0.3);
      expect(v, file).toBeLessThan(0.7);
    }
  });

  it('weighs a lead in Point Value destroyed more as the Forced End nears (seed p14)', () => {
    const game = loadScenarioFile(`${ROOT}/scenarios/panzervor/fake-battle.yaml`).compiled as PvCompiledGame;
    const { mid } = states<PvState>(game, 4, 10);
    let n = 0;
    for (const s of mid) {
      if (game.result(s) || s.stagArmed) continue;
      const early = game.clone(s);
      early.pointsKilled[0] += 10;
      early.enfDrawn = 0;
      const late = game.clone(early);
      late.stagArmed = true;
      expect(game.evaluate!(late, 0)).toBeGreaterThan(game.evaluate!(early, 0));
      n++;
    }
    expect(n).toBeGreaterThan(5);
  });
});

describe('MGV evaluate', () => {
  const game = loadScenarioFile(`${ROOT}/scenarios/mgv/sample-duel.yaml`).compiled as CompiledGame<MgvState>;
  const { mid, ends } = states<MgvState>(game, 6, 9);

  it('is a probability, complementary between the sides, exact at the end', () => commonChecks(game, mid, ends));

  it('rises for a side when an enemy MGV is destroyed', () => {
    let n = 0;
    const model = (game as unknown as { model: { units: ReadonlyArray<{ side: number }> } }).model;
    for (const s of mid.slice(0, 30)) {
      if (game.result(s)) continue;
      for (let i = 0; i < s.units.length; i++) {
        if (!s.units[i].alive) continue;
        const d = game.clone(s);
        d.units[i].alive = false;
        const enemy = 1 - model.units[i].side;
        expect(game.evaluate!(d, enemy)).toBeGreaterThan(game.evaluate!(s, enemy));
        n++;
      }
    }
    expect(n).toBeGreaterThan(20);
  });
});
