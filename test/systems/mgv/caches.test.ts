import { determinizeFor } from '../../../src/core/play.ts';
/**
 * The engine's speed-ups keep their promises: caches agree with fresh computations, the
 * observation snapshot is the state minus the secret, move lists keep the order the agents'
 * fast lookup relies on, and the precomputed tables equal the formulas they replace.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { resolveAgentParams, randomAgent, type AgentFactory } from '../../../src/core/agent.ts';
import { footprintShapeDistance, hypot, isBehind, pointShapeDistance, turnCost } from '../../../src/core/geometry/table/index.ts';
import { closerAgent, hulldownAgent, standoffAgent } from '../../../src/systems/mgv/agents/index.ts';
import { AIM, MgvHeuristic, attackValue, distIndex, hazardOnPath, moveKey, sideFireValue, sightFrom, type HeuristicParams } from '../../../src/systems/mgv/agents/common.ts';
import { Action, DISTS, END_UNIT, FA, LEG_0, LEG_END, LEG_REVERSE, LEG_TURN, N_REL_TURNS, legCode, relTurn } from '../../../src/systems/mgv/actions.ts';
import { deltaToFace } from '../../../src/systems/mgv/rules/movement.ts';
import { CACHE, beginReadOnly, endReadOnly, hasLos, memoFor, unitFeatureDistance } from '../../../src/systems/mgv/rules/geom.ts';
import { W_MISSILE, W_PHOTON } from '../../../src/systems/mgv/model.ts';
import { SLOT_MAIN, SLOT_PAY, canTarget, slotReady } from '../../../src/systems/mgv/rules/combat.ts';
import { CLEARS, clearTargets, type MgvState } from '../../../src/systems/mgv/state.ts';
import { killUnit } from '../../../src/systems/mgv/rules/reset.ts';
import { DK, decisionOf } from '../../../src/systems/mgv/actions.ts';
import type { Model } from '../../../src/systems/mgv/model.ts';
import { bundledScenarios } from '../../helpers/bundled.ts';
import { SAMPLE, compile, doc, readDoc } from './helpers.ts';
import { basename, join } from 'node:path';

const COVER = join(SAMPLE, '..', 'cover-2v2.yaml');

/** Plays `games` games, calling `each` before every decision. */
function drive(file: string | ReturnType<typeof compile>['L'], fs: AgentFactory[], games: number, each: (g: any, m: Model, s: MgvState, legal: Int32Array, n: number) => void): void {
  const L = typeof file === 'string' ? loadScenarioFile(file) : file;
  const g = L.compiled as any;
  const legal = new Int32Array(g.maxActions);
  for (let gi = 0; gi < games; gi++) {
    const st = gameStreams(11, gi, 2);
    const ctx = { dice: st.dice, tally: new Tally(g.metrics) };
    const agents = fs.map((f, side) => f.create(g, side, resolveAgentParams(f, {})[0]));
    const s = g.newGame(st.setup, ctx) as MgvState;
    while (!g.result(s)) {
      const side = g.currentSide(s);
      const n = g.legalActions(s, legal);
      each(g, g.model, s, legal, n);
      const a = n === 1 ? legal[0] : agents[side].decide({ side, legal, n, rng: st.agents[side], observe: () => g.observe(s, side), describe: (x: number) => g.describeAction(s, x), determinize: (r) => determinizeFor(g, s, side, r) });
      g.apply(s, a, ctx);
    }
  }
}

describe('precomputed tables', () => {
  it('relative-turn costs equal turnCost of each leg turn', () => {
    const { m } = compile(readDoc());
    for (let t = 0; t < N_REL_TURNS; t++) expect(m.relTurnCost[t]).toBe(turnCost(relTurn(t), m.data.turnCost.step, m.data.turnCost.cost));
  });
  it("the move list's leg codes by stride equal the codec's (LEG_0 + t * LEG_TURN, + d, + LEG_END, + LEG_REVERSE)", () => {
    for (let t = 0; t < 4096; t += t < 40 ? 1 : 97) {
      for (const d of [0, 1, DISTS.length - 1]) {
        expect(LEG_0 + t * LEG_TURN + d).toBe(Action.encode.leg(d, t, 0, 0));
        expect(LEG_0 + t * LEG_TURN + d + LEG_END).toBe(Action.encode.leg(d, t, 1, 0));
        expect(LEG_0 + t * LEG_TURN + d + LEG_REVERSE + LEG_END).toBe(Action.encode.leg(d, t, 1, 1));
      }
    }
  });
  it('feature lists and boxes match the features', () => {
    const { m } = compile(readDoc());
    for (let f = 0; f < m.features.length; f++) {
      const F = m.features[f];
      expect(m.losFeatures.includes(f)).toBe(F.los !== 0 && F.los !== 4);
      expect(m.coverFeatures.includes(f)).toBe(F.cover > 0);
      expect(m.featBox[4 * f]).toBeLessThanOrEqual(m.featBox[4 * f + 2]);
    }
  });
});

describe('observation snapshot', () => {
  it('is the state minus the secret, refreshed at each observe, and a second state gets its own', () => {
    const L = loadScenarioFile(SAMPLE);
    const g2 = L.compiled as any;
    const mk = (seed: number) => {
      const st = gameStreams(seed, 0, 2);
      const ctx = { dice: st.dice, tally: new Tally(g2.metrics) };
      return { s: g2.newGame(st.setup, ctx) as MgvState, ctx };
    };
    const a = mk(1);
    const b = mk(2);
    const oa = g2.observe(a.s, g2.currentSide(a.s));
    for (const k of Object.keys(a.s) as Array<keyof MgvState>) {
      if (k === 'secret') expect(oa.state.secret.attCore).toBe(-1);
      else expect(oa.state[k]).toBe(a.s[k]);
    }
    expect(Object.keys(oa.state).sort()).toEqual(Object.keys(a.s).sort());
    // the state moves on: the next observe of it shows the new values
    const legal = new Int32Array(g2.maxActions);
    const phase0 = a.s.phaseNo;
    for (let k = 0; k < 500 && a.s.phaseNo === phase0; k++) {
      g2.legalActions(a.s, legal);
      g2.apply(a.s, legal[0], a.ctx);
    }
    const oa2 = g2.observe(a.s, g2.currentSide(a.s));
    expect(a.s.phaseNo).toBeGreaterThan(phase0);
    for (const k of ['turn', 'slot', 'phaseNo', 'phaseSide', 'phaseType'] as const) expect(oa2.state[k]).toBe(a.s[k]);
    // another state: its own snapshot; the first one is untouched
    const turnA = oa2.state.turn;
    const ob = g2.observe(b.s, g2.currentSide(b.s));
    expect(ob.state).not.toBe(oa2.state);
    expect(ob.state.units).toBe(b.s.units);
    expect(oa2.state.units).toBe(a.s.units);
    expect(oa2.state.turn).toBe(turnA);
  });
});

describe('move lists are sorted for the agents binary search', () => {
  for (const [name, file] of [['sample', SAMPLE], ['reverse allowed', 'reverse']] as const) {
    it(`every move decision (${name})`, () => {
      const d = readDoc();
      const L = file === 'reverse' ? compile({ ...d, options: { ...d.options, allowReverse: true, 'engine.maxLegs': 2 } }).L : SAMPLE;
      let checked = 0;
      drive(L, [randomAgent, closerAgent], 4, (_g, _m, s, legal, n) => {
        if (decisionOf(s) !== DK.move) return;
        for (let k = 2; k < n; k++) expect(moveKey(legal[k])).toBeGreaterThan(moveKey(legal[k - 1]));
        checked++;
      });
      expect(checked).toBeGreaterThan(20);
    });
  }
});

describe("the move list's legs facing a base follow deltaToFace", () => {
  it('every move decision of random and closer games: the facing legs are those whose turn, by deltaToFace, fits the allowance', () => {
    let checked = 0;
    drive(SAMPLE, [randomAgent, closerAgent], 6, (_g, m, s, legal, n) => {
      if (decisionOf(s) !== DK.move) return;
      const i = FA.move.unit(s.pending);
      const u = s.units[i];
      if (!(u.allowance >= 0.5 - 1e-9 && u.legs < m.o.maxLegs)) return;
      const lastLeg = u.legs + 1 >= m.o.maxLegs;
      const got = new Set<number>();
      for (let q = 0; q < n; q++) if (Action.kindIndexOf(legal[q]) === Action.kindIndex.leg && Action.read.leg.turn(legal[q]) >= N_REL_TURNS) got.add(legal[q]);
      const want = new Set<number>();
      for (let k = 0; k < s.units.length; k++) {
        if (k === i || !s.units[k].alive) continue;
        const delta = deltaToFace(u, s.units[k].x, s.units[k].y);
        const tc = turnCost(delta, m.data.turnCost.step, m.data.turnCost.cost);
        if (tc > u.allowance + 1e-9) continue;
        for (let d = Math.abs(delta) < 1e-9 ? 1 : 0; d < DISTS.length && DISTS[d] <= u.allowance - tc + 1e-9; d++) {
          if (!lastLeg) want.add(legCode(N_REL_TURNS + k, d, false));
          want.add(legCode(N_REL_TURNS + k, d, true));
        }
      }
      expect([...got].sort()).toEqual([...want].sort());
      checked++;
    });
    expect(checked).toBeGreaterThan(50);
  });
});

describe('caches agree with fresh computations', () => {
  for (const file of bundledScenarios('mgv')) {
    it(`unit-feature distances and the target-cache flag: ${file.split('/').pop()}`, () => {
      let checks = 0;
      drive(file, [standoffAgent, randomAgent], 2, (_g, m, s) => {
        for (let k = 0; k < s.units.length; k++) {
          const u = s.units[k];
          for (let f = 0; f < m.features.length; f++) {
            expect(unitFeatureDistance(m, s, k, f)).toBe(footprintShapeDistance(u.x, u.y, u.h, m.fp, m.features[f].shape));
            checks++;
          }
        }
        // the flag cell says whether any answer is stored
        const t = s.tgt;
        const stored = t.slice(0, -1).some((v) => v >= 0);
        if (stored) expect(t[t.length - 1]).toBe(1);
      });
      expect(checks).toBeGreaterThan(0);
    });
  }
  for (const file of bundledScenarios('mgv')) {
    it(`the observers' memo (kept across decisions, taken by the game) agrees with fresh answers: ${file.split('/').pop()}`, () => {
      let held = 0;
      let sightHeld = 0; // LOS answers the memo still holds after a target clear (they were forgotten with it)
      let clears = CLEARS.n;
      drive(file, [standoffAgent, closerAgent], 2, (g, _m, s) => {
        if (memoFor(s)) {
          for (let k = 0; k < CACHE.tgtAt.length; k++) if (CACHE.tgtAt[k] === CACHE.stamp) held++;
          if (CLEARS.n !== clears) for (let k = 0; k < CACHE.losAt.length; k++) if (CACHE.losAt[k] === CACHE.sightStamp) sightHeld++;
        }
        clears = CLEARS.n;
        expect(g.checkInvariants(s)).toEqual([]);
      });
      expect(held).toBeGreaterThan(0);
      expect(sightHeld).toBeGreaterThan(0);
    });
  }
  it('a stale memo answer is caught by the invariants, and a clearTargets call retires it', () => {
    const L = loadScenarioFile(SAMPLE);
    const g = L.compiled as any;
    const st = gameStreams(3, 0, 2);
    const s = g.newGame(st.setup, { dice: st.dice, tally: new Tally(g.metrics) }) as MgvState;
    beginReadOnly(s);
    const fresh = canTarget(g.model, s, 0, 0, 2);
    endReadOnly();
    expect(s.tgt[(0 * 4 + 0) * s.units.length + 2]).toBe(-1); // the agent's answer stayed out of the game
    const k = 2;
    expect(CACHE.tgtAt[k]).toBe(CACHE.stamp);
    CACHE.tgt[k] = fresh ? 0 : 1; // plant a wrong answer
    expect(g.checkInvariants(s).join()).toMatch(/stale target memo/);
    expect(canTarget(g.model, s, 0, 0, 2)).toBe(!fresh); // the game takes the memo's answer...
    s.tgt.fill(-1);
    clearTargets(s);
    expect(canTarget(g.model, s, 0, 0, 2)).toBe(fresh); // ...until a cache input may have changed
    expect(g.checkInvariants(s)).toEqual([]);
  });
  it("the memo's LOS answers outlive a target clear but not a death (removeDead) or a move", () => {
    // A and B 20" apart, C between them: C blocks the line until it dies and is removed
    const units = [
      { id: 'A', side: 'A', model: 'Mako', x: 18, y: 4, heading: 0, weapon: 'kinetic' },
      { id: 'B', side: 'B', model: 'Mako', x: 18, y: 24, heading: 180, weapon: 'kinetic' },
      { id: 'C', side: 'B', model: 'Mako', x: 18, y: 14, heading: 180, weapon: 'kinetic' },
    ];
    const { g, m } = compile(doc(units, { options: { removeDead: true } }));
    const st = gameStreams(3, 0, 2);
    const ctx = { dice: st.dice, tally: new Tally(g.metrics) };
    const s = g.newGame(st.setup, ctx) as MgvState;
    beginReadOnly(s);
    expect(hasLos(m, s, 0, 1)).toBe(false);
    endReadOnly();
    clearTargets(s); // an attack, a jam, a phase end: the sight lines stand
    expect(memoFor(s) && CACHE.losAt[1] === CACHE.sightStamp).toBe(true);
    expect(hasLos(m, s, 0, 1)).toBe(false);
    s.los.fill(-1);
    killUnit(m, s, 2, ctx);
    expect(hasLos(m, s, 0, 1)).toBe(true); // the memo's 'blocked' went with the death
    expect(g.checkInvariants(s)).toEqual([]);
  });
  it('clearTargets forgets every answer', () => {
    const L = loadScenarioFile(SAMPLE);
    const g = L.compiled as any;
    const st = gameStreams(3, 0, 2);
    const s = g.newGame(st.setup, { dice: st.dice, tally: new Tally(g.metrics) }) as MgvState;
    expect(s.tgt[s.tgt.length - 1]).toBe(0);
    canTarget(g.model, s, 0, 0, 2);
    expect(s.tgt[s.tgt.length - 1]).toBe(1);
    expect(s.tgt.slice(0, -1).some((v) => v >= 0)).toBe(true);
    clearTargets(s);
    expect(s.tgt.slice(0, -1).every((v) => v === -1)).toBe(true);
    expect(s.tgt[s.tgt.length - 1]).toBe(0);
  });
});

describe("the agents' shortcuts agree with the full computation", () => {
  /** The declaration's measure in full: per base, its best attack value over ready slots and legal targets. */
  function fullFireValue(m: Model, s: MgvState, side: number, p: HeuristicParams): number {
    let tot = 0;
    for (let i = 0; i < s.units.length; i++) {
      if (m.units[i].side !== side || !s.units[i].alive) continue;
      let best = 0;
      for (let slot = SLOT_MAIN; slot <= SLOT_PAY; slot++) {
        if (!slotReady(m, s, i, slot)) continue;
        for (let j = 0; j < s.units.length; j++) if (canTarget(m, s, i, slot, j)) best = Math.max(best, attackValue(m, s, i, slot, j, p));
      }
      tot += best;
    }
    return tot;
  }

  it('sideFireValue stops early only once the full sum reaches the threshold too (and is the full sum below it: the declaration compares it with the threshold, and with 0 below it)', () => {
    const L = loadScenarioFile(SAMPLE);
    const g = L.compiled as any;
    const ps = ([standoffAgent, closerAgent] as AgentFactory[]).map((f) => {
      const a = f.create(g, 0, resolveAgentParams(f, {})[0]);
      if (!(a instanceof MgvHeuristic)) throw new Error('not a scripted MGV agent');
      return a.p;
    });
    let checks = 0;
    let early = 0;
    drive(SAMPLE, [standoffAgent, closerAgent], 3, (_g, m, s) => {
      beginReadOnly(s);
      try {
        for (let side = 0; side < 2; side++) {
          const p = ps[side];
          const full = fullFireValue(m, s, side, p);
          for (const enough of [0, 0.01, 0.3, full / 3, full / 2, full * 0.9, full, full + 1e-9, Infinity]) {
            const v = sideFireValue(m, s, side, p, enough);
            expect(v >= enough).toBe(full >= enough);
            if (full < enough) expect(v).toBe(full);
            else if (v !== full) early++;
            checks++;
          }
        }
      } finally {
        endReadOnly();
      }
    });
    expect(checks).toBeGreaterThan(1000);
    expect(early).toBeGreaterThan(100);
  });

  /** standoff's move in full (agents/standoff.ts approach): every spot scored, no bound; AIM as its move() filled it. */
  function fullStandoffMove(m: Model, s: MgvState, i: number, p: HeuristicParams, legal: Int32Array, n: number): number {
    const u = s.units[i];
    if (u.legs > 0) return AIM.faceLeg;
    const j = AIM.j;
    const t = s.units[j];
    const w = m.units[i].weapon;
    const want = w === W_PHOTON ? 12 : Math.max(3, p.rangeFraction * AIM.reach);
    const near = m.features.filter((F, f) => F.cover > 0 && !s.removed[f] && F.coverRule !== 4 && pointShapeDistance(F.shape, u.x, u.y) <= u.allowance + 1.5);
    const coverAt = (x: number, y: number) => near.reduce((b, F) => (pointShapeDistance(F.shape, x, y) <= 1.2 && isBehind(x, y, u.h, m.fp, t.x, t.y, F.shape, 0.6) ? Math.max(b, F.cover) : b), 0);
    const score = (x: number, y: number) => -Math.abs(hypot(t.x - x, t.y - y) - want) / 2 + p.coverWeight * coverAt(x, y) + (w === W_MISSILE || sightFrom(m, s, x, y, j) ? 3 : 0);
    if (Math.abs(AIM.range - want) <= 2 && coverAt(u.x, u.y) > 0 && (w === W_MISSILE || hasLos(m, s, i, j))) return AIM.faceLeg;
    let best = -1;
    let bestDi = 0;
    let bestScore = score(u.x, u.y);
    const reachOut = Math.max(0, Math.abs(AIM.range - want) + 2);
    const sh = Math.sin((u.h * Math.PI) / 180);
    const ch = Math.cos((u.h * Math.PI) / 180);
    for (let k = 0; k < N_REL_TURNS; k++) {
      const left = u.allowance - m.relTurnCost[k];
      const go = Math.min(left - (AIM.wantFace ? 1 : 0), reachOut);
      const di = Math.max(1, distIndex(go));
      const d = DISTS[di];
      if (go < 0.5 || d > left + 1e-9) continue;
      const a = (relTurn(k) * Math.PI) / 180;
      const dx = sh * Math.cos(a) + ch * Math.sin(a);
      const dy = ch * Math.cos(a) - sh * Math.sin(a);
      const sc = score(Math.min(m.width - 0.6, Math.max(0.6, u.x + dx * d)), Math.min(m.height - 0.6, Math.max(0.6, u.y + dy * d)));
      if (sc > bestScore + 0.25 && !hazardOnPath(m, s, i, u.x, u.y, dx, dy, d)) {
        bestScore = sc;
        best = k;
        bestDi = di;
      }
    }
    if (best < 0) return AIM.faceLeg;
    const c = legCode(best, bestDi, !AIM.wantFace);
    return Array.from(legal.subarray(0, n)).includes(c) ? c : END_UNIT;
  }

  for (const [file, coverWeight] of [[SAMPLE, 1], [COVER, 1], [COVER, 3]] as const) {
    it(`standoff's move (${basename(file)}, coverWeight ${coverWeight}) is the best spot scored in full: its bounds skip only spots that cannot win`, () => {
      const L = loadScenarioFile(file);
      const g = L.compiled as any;
      const f = standoffAgent as AgentFactory;
      const params = resolveAgentParams(f, { coverWeight })[0];
      const a = f.create(g, 0, params);
      if (!(a instanceof MgvHeuristic)) throw new Error('not a scripted MGV agent');
      let moves = 0;
      let legs = 0;
      drive(L, [{ ...f, create: () => a }, closerAgent], 8, (_g, m, s, legal, n) => {
        if (g.currentSide(s) !== 0 || decisionOf(s) !== DK.move || n === 1) return;
        AIM.j = -1;
        const st = gameStreams(1, 0, 2);
        const c = a.decide({ side: 0, legal, n, rng: st.agents[0], observe: () => g.observe(s, 0), describe: (x: number) => g.describeAction(s, x), determinize: () => s });
        if (AIM.j < 0) return; // decided before its approach (mission strike, no enemy)
        beginReadOnly(s);
        try {
          expect(c).toBe(fullStandoffMove(m, s, FA.move.unit(s.pending), a.p, legal, n));
        } finally {
          endReadOnly();
        }
        moves++;
        if (c !== END_UNIT && c !== AIM.faceLeg) legs++;
      });
      expect(moves).toBeGreaterThan(100);
      expect(legs).toBeGreaterThan(30);
    });
  }
});

describe("hulldown's per-decision table of enemy reaches", () => {
  it('a hulldown kept over whole games moves as a new one at every move decision (the table is refilled each move, as reaches shrink and enemies die)', () => {
    const L = loadScenarioFile(SAMPLE);
    const g = L.compiled as any;
    const h = hulldownAgent as AgentFactory;
    const params = resolveAgentParams(h, {})[0];
    const kept = h.create(g, 0, params);
    let moves = 0;
    let ahead = 0;
    drive(SAMPLE, [{ ...h, create: () => kept }, closerAgent], 6, (_g, _m, s, legal, n) => {
      if (g.currentSide(s) !== 0 || decisionOf(s) !== DK.move || n === 1) return;
      const ctx = (agent: number) => ({ side: 0, legal, n, rng: gameStreams(agent, 0, 2).agents[0], observe: () => g.observe(s, 0), describe: (x: number) => g.describeAction(s, x), determinize: () => s });
      const a = kept.decide(ctx(1));
      const b = h.create(g, 0, params).decide(ctx(2));
      expect(a).toBe(b);
      moves++;
      if (s.units.some((u, k) => k >= 2 && (!u.alive || u.Mj > 0))) ahead++;
    });
    expect(moves).toBeGreaterThan(100);
    expect(ahead).toBeGreaterThan(10);
  });
});
