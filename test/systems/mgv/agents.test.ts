import { determinizeFor } from '../../../src/core/play.ts';
/** Hidden information and the behaviour of the scripted policies. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng/rng.ts';
import { compile, doc, newState } from './helpers.ts';
import { closerAgent, hulldownAgent, standoffAgent } from '../../../src/systems/mgv/agents/index.ts';
import { jamWorth } from '../../../src/systems/mgv/agents/hulldown.ts';
import { canJam } from '../../../src/systems/mgv/rules/payloads.ts';
import { hazardOnPath, sightFrom, splitFor, threatReach } from '../../../src/systems/mgv/agents/common.ts';
import { deltaToFace } from '../../../src/systems/mgv/rules/movement.ts';
import { SLOT_MAIN, canTarget } from '../../../src/systems/mgv/rules/combat.ts';
import { resolveAgentParams, type AgentFactory, type DecisionContext } from '../../../src/core/agent.ts';
import { Action, D_FIRE, D_MOVE, DISTS, EST_STEP, K, N_REL_TURNS, legCode, relTurn, FA } from '../../../src/systems/mgv/actions.ts';
import type { MgvState } from '../../../src/systems/mgv/state.ts';
import { D } from '../../../src/systems/mgv/decisions/index.ts';
import { defenderSplitPending } from '../../../src/systems/mgv/decisions/missile-split.ts';

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
    for (const core of [0, FA.missileSplit.attDice(s.pending)]) {
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

/** The move decision of base `i`: the game driven (legal[0] for the other side's and other bases' decisions) until base i decides a move. */
function moveDecisionOf(g: any, s: MgvState, ctx: any, i: number, max = 400): boolean {
  const legal = new Int32Array(g.maxActions);
  for (let k = 0; k < max && !s.result; k++) {
    if (D.currentKind(s) === 'move' && FA.move.unit(s.pending) === i) return true;
    const n = g.legalActions(s, legal);
    let a = legal[0];
    // the side of base i declares MOVE when free; everyone else passes
    for (let q = 0; q < n; q++) if (legal[q] === Action.encode.declare(D_MOVE) && g.currentSide(s) === g.model.units[i].side) a = legal[q];
    g.apply(s, a, ctx);
  }
  return false;
}

/** Where base i's leg `code` would take it, and along which unit vector. */
function legEnd(g: any, s: MgvState, i: number, code: number) {
  const u = s.units[i];
  const t = Action.read.leg.turn(code);
  const delta = t < N_REL_TURNS ? relTurn(t) : deltaToFace(u, s.units[t - N_REL_TURNS].x, s.units[t - N_REL_TURNS].y);
  const r = ((u.h + delta) * Math.PI) / 180;
  const d = DISTS[Action.read.leg.dist(code)];
  return { x: u.x + Math.sin(r) * d, y: u.y + Math.cos(r) * d, dx: Math.sin(r), dy: Math.cos(r), d };
}

describe('misplays fixed (issue 19): constructed positions', () => {
  // a Whiptail 20" from a Mako, a chemical residue (trap 4-6) straight between them
  const residue = (weaponA = 'kinetic') =>
    compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 4, heading: 0, weapon: weaponA }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 30, heading: 180, weapon: 'kinetic' }], {}, { terrain: [{ id: 'C', type: 'chemical', circle: [18, 9, 1.5] }] }));

  for (const [name, factory] of [['closer', closerAgent], ['standoff', standoffAgent]] as const) {
    it(`${name} walks round a residue it can see (it walked straight through: 83 bases trapped per 100 sample-duel games for closer)`, () => {
      const { g, m } = residue();
      const { s, ctx } = newState(g);
      expect(moveDecisionOf(g, s, ctx, 0)).toBe(true);
      const a = agent(factory, g, 0).decide(ctxFor(g, s));
      expect(Action.kindIndexOf(a)).toBe(K.leg);
      const e = legEnd(g, s, 0, a);
      expect(hazardOnPath(m, s, 0, s.units[0].x, s.units[0].y, e.dx, e.dy, e.d)).toBe(false);
      // and it still gets nearer to the enemy
      expect(Math.hypot(s.units[1].x - e.x, s.units[1].y - e.y)).toBeLessThan(Math.hypot(s.units[1].x - s.units[0].x, s.units[1].y - s.units[0].y));
    });
  }

  it('the hazard test sees the residue on the straight path, not on a path beside it, and not the one the base already stands in', () => {
    const { g, m } = residue();
    const { s } = newState(g);
    expect(hazardOnPath(m, s, 0, 18, 4, 0, 1, 8)).toBe(true);
    expect(hazardOnPath(m, s, 0, 18, 4, Math.sin(Math.PI / 4), Math.cos(Math.PI / 4), 8)).toBe(false);
    expect(hazardOnPath(m, s, 0, 18, 9, 0, 1, 8)).toBe(false); // inside it: it rolls whichever way it leaves
  });

  it('closer leaves a hill top out of sight of its target for a spot with a line of sight (it sat there, out of sight, for the rest of the game)', () => {
    // a hill between: the kinetic Whiptail on its top, 9" from the target, 5" from the crest it looks across
    const hill = { id: 'H', type: 'hill', polygon: [[10, 12], [26, 12], [26, 24], [10, 24]], level: 1 };
    const { g, m } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 17, heading: 180, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 8, heading: 0, weapon: 'kinetic' }], {}, { terrain: [hill] }));
    const { s, ctx } = newState(g);
    expect(moveDecisionOf(g, s, ctx, 0)).toBe(true);
    expect(canTarget(m, s, 0, SLOT_MAIN, 1)).toBe(false); // in range, no line of sight over the crest
    expect(sightFrom(m, s, s.units[0].x, s.units[0].y, 1)).toBe(false);
    const a = agent(closerAgent, g, 0).decide(ctxFor(g, s));
    expect(Action.kindIndexOf(a)).toBe(K.leg);
    const e = legEnd(g, s, 0, a);
    expect(e.d).toBeGreaterThan(0);
    expect(sightFrom(m, s, e.x, e.y, 1)).toBe(true);
  });

  it('a photon closer that sees its target stays out of the target\'s reach (it walked to 8" of missile Makos)', () => {
    // a photon Whiptail 26" from a missile Mako (reach 24"), in the open
    const { g, m } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 4, heading: 0, weapon: 'photon' }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 30, heading: 180, weapon: 'missile' }]));
    const { s, ctx } = newState(g);
    expect(moveDecisionOf(g, s, ctx, 0)).toBe(true);
    expect(threatReach(m, s, 1)).toBe(24);
    const a = agent(closerAgent, g, 0).decide(ctxFor(g, s));
    const end = Action.kindIndexOf(a) === K.leg ? legEnd(g, s, 0, a) : { x: s.units[0].x, y: s.units[0].y };
    expect(Math.hypot(s.units[1].x - end.x, s.units[1].y - end.y)).toBeGreaterThan(24);
  });

  it('standoff moves where it scored: from a heading of 30°, the spot it takes has the sight line it counted on', () => {
    // it scored spots at 0°, 45°, 90°... but its legs turn in 45° steps from 30° (to 345°, 30°,
    // 75°...): it scored the spot 6.5" north (in sight of its target) and went 6" along 345°,
    // behind this rock
    const rock = { id: 'R', type: 'rock', rect: [16.2, 12.5, 17.2, 13.5] };
    const { g, m } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 4, heading: 30, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 30, heading: 180, weapon: 'kinetic' }], {}, { terrain: [rock] }));
    const { s, ctx } = newState(g);
    expect(moveDecisionOf(g, s, ctx, 0)).toBe(true);
    const a = agent(standoffAgent, g, 0).decide(ctxFor(g, s));
    expect(Action.kindIndexOf(a)).toBe(K.leg);
    const e = legEnd(g, s, 0, a);
    expect(e.d).toBeGreaterThan(0);
    expect(sightFrom(m, s, e.x, e.y, 1)).toBe(true);
  });
});

describe('the search policy (GameSystem.searchPolicy) and its rank', () => {
  it('mgv names closer as the policy of mcts', async () => {
    const { system } = await import('../../../src/systems/mgv/index.ts');
    expect(system.searchPolicy).toBe('closer');
    expect(system.agents.map((a) => a.name)).toContain('closer');
  });

  it('rank at a move: every legal action scored, a leg into a residue below a safe one, the policy\'s choice above it', () => {
    const { g, m } = compile(doc([{ id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 4, heading: 0, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 30, heading: 180, weapon: 'missile' }], {}, { terrain: [{ id: 'C', type: 'chemical', circle: [18, 9, 1.5] }] }));
    const { s, ctx } = newState(g);
    expect(moveDecisionOf(g, s, ctx, 0)).toBe(true);
    const a = agent(closerAgent, g, 0);
    const c = ctxFor(g, s);
    const out = new Float64Array(c.n);
    a.rank!(c, out);
    expect(out.every((v) => Number.isFinite(v))).toBe(true);
    const pick = a.decide(ctxFor(g, s));
    // among the legs of one distance, straight ahead (through the residue) ranks below 45° right
    const idx = (code: number) => Array.from(c.legal.slice(0, c.n)).indexOf(code);
    const straight = idx(legCode(3, DISTS.indexOf(6), true));
    const right = idx(legCode(4, DISTS.indexOf(6), true));
    expect(straight).toBeGreaterThan(0);
    expect(right).toBeGreaterThan(0);
    expect(out[straight]).toBeLessThan(out[right]);
    expect(out[idx(pick)]).toBeGreaterThan(out[straight]);
    void m;
  });

  it('rank at an attack: by exact expected damage, the choice +1', () => {
    const { g } = two('kinetic', 'kinetic', 12);
    const { s, ctx } = newState(g);
    const ags = [agent(closerAgent, g, 0), agent(closerAgent, g, 1)];
    expect(until(g, s, ctx, ags, (x) => D.currentKind(x) === 'attack')).toBe(true);
    const side = g.currentSide(s);
    const c = ctxFor(g, s);
    const out = new Float64Array(c.n);
    ags[side].rank!(c, out);
    const pick = ags[side].decide(ctxFor(g, s));
    let best = 0;
    for (let k = 1; k < c.n; k++) if (out[k] > out[best]) best = k;
    expect(c.legal[best]).toBe(pick);
  });
});

describe('hulldown: the weaker side\'s play (issue 19)', () => {
  // a photon Whiptail (no power module to counter) 26" from a missile Mako with a 4-point jammer in its rear bay, facing it
  const jamDuel = () =>
    compile(
      doc([
        { id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 4, heading: 0, weapon: 'photon' },
        { id: 'b', side: 'B', model: 'Mako', x: 18, y: 30, heading: 180, weapon: 'missile', payload: { type: 'jammer', points: 4 } },
      ]),
    );

  it('turns its rear bay on the photon Whiptail and jams it before it fires; standoff does neither', () => {
    const { g, m } = jamDuel();
    const { s, ctx } = newState(g);
    expect(moveDecisionOf(g, s, ctx, 1)).toBe(true);
    expect(s.used[0 * 2 + 1]).toBe(0); // the Whiptail has not fired this turn
    expect(canJam(m, s, 1, 0)).toBe(false); // the bay faces away from it
    const hd = agent(hulldownAgent, g, 1);
    const a = hd.decide(ctxFor(g, s));
    expect(Action.kindIndexOf(a)).toBe(K.leg);
    expect(Action.read.leg.dist(a)).toBe(0); // a turn in place
    g.apply(s, a, ctx);
    expect(canJam(m, s, 1, 0)).toBe(true);
    expect(hd.decide(ctxFor(g, s))).toBe(Action.encode.jam(0));
    // standoff, in the same position, moves on
    const { s: s2, ctx: ctx2 } = newState(g);
    expect(moveDecisionOf(g, s2, ctx2, 1)).toBe(true);
    const b = agent(standoffAgent, g, 1).decide(ctxFor(g, s2));
    expect(Action.kindIndexOf(b) === K.jam || (Action.kindIndexOf(b) === K.leg && Action.read.leg.dist(b) === 0 && relTurn(Action.read.leg.turn(b)) === 180)).toBe(false);
  });

  it('the jamming is worth the points the target cannot counter times its firepower', () => {
    const { g, m } = jamDuel();
    const { s } = newState(g);
    expect(jamWorth(m, s, 1, 0)).toBe(4 * 11); // 4 points, no power module, attack 11
    s.units[0].jam = 3;
    expect(jamWorth(m, s, 1, 0)).toBe(0); // already paralyzed
  });

  it('a missile Mako moves out of the photon\'s sight behind a rock (with no weight on cover; with hide=0 too it stays in sight)', () => {
    // the rock is 3" to the Mako's right, between it and nothing: the spot behind it (from the Whiptail) hides the Mako
    const rock = { id: 'R', type: 'rock', rect: [21, 23, 24, 25] };
    const { g, m } = compile(
      doc([
        { id: 'a', side: 'A', model: 'Whiptail', x: 26, y: 4, heading: 0, weapon: 'photon' },
        { id: 'b', side: 'B', model: 'Mako', x: 18, y: 28, heading: 180, weapon: 'missile' },
      ], {}, { terrain: [rock] }),
    );
    const { s, ctx } = newState(g);
    expect(moveDecisionOf(g, s, ctx, 1)).toBe(true);
    expect(sightFrom(m, s, s.units[1].x, s.units[1].y, 0)).toBe(true);
    const end = (a: number) => (Action.kindIndexOf(a) === K.leg ? legEnd(g, s, 1, a) : { x: s.units[1].x, y: s.units[1].y });
    const hid = end(agent(hulldownAgent, g, 1, { coverWeight: 0 }).decide(ctxFor(g, s)));
    expect(sightFrom(m, s, hid.x, hid.y, 0)).toBe(false);
    const open = end(agent(hulldownAgent, g, 1, { hide: 0, coverWeight: 0 }).decide(ctxFor(g, s)));
    expect(sightFrom(m, s, open.x, open.y, 0)).toBe(true);
  });

  it('waits in cover for an enemy out of its reach for `patience` turns, then goes to it (it drew 13% of its sample-duel games against random, 0-0)', () => {
    // a thermal Mako (reach 24") hugging ice crystals, a Whiptail 30" away that does not come
    const ice = { id: 'I', type: 'ice', circle: [18, 27.6, 1.5] };
    const { g } = compile(
      doc([
        { id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 4, heading: 0, weapon: 'kinetic' },
        { id: 'b', side: 'B', model: 'Mako', x: 18, y: 30, heading: 180, weapon: 'thermal' },
      ], {}, { terrain: [ice] }),
    );
    const { s, ctx } = newState(g);
    expect(moveDecisionOf(g, s, ctx, 1)).toBe(true);
    const dist = (a: number) => {
      const e = Action.kindIndexOf(a) === K.leg ? legEnd(g, s, 1, a) : { x: s.units[1].x, y: s.units[1].y };
      return Math.hypot(s.units[0].x - e.x, s.units[0].y - e.y);
    };
    const before = Math.hypot(s.units[0].x - s.units[1].x, s.units[0].y - s.units[1].y);
    expect(before).toBeGreaterThan(24);
    s.turn = 2;
    expect(dist(agent(hulldownAgent, g, 1).decide(ctxFor(g, s)))).toBeCloseTo(before, 6); // stays in cover
    s.turn = 3;
    expect(dist(agent(hulldownAgent, g, 1).decide(ctxFor(g, s)))).toBeLessThan(before - 2); // goes
  });
});
