import { determinizeFor } from '../../../src/core/play.ts';
/** Hidden information and the behaviour of the scripted policies. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng/rng.ts';
import { compile, doc, newState } from './helpers.ts';
import { closerAgent, standoffAgent } from '../../../src/systems/mgv/agents/index.ts';
import { splitFor } from '../../../src/systems/mgv/agents/common.ts';
import { resolveAgentParams, type AgentFactory, type DecisionContext } from '../../../src/core/agent.ts';
import { Action, D_FIRE, D_MOVE, DISTS, EST_STEP, K, legCode } from '../../../src/systems/mgv/actions.ts';
import type { MgvState } from '../../../src/systems/mgv/state.ts';
import { D } from '../../../src/systems/mgv/decisions/index.ts';
import { defenderSplitPending } from '../../../src/systems/mgv/decisions/missile-split.ts';
import { Frames } from '../../../src/systems/mgv/actions.ts';

function ctxFor(g: any, s: MgvState, rng = new Rng([1, 2, 3, 4])): DecisionContext {
  const legal = new Int32Array(g.maxActions);
  const n = g.legalActions(s, legal);
  const side = g.currentSide(s);
  return { side, legal, n, rng, observe: () => g.observe(s, side), describe: (a) => g.describeAction(s, a), determinize: (r) => determinizeFor(g, s, side, r) };
}
function agent(f: AgentFactory, g: any, side: number, params: Record<string, any> = {}) {
  return f.create(g, side, resolveAgentParams(f, params)[0]);
}
const two = (wA: string, wB: string, yB = 30) =>
  compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 4, heading: 0, weapon: wA }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: yB, heading: 180, weapon: wB }]));

/** Drive the game with the given agents until the predicate holds. */
function until(g: any, s: MgvState, ctx: any, agents: any[], pred: (s: MgvState) => boolean, max = 3000): boolean {
  for (let k = 0; k < max && !s.result; k++) {
    if (pred(s)) return true;
    const c = ctxFor(g, s);
    const a = c.n === 1 ? c.legal[0] : agents[c.side].decide(c);
    g.apply(s, a, ctx);
  }
  return pred(s);
}

describe('secret simultaneous missile split', () => {
  it("the defender's observation never shows the attacker's split, and its legal actions do not depend on it", () => {
    const { g } = two('missile', 'kinetic', 12);
    const { s, ctx } = newState(g, 3);
    const ags = [agent(closerAgent, g, 0), agent(closerAgent, g, 1)];
    expect(until(g, s, ctx, ags, (x) => D.currentKind(x) === 'missileSplit')).toBe(true);
    expect(defenderSplitPending(s)).toBe(false);
    const seen: string[] = [];
    for (const core of [0, Frames.arg(s.pending, 'missileSplit', 'attDice')]) {
      const copy = g.clone(s);
      g.apply(copy, Action.encode.split(core), ctx);
      expect(defenderSplitPending(copy)).toBe(true);
      const obs = g.observe(copy, g.currentSide(copy));
      expect(obs.state.secret.attCore).toBe(-1);
      const legal = new Int32Array(g.maxActions);
      const n = g.legalActions(copy, legal);
      seen.push(JSON.stringify([Array.from(legal.slice(0, n)), obs.state.pending]));
    }
    expect(seen[0]).toBe(seen[1]);
  });
});

describe('split policies (spec §7.3)', () => {
  it('always-core / always-hull / mixed / adaptive', () => {
    expect(splitFor('always-core', 5, false, false, false)).toBe(5);
    expect(splitFor('always-hull', 5, true, true, false)).toBe(0);
    expect(splitFor('mixed', 5, false, false, false)).toBe(3);
    expect(splitFor('adaptive', 5, true, true, false)).toBe(5); // defender with a core infestation: all core
    expect(splitFor('adaptive', 5, true, false, false)).toBe(4); // else two-thirds, rounded up
    expect(splitFor('adaptive', 6, false, false, true)).toBe(4); // attacker vs a core-biased defender
    expect(splitFor('adaptive', 6, false, false, false)).toBe(3);
    expect(splitFor('adaptive', 6, false, true, false)).toBe(2); // target already infested: hit the hull
  });
});

describe('closer and standoff behaviour', () => {
  it('closer heads for the nearest enemy and declares MOVE when nothing is in reach', () => {
    const { g } = two('kinetic', 'kinetic');
    const { s, ctx } = newState(g);
    const a = agent(closerAgent, g, g.currentSide(s));
    const c = ctxFor(g, s);
    expect(a.decide(c)).toBe(Action.encode.declare(D_MOVE));
    const ags = [agent(closerAgent, g, 0), agent(closerAgent, g, 1)];
    const d0 = Math.hypot(s.units[0].x - s.units[1].x, s.units[0].y - s.units[1].y);
    until(g, s, ctx, ags, (x) => x.turn >= 2);
    const d1 = Math.hypot(s.units[0].x - s.units[1].x, s.units[0].y - s.units[1].y);
    expect(d1).toBeLessThan(d0 - 6);
  });

  it('closer declares FIRE when an eligible target can be hurt', () => {
    const { g } = two('kinetic', 'kinetic', 12);
    const { s } = newState(g);
    const a = agent(closerAgent, g, g.currentSide(s));
    expect(a.decide(ctxFor(g, s))).toBe(Action.encode.declare(D_FIRE));
  });

  it('standoff keeps its distance: a photon Whiptail does not close inside 8"', () => {
    const { g } = two('photon', 'photon', 24);
    const { s, ctx } = newState(g, 5);
    const ags = [agent(standoffAgent, g, 0), agent(standoffAgent, g, 1)];
    until(g, s, ctx, ags, (x) => x.turn >= 4);
    const d = Math.hypot(s.units[0].x - s.units[1].x, s.units[0].y - s.units[1].y);
    expect(d).toBeGreaterThan(8);
  });

  it('a perfect photon estimator (sigma 0) records the true range (to the half inch); a novice errs', () => {
    const { g } = two('photon', 'kinetic', 20);
    const errs = (sigma: number) => {
      let tot = 0;
      for (let seed = 1; seed <= 20; seed++) {
        const { s, ctx } = newState(g, seed);
        const ags = [agent(standoffAgent, g, 0, { photonSigma: sigma, fireThreshold: 0 }), agent(standoffAgent, g, 1, { fireThreshold: 99 })];
        const found = until(g, s, ctx, ags, (x) => D.currentKind(x) === 'photon' && x.phaseSide === 0);
        if (!found) continue;
        const c = ctxFor(g, s, new Rng([seed, 9, 9, 9]));
        const act = ags[0].decide(c);
        expect(Action.kindIndexOf(act)).toBe(K.photon);
        const est = Action.get(act, 'photon', 'estimate') * EST_STEP;
        tot += Math.abs(est - Math.hypot(s.units[0].x - s.units[1].x, s.units[0].y - s.units[1].y));
      }
      return tot;
    };
    expect(errs(0)).toBeLessThanOrEqual(20 * (EST_STEP / 2) + 1e-9);
    expect(errs(0.2)).toBeGreaterThan(10);
  });

  it('leg codes the agents emit are legal and distances are on the grid', () => {
    expect(DISTS[0]).toBe(0);
    expect(DISTS.every((d, k) => k === 0 || d > DISTS[k - 1])).toBe(true);
    expect(Action.kindIndexOf(legCode(0, 5, false))).toBe(K.leg);
    // the codec keeps the pre-codec values: kind << 24 | (turn << 8) | dist, end at bit 20
    expect(legCode(2, 5, true)).toBe((3 << 24) | (1 << 20) | (2 << 8) | 5);
  });
});
