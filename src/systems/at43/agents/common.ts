/**
 * Shared pieces of the scripted AT-43 heuristics (spec §7.3): expected kills of a salvo, the
 * nearest enemy, the LP reserve, and the answers to the tactical decisions every policy takes.
 */
import type { DecisionContext } from '../../../core/agent.ts';
import { A } from '../actions.ts';
import { MAX_SLOTS, N_DIRS, MAX_UNITS, type Model } from '../model.ts';
import type { At43Observation } from '../observe.ts';
import { facesFor, utrNeeded } from '../rules/rolls.ts';
import type { At43State } from '../state.ts';

/** P(success) of one die with re-rolls, in floating point (the agents' hot path; odds.ts has the exact twin). */
function pDie(need: number, rerolls: number): number {
  const q = 1 - facesFor(need) / 6;
  return 1 - q ** (rerolls + 1);
}

export type Ctx = DecisionContext<At43Observation, At43State>;

export function leaderDist(o: At43Observation, u: number, v: number): number {
  const m = o.model;
  const a = o.leader[u];
  const b = o.leader[v];
  return Math.sqrt((o.fx[a] - o.fx[b]) ** 2 + (o.fy[a] - o.fy[b]) ** 2) - m.fRadius[a] - m.fRadius[b];
}

export function nearestEnemy(o: At43Observation, u: number, infantryOnly = false): number {
  const m = o.model;
  let best = -1;
  let bd = Infinity;
  for (const V of m.units) {
    if (V.side === m.units[u].side || o.members[V.index] === 0 || (infantryOnly && V.afv)) continue;
    const d = leaderDist(o, u, V.index);
    if (d < bd) {
      bd = d;
      best = V.index;
    }
  }
  return best;
}

/** Expected kills (infantry) or expected damage successes (AFVs, /2) of weapon w of u at v, ignoring LOS and cover. */
export function expectedKills(o: At43Observation, u: number, w: number, v: number): number {
  const m: Model = o.model;
  const U = m.units[u];
  const W = m.weapons[w];
  let n = 0;
  for (let f = U.first; f < U.first + U.count; f++) {
    if (!o.alive[f]) continue;
    for (let sl = 0; sl < MAX_SLOTS; sl++) if (m.fSlots[f * MAX_SLOTS + sl] === w) n++;
  }
  const band = Math.floor(Math.max(0, leaderDist(o, u, v)) / m.rules.rangeBand.cm);
  const pHit = pDie(utrNeeded(m.rules.utr, W.accuracy - band), W.rerolls);
  const V = m.units[v];
  const pDmg = pDie(utrNeeded(m.rules.utr, W.penetration - V.profile.protection), 0);
  const e = n * W.attackRate * pHit * pDmg;
  return V.afv ? (e * W.damage) / Math.max(1, V.profile.frameSP) * (V.cost / Math.max(1, V.fielded)) / 30 : Math.min(e, o.members[v]) * (V.cost / Math.max(1, V.fielded)) / 30;
}

/** Best legal shot by expected kills; returns [action, value] (action -1 when none). */
export function bestShot(ctx: Ctx, o: At43Observation, allowed: ((v: number) => boolean) | null = null): [number, number] {
  let best = -1;
  let bv = -1;
  const U = o.model.units[o.unit];
  for (let i = 0; i < ctx.n; i++) {
    const a = ctx.legal[i];
    let v: number;
    if (A.is(a, 'shoot')) {
      if (allowed && !allowed(A.read.shoot.target(a))) continue;
      v = expectedKills(o, o.unit, U.weaponTypes[A.read.shoot.weapon(a)], A.read.shoot.target(a));
    }
    else if (A.is(a, 'shootAfv')) {
      // focus fire: a single AFV is worth more the more damaged its frame already is
      const f = A.read.shootAfv.fighter(a);
      const T = o.model.units[o.model.fUnit[f]];
      const frame = T.profile.frameSP;
      v = expectedKills(o, o.unit, U.weaponTypes[A.read.shootAfv.weapon(a)], T.index) * (1 + (frame - o.sp[f * 6]) / Math.max(1, frame)) * 0.99;
    } else continue;
    if (v > bv) {
      bv = v;
      best = a;
    }
  }
  return [best, bv];
}

export function has(ctx: Ctx, a: number): boolean {
  for (let i = 0; i < ctx.n; i++) if (ctx.legal[i] === a) return true;
  return false;
}

export function moveTo(ctx: Ctx, rush: boolean, goal: number): number {
  const a = A.encode.move(rush ? 1 : 0, goal);
  return has(ctx, a) ? a : -1;
}

export const goalUnit = (v: number) => N_DIRS + v;
export const goalObjective = (k: number) => N_DIRS + MAX_UNITS + k;

/** LP to keep for the officer-less units still to activate (spec §7.3 LP budgeting). */
export function lpReserve(o: At43Observation): number {
  let r = 0;
  for (const u of o.mySequence) if (!o.officer[u]) r++;
  return r;
}

/**
 * Answers to the decisions outside an activation: card order by `priority` (highest first),
 * wager, first player (self), sequence options (play), rally and pay when affordable, keep an
 * immobilised AFV, always fire on overwatch. Returns -1 inside an activation.
 */
export function tactical(ctx: Ctx, o: At43Observation, priority: (u: number) => number, wager: (max: number) => number): number {
  switch (o.pending) {
    case 'order': {
      let best = ctx.legal[0];
      let bv = -Infinity;
      for (let i = 0; i < ctx.n; i++) {
        const v = priority(A.read.order.unit(ctx.legal[i]));
        if (v > bv) {
          bv = v;
          best = ctx.legal[i];
        }
      }
      return best;
    }
    case 'wager': {
      const w = Math.min(ctx.n - 1, Math.max(0, wager(ctx.n - 1)));
      return A.encode.wager(w);
    }
    case 'first':
      return A.encode.first(o.me);
    case 'overwatch':
      // with Split fire, the standard weapons fire now and the special weapons keep the marker
      return has(ctx, A.encode.overwatch(2)) ? A.encode.overwatch(2) : A.encode.overwatch(1);
    case 'rally':
      return o.lp[o.me] - 2 >= lpReserve(o) ? A.encode.rally(1) : A.encode.rally(0);
    case 'pay':
      return A.encode.pay(1);
    case 'eject':
      return A.encode.eject(0);
    case 'pickExtra':
      return A.encode.pickExtra(0);
    case 'join':
      // a lone hero always takes the lead of the first unit he may join ("encouraged by his presence", p.70)
      return ctx.n > 1 ? ctx.legal[1] : ctx.legal[0];
  }
  if (o.unit < 0) return A.encode.turn(0);
  return -1;
}

/** End-of-activation drills by priority (Take cover > Overwatch > Knee), keeping the reserve. */
export function drillOrEnd(ctx: Ctx, o: At43Observation, wantCover: boolean, wantOverwatch: boolean): number {
  const spare = o.lp[o.me] - lpReserve(o);
  if (spare >= 1 && wantCover && has(ctx, A.encode.drill(2))) return A.encode.drill(2);
  if (spare >= 1 && wantOverwatch && has(ctx, A.encode.drill(1))) return A.encode.drill(1);
  return A.encode.end();
}
