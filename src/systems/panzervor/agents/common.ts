/** Small helpers the Panzer Vor! heuristics share: reading the legal actions, and kill chances by gun. */
import type { DecisionContext } from '../../../core/agent.ts';
import { Action } from '../actions.ts';
import type { PvObservation } from '../observe.ts';
import { killChance, type ShotCard } from './eval.ts';

/** Target weights of 1 (no flag tank to favour), for as many tanks as a match may hold. */
export const ONES = new Float64Array(256).fill(1);

/** Some own tank on the map is Immobile. */
export function anyImmobile(o: PvObservation, side: number): boolean {
  for (const t of o.G.sideTanks[side]) if (o.alive[t] && o.immobile[t]) return true;
  return false;
}

/** Action a is legal now. */
export function has(ctx: DecisionContext, a: number): boolean {
  for (let i = 0; i < ctx.n; i++) if (ctx.legal[i] === a) return true;
  return false;
}

/** The first legal action of kind index `kind`. */
export function firstOf(ctx: DecisionContext, kind: number): number | undefined {
  for (let i = 0; i < ctx.n; i++) {
    const a = ctx.legal[i];
    if (Action.kindIndexOf(a) === kind) return a;
  }
  return undefined;
}

/** Kill chance of tank t's gun g at tgt from where it stands (the other gun of a two-gun tank at 90% of its best). */
export function killChanceGun(o: PvObservation, t: number, g: number, tgt: number, card: ShotCard): { p: number } {
  // The engine already checked eligibility; value the declared gun only.
  const G = o.G;
  const single = killChance(o, t, o.hex[t], o.facing[t], tgt, card);
  if (G.nG[t] === 1) return single;
  return { p: single.gun === g ? single.p : 0.9 * single.p };
}
