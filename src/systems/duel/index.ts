/**
 * duel: the smallest complete system, kept as the worked example of "how to add a system" and
 * as a fast fixture for the core's tests. Two gunfighters alternate turns; on its turn a side
 * either takes aim (+1 to its next shot, up to a maximum) or fires (2d6 + aim >= target hits,
 * a hit removes one wound). Not a published game: every value is a placeholder.
 */
import { z } from 'zod';
import { agentOf, randomAgent } from '../../core/agent.ts';
import { actionCodec } from '../../core/decision/codec.ts';
import { roll2d6 } from '../../core/dice/sample.ts';
import { defineOptions, type OptionValuesOf } from '../../core/options.ts';
import { defineSystem, type CompiledGame, type GameResult, type PlayContext } from '../../core/system.ts';
import { metricNames, type MetricLayout } from '../../core/tally.ts';
import type { Rng } from '../../core/rng/rng.ts';

/** The actions, declared once: codes, decoding and fallback descriptions come from here. */
export const Action = actionCodec({ aim: {}, fire: {} });
const AIM = Action.encode.aim();
const FIRE = Action.encode.fire();

const rulesSchema = z
  .object({
    target: z.number().int().min(2).max(13),
    maxAim: z.number().int().min(0).max(6),
    wounds: z.number().int().min(1).max(20),
    turnLimit: z.number().int().min(1),
  })
  .strict();
type Rules = z.infer<typeof rulesSchema>;

const scenarioSchema = z
  .object({
    sides: z.tuple([z.string().min(1), z.string().min(1)]),
    /** Wounds per side, overriding the rules default (handicaps). */
    wounds: z.tuple([z.number().int().positive(), z.number().int().positive()]).optional(),
  })
  .strict();
type Body = z.infer<typeof scenarioSchema>;

const options = defineOptions({
  firstPlayer: { default: 'A', values: ['A', 'B', 'random'], description: 'Who takes the first turn.', cite: 'placeholder rule', kind: 'house-rule' },
});
type Options = OptionValuesOf<typeof options>;

export interface DuelState {
  wounds: [number, number];
  aim: [number, number];
  active: number;
  turn: number;
  winner: number;
  over: boolean;
}

export interface DuelObservation {
  readonly me: number;
  readonly wounds: readonly [number, number];
  readonly aim: readonly [number, number];
  readonly target: number;
  readonly maxAim: number;
}

/** Metric names, declared once: `M.col.hits` is an index, and a misspelt name fails to compile. */
const M = metricNames(['shots', 'hits', 'kills'], ['aimsTaken']);

const LAYOUT: MetricLayout = {
  rowKeys: ['side', 'weapon'],
  rows: [
    { side: 'A', weapon: 'revolver' },
    { side: 'B', weapon: 'revolver' },
  ],
  columns: M.columns,
  scalars: M.scalars,
  ratios: [
    { name: 'hitRate', num: 'hits', den: 'shots', kind: 'proportion', label: 'hits per shot' },
    { name: 'killsPerShot', num: 'kills', den: 'shots', kind: 'proportion', label: 'kills per shot' },
  ],
  views: [{ name: 'by weapon (both sides)', keys: ['weapon'] }],
};

function compile(rules: Rules, body: Body, opts: Options): CompiledGame<DuelState, DuelObservation> {
  const first = opts.firstPlayer;
  const startWounds: [number, number] = body.wounds ? [body.wounds[0], body.wounds[1]] : [rules.wounds, rules.wounds];
  const layout: MetricLayout = { ...LAYOUT, rows: [{ side: body.sides[0], weapon: 'revolver' }, { side: body.sides[1], weapon: 'revolver' }] };
  return {
    sides: body.sides,
    metrics: layout,
    maxDecisions: rules.turnLimit * 2 + 10,
    maxActions: 2,
    newGame(setup: Rng): DuelState {
      const active = first === 'B' ? 1 : first === 'random' ? setup.int(2) : 0;
      return { wounds: [startWounds[0], startWounds[1]], aim: [0, 0], active, turn: 1, winner: -1, over: false };
    },
    result(s): GameResult | null {
      if (!s.over) return null;
      if (s.winner >= 0) return { winner: s.winner, reason: 'victory', detail: 'shot down', length: s.turn };
      return { winner: -1, reason: 'turn-limit', detail: `${rules.turnLimit} turns`, length: s.turn };
    },
    currentSide: (s) => s.active,
    legalActions(s, out) {
      let n = 0;
      if (s.aim[s.active] < rules.maxAim) out[n++] = AIM;
      out[n++] = FIRE;
      return n;
    },
    apply(s, action, ctx: PlayContext) {
      const me = s.active;
      if (action === AIM) {
        s.aim[me]++;
        ctx.tally.addScalar(M.scalar.aimsTaken);
      } else {
        ctx.tally.add(me, M.col.shots);
        const roll = roll2d6(ctx.dice);
        const hit = roll + s.aim[me] >= rules.target;
        if (ctx.log) ctx.log(`2d6 = ${roll}, + aim ${s.aim[me]} = ${roll + s.aim[me]} vs target ${rules.target}: ${hit ? 'hit' : 'miss'}`);
        s.aim[me] = 0;
        if (hit) {
          ctx.tally.add(me, M.col.hits);
          if (--s.wounds[1 - me] === 0) {
            ctx.tally.add(me, M.col.kills);
            s.winner = me;
            s.over = true;
            return;
          }
        }
      }
      if (me === 1) s.turn++;
      s.active = 1 - me;
      if (s.turn > rules.turnLimit) {
        s.turn = rules.turnLimit;
        s.over = true;
      }
    },
    observe: (s, side) => ({ me: side, wounds: [s.wounds[0], s.wounds[1]], aim: [s.aim[0], s.aim[1]], target: rules.target, maxAim: rules.maxAim }),
    describeAction: (s, a) => `${body.sides[s.active]} ${Action.is(a, 'aim') ? 'takes aim' : `fires (aim +${s.aim[s.active]})`}`,
    length: (s) => s.turn,
    clone,
    // Nothing is hidden in a duel: a side's determinisation is a plain copy.
    determinize: (s) => clone(s),
    /** Chance that `side` wins from here, by a crude race: wounds to inflict per shot's hit chance. */
    evaluate(s, side) {
      if (s.over) return s.winner === side ? 1 : s.winner < 0 ? 0.5 : 0;
      const need = (w: number) => w / Math.max(0.05, hit2d6(rules.target - rules.maxAim));
      const mine = need(s.wounds[1 - side]);
      const theirs = need(s.wounds[side]);
      return theirs / (mine + theirs);
    },
    checkInvariants(s) {
      const bad: string[] = [];
      for (const i of [0, 1]) {
        if (s.wounds[i] < 0) bad.push(`side ${i} has negative wounds`);
        if (s.aim[i] < 0 || s.aim[i] > rules.maxAim) bad.push(`side ${i} aim ${s.aim[i]} out of range`);
      }
      return bad;
    },
  };
}

function clone(s: DuelState): DuelState {
  return { ...s, wounds: [s.wounds[0], s.wounds[1]], aim: [s.aim[0], s.aim[1]] };
}

/** P(2d6 >= t). */
function hit2d6(t: number): number {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= t) ways++;
  return ways / 36;
}

const duelAgent = agentOf<DuelState, DuelObservation>();

/** Fires at once, every turn. */
const triggerHappy = duelAgent({
  name: 'trigger-happy',
  description: 'Always fires.',
  params: {},
  create: () => ({ decide: () => FIRE }),
});

/** Aims up to `aimTo` (capped by the rules), then fires. */
const patient = duelAgent({
  name: 'patient',
  description: 'Takes aim up to aimTo times, then fires.',
  params: { aimTo: { default: 2, min: 0, max: 6, description: 'aim bonus to reach before firing' } },
  create: (_game, _side, p) => ({
    decide(ctx) {
      const o = ctx.observe();
      return o.aim[o.me] < Math.min(p.aimTo, o.maxAim) ? AIM : FIRE;
    },
  }),
});

export const system = defineSystem({
  info: { id: 'duel', name: 'Duel (example system)', seedFile: 'none (worked example)', spec: 'src/systems/duel/index.ts', lengthUnit: 'rounds', kind: 'game', information: 'perfect', search: true },
  scenarioSchema,
  rulesData: { $prov: 'placeholder: example system, no rulebook', target: 8, maxAim: 2, wounds: 3, turnLimit: 30 },
  rulesSchema,
  options,
  agents: [randomAgent, triggerHappy, patient],
  defaultAgents: ['patient', 'trigger-happy'],
  dataInUse: () => ['target', 'maxAim', 'wounds', 'turnLimit'],
  compile: ({ data, scenario, options: o }) => compile(data, scenario.body, o),
});
