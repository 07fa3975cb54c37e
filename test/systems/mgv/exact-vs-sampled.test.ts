/**
 * Exact twins (odds.ts) against the engine's own roll code (combat.ts), per weapon:
 * |p̂ - p| <= 4 sqrt(p (1 - p) / N) for every outcome (plus a 1/N floor for rare outcomes).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng/rng.ts';
import { Fraction } from '../../../src/core/dice/fraction.ts';
import { Dist } from '../../../src/core/dice/exact.ts';
import { SLOT_MAIN, missileColour, rangingPenalty, resolveDirect, rollKinetic, rollPhoton, rollThermal } from '../../../src/systems/mgv/rules/combat.ts';
import { deathChance, jammingEffects, kineticCells, missileHits, photonHits, thermalCells, mgvOddsModule } from '../../../src/systems/mgv/odds.ts';
import { allowanceOf, jamBand, jamScore, moveLeg } from '../../../src/systems/mgv/rules/movement.ts';
import { diesAtReset, recurringDamage, repairUnit } from '../../../src/systems/mgv/rules/reset.ts';
import { cloneState, type MgvState } from '../../../src/systems/mgv/state.ts';
import { Action, D_PASS_FIRE } from '../../../src/systems/mgv/actions.ts';
import { compile, ctxWith, doc } from './helpers.ts';
import { optionDefaults } from '../../../src/core/options.ts';
import { MGV_OPTIONS, type MgvOptions } from '../../../src/systems/mgv/options.ts';

const N = 40_000;
const { m } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 5, y: 5, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 20, y: 20, weapon: 'kinetic' }]));

function check(exact: Array<{ key: string; p: Fraction }>, sample: () => string): void {
  const counts = new Map<string, number>();
  for (let k = 0; k < N; k++) {
    const o = sample();
    counts.set(o, (counts.get(o) ?? 0) + 1);
  }
  let mass = 0;
  for (const { key, p } of exact) {
    const pe = p.toNumber();
    mass += pe;
    const ph = (counts.get(key) ?? 0) / N;
    expect(Math.abs(ph - pe), `outcome ${key}: sampled ${ph}, exact ${pe}`).toBeLessThanOrEqual(4 * Math.sqrt((pe * (1 - pe)) / N) + 1 / N);
    counts.delete(key);
  }
  expect(mass).toBeCloseTo(1, 12);
  expect([...counts.keys()], 'outcomes sampled but impossible exactly').toEqual([]);
}

describe('exact vs sampled through the engine roll code', () => {
  it('kinetic: every ratio column', () => {
    const rng = new Rng([11, 22, 33, 44]);
    for (let col = 0; col < 7; col++) check(kineticCells(m.data, col).table().map((r) => ({ key: String(r.outcome), p: r.p })), () => String(rollKinetic(rng, 2, m.kinetic, col)));
  });

  it('thermal: every ratio column', () => {
    const rng = new Rng([12, 22, 33, 44]);
    for (let col = 0; col < 7; col++) check(thermalCells(m.data, col).table().map((r) => ({ key: String(r.outcome), p: r.p })), () => String(rollThermal(rng, m.thermalMiss, m.thermal, col)));
  });

  it('photon: attack 8 with ranging errors 0, 1.75 and 3.25 (per full inch)', () => {
    const rng = new Rng([13, 22, 33, 44]);
    const out = new Int32Array(2);
    for (const err of [0, 1.75, 3.25]) {
      const n = 8 - rangingPenalty(err, false);
      check(photonHits(m.data, n).map((r) => ({ key: `${r.hull}/${r.core}`, p: r.p })), () => {
        rollPhoton(rng, n, 5, 6, out);
        return `${out[0]}/${out[1]}`;
      });
    }
  });

  it('missile: opposed sorted dice for several (attack, defence) dice counts and tie rules', () => {
    const rng = new Rng([14, 22, 33, 44]);
    for (const [a, d] of [[1, 1], [2, 2], [3, 5], [5, 3], [4, 0], [6, 6]] as const) {
      check(missileHits(a, d).table().map((r) => ({ key: String(r.outcome), p: r.p })), () => String(missileColour(rng, a, d, 0)));
    }
    check(missileHits(3, 3, 'attacker').table().map((r) => ({ key: String(r.outcome), p: r.p })), () => String(missileColour(rng, 3, 3, 1)));
  });

  it('the OddsModule mechanics: exact() and sample() agree at their check parameters', () => {
    const opts = optionDefaults(MGV_OPTIONS) as MgvOptions; // the odds context resolves every option: the defaults, typed
    const rng = new Rng([15, 22, 33, 44]);
    for (const mech of mgvOddsModule.mechanics) {
      if (!mech.exact || !mech.sample) continue;
      for (const params of mech.checkParams ?? [{}]) {
        const full = { ...Object.fromEntries(Object.entries(mech.params).map(([k, s]) => [k, s.default])), ...params };
        const ex = mech.exact(m.data, opts, full).map((o) => ({ key: String(o.outcome), p: o.p }));
        check(ex, () => String(mech.sample!(m.data, opts, full, rng)));
      }
    }
  });
});

/** |p̂ - p| within 4 standard errors (plus 1/n for rare outcomes): the tolerance of every check below. */
function near(hits: number, n: number, p: number, what: string): void {
  const ph = hits / n;
  expect(Math.abs(ph - p), `${what}: sampled ${ph.toFixed(4)} over ${n}, exact ${p.toFixed(4)}`).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n) + 1 / n);
}

/** A stream that counts its dice. */
class Counting extends Rng {
  dice = 0;
  override int(n: number): number {
    this.dice++;
    return super.int(n);
  }
}

describe('spec §8 oracles through the engine (sampled against the exact value, 4 standard errors)', () => {
  it('§8.3 roll-offs, through the turn sequence: P(tie) = 1/6 a throw, P(A wins) = 1/2, E[throws] = 6/5, P(no Z roll) = 1/2', () => {
    // two kinetic Makos 30" apart: no target, nothing moves, no damage: the only dice are the roll-offs
    const { g } = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 18, y: 3, heading: 0, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 33, heading: 180, weapon: 'kinetic' }]));
    const dice = new Counting([21, 22, 23, 24]);
    const ctx = ctxWith(g, dice);
    const legal = new Int32Array(g.maxActions);
    let turns = 0;
    let noZ = 0;
    let rolloffs = 0;
    let aWins = 0;
    for (let game = 0; game < 600; game++) {
      const s = g.newGame(new Rng([1, 2, 3, game]), ctx) as MgvState;
      let turn = 0;
      while (!s.result) {
        // a side free to choose declares FIRE (it fires at nothing), so that slot Z always has a
        // decision (a move) at which the turn's roll-off winners are read
        if (s.slot === 2 && s.turn !== turn) {
          turn = s.turn;
          turns++;
          const w = s.winners;
          if (w[2] < 0) noZ++;
          for (let k = 0; k < 3; k++) if (w[k] >= 0) (rolloffs++, (aWins += w[k] === 0 ? 1 : 0));
        }
        const n = g.legalActions(s, legal);
        let a = legal[0];
        for (let k = 0; k < n; k++) if (legal[k] === Action.encode.declare(D_PASS_FIRE)) a = legal[k];
        g.apply(s, a, ctx);
      }
      expect(turn, 'every turn seen at slot Z').toBe(s.turn);
    }
    const throws = dice.dice / 2;
    expect(Number.isInteger(throws)).toBe(true);
    near(throws - rolloffs, throws, 1 / 6, 'P(tie) per throw');
    near(aWins, rolloffs, 1 / 2, 'P(A wins a roll-off)');
    near(noZ, turns, 1 / 2, 'P(no Z roll)');
    // throws per roll-off: geometric, mean 6/5, variance (1/6) / (5/6)^2
    expect(Math.abs(throws / rolloffs - 6 / 5)).toBeLessThanOrEqual(4 * Math.sqrt(0.24 / rolloffs));
  });

  it('§8.3 2D6 keep highest (the kinetic roll): P(best = k) = (2k-1)/36', () => {
    const rng = new Rng([31, 22, 33, 44]);
    const identity = Array.from({ length: 42 }, (_, k) => Math.floor(k / 7) + 1); // row (best die) -> best die
    check(Dist.die(6).highestOf(2).table().map((r) => ({ key: String(r.outcome), p: r.p })), () => String(rollKinetic(rng, 2, identity, 3)));
  });

  it('§8.3 missile, one colour: 2v1, 1v2, 3v2 (the other cases above) and their means', () => {
    const rng = new Rng([32, 22, 33, 44]);
    for (const [a, d] of [[2, 1], [1, 2], [3, 2], [2, 2], [3, 5]] as const) {
      const exact = missileHits(a, d);
      let sum = 0;
      check(exact.table().map((r) => ({ key: String(r.outcome), p: r.p })), () => {
        const h = missileColour(rng, a, d, 0);
        sum += h;
        return String(h);
      });
      const sd = Math.sqrt(exact.variance().toNumber() / N);
      expect(Math.abs(sum / N - exact.mean().toNumber()), `${a} v ${d} mean`).toBeLessThanOrEqual(4 * sd);
    }
  });

  it('§8.3 photon, 7 dice: 1/3 of the dice hit; E[hull] = E[core] = 7/6', () => {
    const rng = new Rng([33, 22, 33, 44]);
    const out = new Int32Array(2);
    let hull = 0;
    let core = 0;
    for (let k = 0; k < N; k++) {
      rollPhoton(rng, 7, 5, 6, out);
      hull += out[0];
      core += out[1];
    }
    near(hull + core, 7 * N, 1 / 3, 'hits per die');
    // hull and core hits per attack are binomial(7, 1/6): sd sqrt(7 * 5/36)
    const sd = Math.sqrt((7 * 5) / 36 / N);
    expect(Math.abs(hull / N - 7 / 6)).toBeLessThanOrEqual(4 * sd);
    expect(Math.abs(core / N - 7 / 6)).toBeLessThanOrEqual(4 * sd);
  });

  it('§8.4 jamming J = 1..6 and death by B hits 1..7, through the engine rolls', () => {
    const rng = new Rng([34, 22, 33, 44]);
    for (let J = 1; J <= 6; J++) {
      const bands = m.data.jamming.bands;
      const ex = new Map<string, Fraction>();
      for (const r of jammingEffects(m.data, J)) ex.set(r.effect, (ex.get(r.effect) ?? Fraction.ZERO).add(r.p));
      check([...ex].map(([key, p]) => ({ key, p })), () => String(bands[jamBand(bands, jamScore(rng, J))].effect));
    }
    for (let b = 1; b <= 7; b++) {
      const p = b >= 6 ? Fraction.ONE : deathChance(m.data, b);
      check([{ key: 'dies', p }, { key: 'lives', p: Fraction.ONE.sub(p) }].filter((o) => !o.p.isZero()), () => (diesAtReset(m.data.death, b, rng) ? 'dies' : 'lives'));
    }
  });

  it('§8.4 recurring checks at Reset 5a (rules/reset.ts recurringDamage): core infestation B 1/6, spread 1/3; hull infestation spread 1/3, never B', () => {
    const { g, m: mm } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 5, y: 5, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 20, y: 20, weapon: 'kinetic' }]));
    const ctx = ctxWith(g, new Rng([35, 22, 33, 44]));
    const template = g.newGame(new Rng([1, 1, 1, 1]), ctx) as MgvState;
    for (const [cell, pB, pSpread] of [['R2-3', 1 / 6, 1 / 3], ['R4-5', 0, 1 / 3]] as const) {
      let b = 0;
      let spread = 0;
      const n = 12_000;
      for (let k = 0; k < n; k++) {
        const s = cloneState(template);
        s.units[1].infest[mm.graph.ids.indexOf(cell)] = 1;
        recurringDamage(mm, s, ctx);
        b += s.units[1].B;
        spread += s.units[1].infest.reduce((x, y) => x + y, 0) - 1;
      }
      near(b, n, pB, `${cell}: P(B)`);
      near(spread, n, pSpread, `${cell}: P(spread)`);
    }
  });

  it('T29-T32 repairs (rules/reset.ts repairUnit): Mj 2/3, one infestation die 1/2, S with two dice 3/4 (a point spent on success); module dice +1: 5/6, 2/3, 8/9', () => {
    // a Mako with a 1-point repair module: its module die (+1) is used before its own dice
    const { g, m: mm } = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 5, y: 5, weapon: 'kinetic', payload: { type: 'repair', points: 1 } }, { id: 'b', side: 'B', model: 'Mako', x: 20, y: 20, weapon: 'kinetic' }]));
    const ctx = ctxWith(g, new Rng([36, 22, 33, 44]));
    const template = g.newGame(new Rng([1, 1, 1, 1]), ctx) as MgvState;
    const cell = mm.graph.ids.indexOf('R4-5');
    const n = 8000;
    const cases = [
      { what: 'Mj, own die', hit: (u: MgvState['units'][0]) => (u.Mj = 1), fixed: (u: MgvState['units'][0]) => u.Mj === 0, own: 1, mod: 0, p: 2 / 3 },
      { what: 'Mj, module die', hit: (u: MgvState['units'][0]) => (u.Mj = 1), fixed: (u: MgvState['units'][0]) => u.Mj === 0, own: 0, mod: 1, p: 5 / 6 },
      { what: 'infestation, own die', hit: (u: MgvState['units'][0]) => (u.infest[cell] = 1), fixed: (u: MgvState['units'][0]) => u.infest[cell] === 0, own: 1, mod: 0, p: 1 / 2 },
      { what: 'infestation, module die', hit: (u: MgvState['units'][0]) => (u.infest[cell] = 1), fixed: (u: MgvState['units'][0]) => u.infest[cell] === 0, own: 0, mod: 1, p: 2 / 3 },
      { what: 'S, two own dice', hit: (u: MgvState['units'][0]) => (u.S = 1), fixed: (u: MgvState['units'][0]) => u.S === 0, own: 2, mod: 0, p: 3 / 4 },
    ];
    for (const c of cases) {
      let ok = 0;
      let points = 0;
      for (let k = 0; k < n; k++) {
        const s = cloneState(template);
        const u = s.units[0];
        u.repairLeft = c.own;
        u.moduleLeft = c.mod;
        c.hit(u);
        repairUnit(mm, s, 0, 0, ctx);
        if (c.fixed(u)) ok++;
        points += c.own - u.repairLeft;
      }
      near(ok, n, c.p, c.what);
      // Mj and infestation repairs spend no point; a repaired S hit spends one
      expect(points, `${c.what}: points spent`).toBe(c.what.startsWith('S') ? ok : 0);
    }
    // S with two module dice: 8/9 (a 2-point module on the other Mako)
    const two = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 5, y: 5, weapon: 'kinetic', payload: { type: 'repair', points: 2 } }, { id: 'b', side: 'B', model: 'Mako', x: 20, y: 20, weapon: 'kinetic' }]));
    const t2 = two.g.newGame(new Rng([1, 1, 1, 1]), ctx) as MgvState;
    let ok = 0;
    for (let k = 0; k < n; k++) {
      const s = cloneState(t2);
      s.units[0].repairLeft = 0;
      s.units[0].S = 1;
      repairUnit(two.m, s, 0, 0, ctx);
      if (s.units[0].S === 0) ok++;
    }
    near(ok, n, 8 / 9, 'S, two module dice');
  });

  it('T33 through the engine: oil traps a crossing base 1/3, chemical 1/2, a neutralizer within 1" 2/3; smoke blocks an attack 1/3', () => {
    const n = 6000;
    const crossing = (terrain: Record<string, unknown>, p: number, what: string) => {
      const { g, m: mm } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 10, y: 3, heading: 0, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 30, y: 30, heading: 180, weapon: 'kinetic' }], {}, { terrain: [terrain] }));
      const ctx = ctxWith(g, new Rng([37, 22, 33, 44]));
      const template = g.newGame(new Rng([1, 1, 1, 1]), ctx) as MgvState;
      let trapped = 0;
      for (let k = 0; k < n; k++) {
        const s = cloneState(template);
        s.units[0].allowance = allowanceOf(mm, s, 0);
        moveLeg(mm, s, 0, 0, 6, false, ctx);
        if (s.units[0].trapped) trapped++;
      }
      near(trapped, n, p, what);
    };
    crossing({ id: 'O', type: 'oil', circle: [10, 6, 1] }, 1 / 3, 'oil');
    crossing({ id: 'C', type: 'chemical', circle: [10, 6, 1] }, 1 / 2, 'chemical');
    crossing({ id: 'N', type: 'neutralizer', circle: [11.4, 6, 0.5] }, 2 / 3, 'neutralizer');
    // smoke between a kinetic Whiptail and its target, 8" apart
    const { g, m: mm } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 10, heading: 0, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 18, heading: 180, weapon: 'kinetic' }], {}, { terrain: [{ id: 'S', type: 'smoke', circle: [18, 14, 1] }] }));
    let blocked = 0;
    const ctx = { ...ctxWith(g, new Rng([38, 22, 33, 44])), log: (line: string) => void (line.includes('is blocked') && blocked++) };
    const template = g.newGame(new Rng([1, 1, 1, 1]), ctx) as MgvState;
    for (let k = 0; k < n; k++) resolveDirect(mm, cloneState(template), 0, SLOT_MAIN, 1, ctx);
    near(blocked, n, 1 / 3, 'smoke');
  });
});
