/**
 * Exact odds of the duel for `salvo odds duel` and reference cards, each with a sampled twin that
 * runs the engine's own code (the conformance battery compares the two):
 *
 *   hit   P(hit) of one shot by aim bonus: P(2d6 + aim >= target)            (rules/rolls.ts)
 *   duel  P(A wins), P(B wins), P(draw) by starting wounds when each side aims up to a given
 *         bonus before firing (patient's policy; aim 0 is trigger-happy), by an exact recursion
 *         over the duel's states that applies the engine's own transitions (rules/turn.ts) to
 *         each outcome of the roll. The sampler plays the compiled engine itself.
 */
import { Fraction } from '../../core/dice/fraction.ts';
import { defineMechanic, type OddsModule, type OddsOutcome, type OddsRow } from '../../core/odds.ts';
import { Tally } from '../../core/tally.ts';
import { AIM, FIRE } from './actions.ts';
import { keepsAiming } from './agents/patient.ts';
import { applyAction, compileModel } from './engine.ts';
import { buildModel, type DuelModel } from './model.ts';
import type { Options } from './options.ts';
import { pHit, shotHits } from './rules/rolls.ts';
import { endTurn, resolveShot, takeAim } from './rules/turn.ts';
import type { Body, Rules } from './schema.ts';
import { cloneState, newState, type DuelState } from './state.ts';

/** Mechanics over duel's own rules data, options and scenario block: parameters typed from their specs. */
const mechanic = defineMechanic<Rules, Options, Body>();

// ---- hit ---------------------------------------------------------------------------------

const hit = mechanic({
  name: 'hit',
  description: 'P(hit) of one shot by aim bonus: 2d6 + aim >= target',
  params: { aim: { default: 0, min: 0, max: 6, integer: true, description: 'aim bonus of the shot' } },
  checkParams: [{ aim: 0 }, { aim: 1 }, { aim: 2 }],
  table(r) {
    const rows: OddsRow[] = [];
    for (let aim = 0; aim <= r.maxAim; aim++) rows.push({ key: { aim }, cells: { hit: pHit(aim, r.target) } });
    return {
      title: `Duel: P(hit) by aim (target ${r.target})`,
      keys: [{ name: 'aim', label: 'aim bonus' }],
      values: [{ name: 'hit', label: 'P(hit)', kind: 'probability' }],
      rows,
      uses: ['target', 'maxAim'],
      charts: [{ mark: 'bar', x: 'aim', title: 'P(hit) by aim bonus' }],
    };
  },
  exact(r, _options, params) {
    const p = pHit(params.aim, r.target);
    return [
      { outcome: 'hit', p },
      { outcome: 'miss', p: Fraction.ONE.sub(p) },
    ];
  },
  sample: (r, _options, params, rng) => (shotHits(rng, params.aim, r.target) ? 'hit' : 'miss'),
});

// ---- duel --------------------------------------------------------------------------------

type Chances = readonly [Fraction, Fraction, Fraction]; // A wins, B wins, draw

const TERMINAL_DRAW: Chances = [Fraction.ZERO, Fraction.ZERO, Fraction.ONE];
const WIN: readonly Chances[] = [
  [Fraction.ONE, Fraction.ZERO, Fraction.ZERO],
  [Fraction.ZERO, Fraction.ONE, Fraction.ZERO],
];

function mix(p: Fraction, a: Chances, b: Chances): Chances {
  const q = Fraction.ONE.sub(p);
  return [p.mul(a[0]).add(q.mul(b[0])), p.mul(a[1]).add(q.mul(b[1])), p.mul(a[2]).add(q.mul(b[2]))];
}

/** Outcome chances from state `s` when side i aims up to aimTo[i] before firing (memoised per state). */
function chancesFrom(m: DuelModel, aimTo: readonly [number, number], s: DuelState, memo: Map<string, Chances>): Chances {
  if (s.over) return s.winner >= 0 ? WIN[s.winner] : TERMINAL_DRAW;
  const key = `${s.wounds[0]},${s.wounds[1]},${s.aim[0]},${s.aim[1]},${s.active},${s.turn}`;
  const known = memo.get(key);
  if (known) return known;
  const r = m.rules;
  const me = s.active;
  let out: Chances;
  if (keepsAiming(s.aim[me], aimTo[me], r.maxAim)) {
    const next = cloneState(s);
    takeAim(next);
    endTurn(next, r);
    out = chancesFrom(m, aimTo, next, memo);
  } else {
    const after = (h: boolean): Chances => {
      const next = cloneState(s);
      if (!resolveShot(next, h)) endTurn(next, r);
      return chancesFrom(m, aimTo, next, memo);
    };
    out = mix(pHit(s.aim[me], r.target), after(true), after(false));
  }
  memo.set(key, out);
  return out;
}

function duelModel(rules: Rules, options: Options, wounds: readonly [number, number]): DuelModel {
  return buildModel(rules, { sides: ['A', 'B'], wounds: [wounds[0], wounds[1]] }, options);
}

/** Starting wounds from the parameters (0: the rules' wounds). */
function startWounds(rules: Rules, params: { readonly woundsA: number; readonly woundsB: number }): [number, number] {
  return [params.woundsA || rules.wounds, params.woundsB || rules.wounds];
}

/** Exact chances of a whole duel; option firstPlayer 'random' is an even mixture of both orders. */
export function duelChances(rules: Rules, options: Options, aimTo: readonly [number, number], wounds: readonly [number, number], memo = new Map<string, Chances>()): Chances {
  const m = duelModel(rules, options, wounds);
  const from = (first: number) => chancesFrom(m, aimTo, newState(m.startWounds, first), memo);
  if (m.firstPlayer === 'random') return mix(Fraction.of(1, 2), from(0), from(1));
  return from(m.firstPlayer === 'B' ? 1 : 0);
}

const OUTCOMES = ['A', 'B', 'draw'] as const;

const duel = mechanic({
  name: 'duel',
  description: 'P(A wins), P(B wins), P(draw) by starting wounds when each side aims up to a bonus before firing',
  params: {
    aimA: { default: 2, min: 0, max: 6, integer: true, description: "A's aim before firing (patient: 2; trigger-happy: 0)" },
    aimB: { default: 0, min: 0, max: 6, integer: true, description: "B's aim before firing" },
    woundsA: { default: 0, min: 0, max: 20, integer: true, description: "A's starting wounds (0: the rules' wounds)" },
    woundsB: { default: 0, min: 0, max: 20, integer: true, description: "B's starting wounds (0: the rules' wounds)" },
  },
  checkParams: [{}, { aimA: 0, aimB: 0, woundsA: 1, woundsB: 2 }, { aimA: 1, aimB: 2, woundsA: 2, woundsB: 1 }],
  cardParams: [{ aimA: 0, aimB: 0 }],
  table(r, options, params) {
    const aimTo: [number, number] = [params.aimA, params.aimB];
    const memo = new Map<string, Chances>();
    const top = Math.min(r.wounds, 4);
    const rows: OddsRow[] = [];
    for (let a = 1; a <= top; a++)
      for (let b = 1; b <= top; b++) {
        const c = duelChances(r, options, aimTo, [a, b], memo);
        rows.push({ key: { woundsA: a, woundsB: b }, cells: { pA: c[0], pB: c[1], draw: c[2] } });
      }
    return {
      title: `Duel: who wins (A aims to +${aimTo[0]}, B to +${aimTo[1]}, target ${r.target}, ${r.turnLimit} rounds)`,
      keys: [
        { name: 'woundsA', label: "A's wounds" },
        { name: 'woundsB', label: "B's wounds" },
      ],
      values: [
        { name: 'pA', label: 'P(A wins)', kind: 'probability' },
        { name: 'pB', label: 'P(B wins)', kind: 'probability' },
        { name: 'draw', label: 'P(draw)', kind: 'probability' },
      ],
      rows,
      uses: ['target', 'maxAim', 'turnLimit'],
      charts: [{ mark: 'heatmap', x: 'woundsA', series: 'woundsB', values: ['pA'], title: 'P(A wins) by starting wounds' }],
      notes: [`first player: option firstPlayer = ${options.firstPlayer}`],
      pivot: 'woundsB',
    };
  },
  exact(r, options, params): readonly OddsOutcome[] {
    const c = duelChances(r, options, [params.aimA, params.aimB], startWounds(r, params));
    return OUTCOMES.map((outcome, i) => ({ outcome, p: c[i] }));
  },
  /** One duel played by the compiled engine (set-up and dice from `rng`), each side on the aim policy. */
  sample(r, options, params, rng) {
    const m = duelModel(r, options, startWounds(r, params));
    const game = compileModel(m);
    const aimTo = [params.aimA, params.aimB];
    const ctx = { dice: rng, tally: new Tally(game.metrics) };
    const s = game.newGame(rng, ctx);
    while (!s.over) applyAction(m, s, keepsAiming(s.aim[s.active], aimTo[s.active], m.rules.maxAim) ? AIM : FIRE, ctx);
    return s.winner < 0 ? 'draw' : OUTCOMES[s.winner];
  },
});

export const odds: OddsModule<Rules, Options, Body> = { mechanics: [hit, duel] };
