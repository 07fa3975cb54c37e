/**
 * Underdog (issue 19): a side plays as its army stands. While the army it fielded is worth less
 * than `below` times the enemy's (the scenario's points, p.47 unit costs and officers), it plays
 * `bulwark`, the outgunned side's plan; otherwise it plays `plan`. A player of the weaker army
 * does not take the favourite's plan: on sector55 (UNA 380 points against 470) `gunline`,
 * `assault` and `objective` win 7-9% as UNA, `bulwark` 12-14%, and its tuned setting about 20%.
 * The generic `mcts` switches between `underdog:plan=<each>` (agents/index.ts): on the outgunned
 * side every plan of its portfolio is then the tuned bulwark, and it searches nothing there.
 */
import { agentOf, type Agent } from '../../../core/agent.ts';
import type { Model } from '../model.ts';
import type { At43Observation } from '../observe.ts';
import type { At43State } from '../state.ts';
import type { Ctx } from './common.ts';

/** The points side s fielded over the points of the other sides (the units' costs, officers included). */
export function armyRatio(m: Model, s: number): number {
  let mine = 0;
  let theirs = 0;
  for (const U of m.units) {
    if (U.side === s) mine += U.cost;
    else theirs += U.cost;
  }
  return theirs > 0 ? mine / theirs : Infinity;
}

/**
 * bulwark as the outgunned side plays it best on sector55 (a random search of 60 settings, 500
 * games against each Therian agent, then a coordinate search, 1,000 games on another seed): posts
 * within 25 cm, the unit with a post plays its card first (to its cover before the enemy fires),
 * it shoots whatever the range instead of keeping an Overwatch! marker, and it leaves its post for
 * the objective only when no enemy is within 90 cm of it or the side outnumbers the enemy 4:1.
 */
export const UNDERDOG_BULWARK = 'bulwark:reach=25:hold=3:advance=4:watch=99:near=60:postFirst=1';

export const underdogAgent = agentOf<At43State, At43Observation>()({
  name: 'underdog',
  description: "Plays bulwark while its side's army is worth less than 0.85 of the enemy's (in the setting tuned for that seat), else its plan.",
  params: {
    plan: { default: 'gunline', values: ['gunline', 'assault', 'objective', 'bulwark'], description: 'the plan of a side that is not outgunned' },
    weak: { default: UNDERDOG_BULWARK, agent: true, description: 'the plan of an outgunned side (an agent choice)' },
    below: { default: 0.85, description: "the side plays bulwark while its army's points are below this share of the enemy's", min: 0, max: 10 },
  },
  create: (_g, side, p, env) => {
    if (env === undefined) throw new Error("agent 'underdog' must be created through agent resolution (createAgent)");
    // the plan, chosen at the first decision (the model is read from the observation)
    let a: Agent | null = null;
    const plan = (ctx: Ctx) => (a ??= env.agent(armyRatio(ctx.observe().model, side) < p.below ? p.weak : p.plan, side));
    return {
      decide: (ctx: Ctx) => plan(ctx).decide(ctx),
      rank: (ctx: Ctx, out: Float64Array) => plan(ctx).rank?.(ctx, out),
    };
  },
});
