/**
 * Exact against sampled: the attack and damage rolls' exact distributions (odds.ts) agree with
 * the roll functions the engine uses, and with the engine's own apply() pipeline (attack roll,
 * damage roll, armour by arc).
 */
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { assertSampled } from '../../../src/core/dice/sampled-check.ts';
import { streamFor } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { stripProvenance } from '../../../src/core/tables/provenance.ts';
import { optionDefaults } from '../../../src/core/options.ts';
import { rulesData } from '../../../src/systems/panzervor/data/index.ts';
import { pDestroyGivenHit, oddsModule } from '../../../src/systems/panzervor/odds.ts';
import { options, type PvOptions } from '../../../src/systems/panzervor/options.ts';
import type { RulesData } from '../../../src/systems/panzervor/schema.ts';
import { K_ENFORCEMENT } from '../../../src/systems/panzervor/model.ts';
import { cardIndex, choose, compileDoc, setup, tankIndex } from './helpers.ts';

const F = (n: number, d = 1) => Fraction.of(n, d);
const data = stripProvenance<RulesData>(rulesData);
const rm = data.rules.damageRangeMods;

describe('exact against sampled', () => {
  // the odds context resolves every option before a mechanic runs: the defaults, typed
  const defaults = optionDefaults(options) as PvOptions;

  it('every odds mechanic: the exact distribution agrees with the engine\'s roll code (4 sigma)', () => {
    for (const m of oddsModule.mechanics) {
      if (!m.exact || !m.sample) continue;
      for (const params of m.checkParams ?? [{}]) {
        const full = { ...Object.fromEntries(Object.entries(m.params).map(([k, v]) => [k, v.default])), ...params };
        assertSampled({ exact: m.exact(data, defaults, full), sample: (r) => m.sample!(data, defaults, full, r), n: 40000, seed: `${m.name}` }, `${m.name} ${JSON.stringify(params)}`);
      }
    }
  });

  it('odds tables are exact fractions in [0, 1] and mark the data they use', () => {
    for (const m of oddsModule.mechanics) {
      const full = Object.fromEntries(Object.entries(m.params).map(([k, v]) => [k, v.default]));
      const t = m.table(data, defaults, full);
      expect(t.rows.length).toBeGreaterThan(0);
      for (const r of t.rows) for (const c of Object.values(r.cells)) {
        const v = 'value' in c ? c.value : c;
        expect(v.compare(Fraction.ZERO)).toBeGreaterThanOrEqual(0);
        expect(v.compare(Fraction.ONE)).toBeLessThanOrEqual(0);
      }
    }
    const shot = oddsModule.mechanics.find((m) => m.name === 'shot')!;
    expect(shot.validate!(data, defaults, { attacker: 'pz4f', target: 'm4', gun: 'only', cardMod: 0 })[0][1]).toMatch(/unknown tank 'pz4f'/);
  });

  it('through the engine: Pz IV D against a T34/76 front at 7 destroys with probability 7/144 per Fire card', () => {
    // The full pipeline: card, tank, target, attack roll, damage roll, armour by arc. 4-sigma tolerance.
    const game = compileDoc({
      a: [{ id: 'P', tank: 'pz4d', hex: '0809', facing: 'N' }],
      b: [{ id: 'T', tank: 't34_76', hex: '0802', facing: 'S' }, { id: 'U', tank: 't34_76', hex: '1515' }],
    });
    const { G, s, ctx } = setup(game, { hands: [{ fire: 1 }, {}] });
    choose(game, s, ctx, 'play Fire');
    choose(game, s, ctx, 'P (PzIV D) acts');
    const out = new Int32Array(game.maxActions);
    const n = game.legalActions(s, out);
    const fire = Array.from(out.subarray(0, n)).find((a) => game.describeAction(s, a).includes('fires at T'))!;
    const T = tankIndex(G, 'T');
    const N = 60000;
    const rng = streamFor('pv-engine-sampled', 0, 1);
    let kills = 0;
    let hits = 0;
    for (let i = 0; i < N; i++) {
      const c = game.clone(s);
      const cctx = { dice: rng, tally: new Tally(game.metrics) };
      game.apply(c, fire, cctx);
      if (c.aDNat[0] >= 0) hits++;
      if (!c.alive[T]) kills++;
    }
    const check = (count: number, p: Fraction) => {
      const pp = p.toNumber();
      expect(Math.abs(count / N - pp)).toBeLessThanOrEqual(4 * Math.sqrt((pp * (1 - pp)) / N));
    };
    check(hits, F(7, 12));
    check(kills, F(7, 144));
    expect(s.hand[0][cardIndex(G, 'fire')]).toBe(0); // the original state was never touched
    expect(G.kType[cardIndex(G, 'tread_damage')]).toBe(K_ENFORCEMENT);
  });

  it('through the engine: arcs pick the armour (front 14 / side 11 / rear 10 of a T34/76, Firefly F10 at 3+)', () => {
    // Target at 0808 facing N; attackers due north (front), due east two columns (side), due south (rear).
    for (const [hex, armour] of [['0805', 14], ['1007', 11], ['0811', 10]] as const) {
      const game = compileDoc({ a: [{ id: 'F', tank: 'firefly', hex, facing: 'N' }], b: [{ id: 'T', tank: 't34_76', hex: '0808', facing: 'N' }, { id: 'U', tank: 't34_76', hex: '1515' }] });
      const { G, s, ctx } = setup(game, { hands: [{ sharpshooter: 1 }, {}] });
      choose(game, s, ctx, 'play Sharpshooter');
      choose(game, s, ctx, 'F (Firefly) acts');
      const out = new Int32Array(game.maxActions);
      const n = game.legalActions(s, out);
      const fire = Array.from(out.subarray(0, n)).find((a) => game.describeAction(s, a).includes('fires at T'))!;
      const T = tankIndex(G, 'T');
      const N = 20000;
      const rng = streamFor('pv-arc', armour, 1);
      let kills = 0;
      let d = 0;
      for (let i = 0; i < N; i++) {
        const c = game.clone(s);
        game.apply(c, fire, { dice: rng, tally: new Tally(game.metrics) });
        expect(c.aArmour[0]).toBe(armour);
        d = c.aDist[0];
        if (!c.alive[T]) kills++;
      }
      const p = pDestroyGivenHit(10, armour, d, 0, rm).toNumber();
      expect(Math.abs(kills / N - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / N) + 1e-12);
    }
  });
});
