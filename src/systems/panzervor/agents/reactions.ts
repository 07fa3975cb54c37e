/**
 * The heuristics' Reaction and Eavesdropping decisions (spec §7.4): a defensive Reaction when the
 * incoming attack's kill chance reaches `reactAt` (for the flag tank only, reactOnlyForFlag, in a
 * Flag Battle; a match without flags has nothing to keep the cards for), a
 * Quick Shot when its own kill chance reaches `quickShotAt`, valued by the points it saves or
 * takes; Eavesdropping against a Quick Shot always, against other Reactions when much is at stake.
 */
import type { DecisionContext } from '../../../core/agent.ts';
import { A_PASS, Action, K } from '../actions.ts';
import { K_REACTION, MATCH_FLAG, RE_CANCEL_HIT, RE_MOD, RE_QUICK, type PvStatic } from '../model.ts';
import type { PvObservation } from '../observe.ts';
import { p2d6ge, rangeModifier } from '../rules/rolls.ts';
import { W1, W2, W3 } from '../state.ts';
import { ONES, firstOf, killChanceGun } from './common.ts';
import { PLAIN, bestShot, crewBest } from './eval.ts';
import { targetWeight, type Style } from './style.ts';

/** Kill chance of the attack being resolved (layer 0), as seen by either side. */
export function incoming(G: PvStatic, o: PvObservation): { hit: number; kill: number; target: number; attacker: number } {
  const a = o.attack;
  if (!a) return { hit: 0, kill: 0, target: -1, attacker: -1 };
  const hit = a.noRoll ? 1 : Math.max(p2d6ge(a.distance - a.mod), p2d6ge(a.distance - a.mod - crewBest(o, G.cAtk, a.attacker)));
  const fp = G.gFp[2 * a.attacker + a.gun];
  const need = a.armour - fp - rangeModifier(G.rules.damageRangeMods, a.distance) - a.damageMod - crewBest(o, G.cDmg, a.attacker);
  return { hit, kill: p2d6ge(need), target: a.target, attacker: a.attacker };
}

/**
 * What each legal action of a Reaction window is worth (points saved or taken), into values[i] for
 * ctx.legal[i]: 0 for passing, and for a card that does not meet the style's thresholds.
 */
export function reactionValues(G: PvStatic, style: Style, o: PvObservation, ctx: DecisionContext<PvObservation>, values: Float64Array): void {
  const s = style;
  const w = o.window;
  const inc = w === W2 || w === W3 ? incoming(G, o) : null;
  const mover = w === W1 ? o.mv.tank : w === W2 ? inc!.attacker : -1;
  const protectsFlag = (t: number) => G.matchType === MATCH_FLAG && t >= 0 && G.tFlag[t] === 1;
  const onlyForFlag = s.reactOnlyForFlag && G.matchType === MATCH_FLAG;
  for (let i = 0; i < ctx.n; i++) {
    const a = ctx.legal[i];
    values[i] = 0;
    if (Action.kindIndexOf(a) !== K.reaction) continue;
    const card = Action.read.reaction.card(a);
    const eff = G.kKind[card];
    let v = 0;
    if (eff === RE_MOD && inc) {
      const p = inc.hit * inc.kill;
      if (s.ricochetFirst && holdsRicochet(G, o) && inc.kill >= s.reactAt && (!onlyForFlag || protectsFlag(inc.target) || inc.kill > 0.9)) {
        // A Ricochet at W3 cancels the hit outright and is spent only if the roll hits; the W2
        // card would use up the action's one Reaction (seed p12) and only lower the roll.
      } else if (p >= s.reactAt && (!onlyForFlag || protectsFlag(inc.target))) {
        const a2 = o.attack!;
        const hit2 = Math.max(p2d6ge(a2.distance - a2.mod - G.kRMod[card]), p2d6ge(a2.distance - a2.mod - G.kRMod[card] - crewBest(o, G.cAtk, a2.attacker)));
        v = (inc.hit - hit2) * inc.kill * G.tPts[inc.target] * (protectsFlag(inc.target) ? s.ownFlagWeight : 1);
      }
    } else if (eff === RE_CANCEL_HIT && inc && w === W3) {
      if (inc.kill >= s.reactAt && (!onlyForFlag || protectsFlag(inc.target) || inc.kill > 0.9)) v = inc.kill * G.tPts[inc.target] * (protectsFlag(inc.target) ? s.ownFlagWeight : 1);
    } else if (eff === RE_QUICK && mover >= 0) {
      const { p } = killChanceGun(o, Action.read.reaction.firer(a) - 1, Action.read.reaction.gun(a), mover, PLAIN);
      const prevented = inc ? inc.hit * inc.kill * G.tPts[inc.target] : 0.5 * bestShot(o, mover, o.hex[mover], o.facing[mover], PLAIN, ONES).ek;
      const ok = p >= s.quickShotAt && (!onlyForFlag || protectsFlag(mover) || (inc !== null && protectsFlag(inc.target)) || p > 0.9);
      if (ok) v = p * (G.tPts[mover] * targetWeight(o, style, mover) + prevented);
    }
    values[i] = v;
  }
}

/** The side's own hand holds a Ricochet (a Reaction that cancels a hit, W3). */
function holdsRicochet(G: PvStatic, o: PvObservation): boolean {
  for (let k = 0; k < G.nK; k++) if (o.hand[k] > 0 && G.kType[k] === K_REACTION && G.kKind[k] === RE_CANCEL_HIT) return true;
  return false;
}

/** The first legal action of highest positive value, or pass (the value of passing is 0). */
export function bestOf(ctx: DecisionContext<PvObservation>, values: Float64Array): number {
  let best = A_PASS;
  let bestV = 0;
  for (let i = 0; i < ctx.n; i++) {
    if (values[i] > bestV) {
      bestV = values[i];
      best = ctx.legal[i];
    }
  }
  return best;
}

let scratch = new Float64Array(64);

/** The Reaction card worth most in the open window (by points saved or taken), or pass. */
export function decideReaction(G: PvStatic, style: Style, o: PvObservation, ctx: DecisionContext<PvObservation>): number {
  if (scratch.length < ctx.n) scratch = new Float64Array(2 * ctx.n);
  reactionValues(G, style, o, ctx, scratch);
  return bestOf(ctx, scratch);
}

/** Eavesdropping against a Quick Shot always; against another Reaction when the attack it helps is a real threat. */
export function decideEavesdrop(G: PvStatic, o: PvObservation, ctx: DecisionContext<PvObservation>): number {
  const e = firstOf(ctx, K.eavesdrop);
  if (e === undefined) return A_PASS;
  if (o.pendCard >= 0 && G.kKind[o.pendCard] === RE_QUICK) return e;
  const inc = incoming(G, o);
  return inc.hit * inc.kill >= 0.1 || inc.kill >= 0.3 ? e : A_PASS;
}
