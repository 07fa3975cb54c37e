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
import type { OddsMechanic, OddsModule, OddsOutcome, OddsParams, OddsRow } from '../../core/odds.ts';
import type { OptionValues } from '../../core/options.ts';
import type { Rng } from '../../core/rng/rng.ts';
import { Tally } from '../../core/tally.ts';
import { AIM, FIRE } from './actions.ts';
import { keepsAiming } from './agents/patient.ts';
import { applyAction, compileModel } from './engine.ts';
import { buildModel, type DuelModel } from './model.ts';
import type { Options } from './options.ts';
import { pHit, shotHits } from './rules/rolls.ts';
import { endTurn, resolveShot, takeAim } from './rules/turn.ts';
import { rulesSchema, type Rules } from './schema.ts';
import { clone, newState, type DuelState } from './state.ts';

// ---- typed views of the framework's untyped arguments -------------------------------------

const parsed = new WeakMap<object, Rules>();

/** The rules data, validated once per data object (the odds framework hands it over untyped). */
function rulesOf(data: unknown): Rules {
  if (typeof data !== 'object' || data === null) return rulesSchema.parse(data);
  let r = parsed.get(data);
  if (!r) parsed.set(data, (r = rulesSchema.parse(data)));
  return r;
}

function firstPlayerOf(options: OptionValues): Options['firstPlayer'] {
  const v = options.firstPlayer;
  return v === 'B' || v === 'random' ? v : 'A';
}

function num(params: OddsParams, key: string): number {
  const v = params[key];
  return typeof v === 'number' ? v : Number(v);
}

// ---- hit ---------------------------------------------------------------------------------

const hit: OddsMechanic = {
  name: 'hit',
  description: 'P(hit) of one shot by aim bonus: 2d6 + aim >= target',
  params: { aim: { default: 0, min: 0, max: 6, integer: true, description: 'aim bonus of the shot' } },
  checkParams: [{ aim: 0 }, { aim: 1 }, { aim: 2 }],
  table(data) {
    const r = rulesOf(data);
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
  exact(data, _options, params) {
    const p = pHit(num(params, 'aim'), rulesOf(data).target);
    return [
      { outcome: 'hit', p },
      { outcome: 'miss', p: Fraction.ONE.sub(p) },
    ];
  },
  sample: (data, _options, params, rng) => (shotHits(rng, num(params, 'aim'), rulesOf(data).target) ? 'hit' : 'miss'),
};

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
    const next = clone(s);
    takeAim(next);
    endTurn(next, r);
    out = chancesFrom(m, aimTo, next, memo);
  } else {
    const after = (h: boolean): Chances => {
      const next = clone(s);
      if (!resolveShot(next, h)) endTurn(next, r);
      return chancesFrom(m, aimTo, next, memo);
    };
    out = mix(pHit(s.aim[me], r.target), after(true), after(false));
  }
  memo.set(key, out);
  return out;
}

function duelModel(data: unknown, options: OptionValues, wounds: readonly [number, number]): DuelModel {
  return buildModel(rulesOf(data), { sides: ['A', 'B'], wounds: [wounds[0], wounds[1]] }, { firstPlayer: firstPlayerOf(options) });
}

function startWounds(data: unknown, params: OddsParams): [number, number] {
  const dflt = rulesOf(data).wounds;
  return [num(params, 'woundsA') || dflt, num(params, 'woundsB') || dflt];
}

/** Exact chances of a whole duel; option firstPlayer 'random' is an even mixture of both orders. */
export function duelChances(data: unknown, options: OptionValues, aimTo: readonly [number, number], wounds: readonly [number, number], memo = new Map<string, Chances>()): Chances {
  const m = duelModel(data, options, wounds);
  const from = (first: number) => chancesFrom(m, aimTo, newState(m.startWounds, first), memo);
  if (m.firstPlayer === 'random') return mix(Fraction.of(1, 2), from(0), from(1));
  return from(m.firstPlayer === 'B' ? 1 : 0);
}

const OUTCOMES = ['A', 'B', 'draw'] as const;

const duel: OddsMechanic = {
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
  table(data, options, params) {
    const r = rulesOf(data);
    const aimTo: [number, number] = [num(params, 'aimA'), num(params, 'aimB')];
    const memo = new Map<string, Chances>();
    const top = Math.min(r.wounds, 4);
    const rows: OddsRow[] = [];
    for (let a = 1; a <= top; a++)
      for (let b = 1; b <= top; b++) {
        const c = duelChances(data, options, aimTo, [a, b], memo);
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
      notes: [`first player: option firstPlayer = ${firstPlayerOf(options)}`],
      pivot: 'woundsB',
    };
  },
  exact(data, options, params): readonly OddsOutcome[] {
    const c = duelChances(data, options, [num(params, 'aimA'), num(params, 'aimB')], startWounds(data, params));
    return OUTCOMES.map((outcome, i) => ({ outcome, p: c[i] }));
  },
  /** One duel played by the compiled engine (set-up and dice from `rng`), each side on the aim policy. */
  sample(data, options, params, rng: Rng) {
    const m = duelModel(data, options, startWounds(data, params));
    const game = compileModel(m);
    const aimTo = [num(params, 'aimA'), num(params, 'aimB')];
    const ctx = { dice: rng, tally: new Tally(game.metrics) };
    const s = game.newGame(rng, ctx);
    while (!s.over) applyAction(m, s, keepsAiming(s.aim[s.active], aimTo[s.active], m.rules.maxAim) ? AIM : FIRE, ctx);
    return s.winner < 0 ? 'draw' : OUTCOMES[s.winner];
  },
};

export const odds: OddsModule = { mechanics: [hit, duel] };
