/**
 * Artillery strike (seed p.60 insert, option `artillery.enabled`): 3 LP, once per round per
 * player (A15), just before activating a unit; the target is a fighter in sight of an officer or a
 * leader, here the nearest fighter of the chosen unit seen by a leader of the calling side;
 * resolved as indirect fire with a fixed result needed (placeholder profile, spec §5.7).
 */
import type { PlayContext } from '../../../core/system.ts';
import { M } from '../metrics.ts';
import type { Model } from '../model.ts';
import type { At43State } from '../state.ts';
import type { Env } from './losses.ts';
import { rollPool } from './rolls.ts';
import { explode } from './shooting.ts';
import { sees } from './table-cache.ts';

/** Nearest fighter of unit v seen by a leader (or officer) of `side`, or -1 (p.60). */
export function artilleryTarget(m: Model, s: At43State, side: number, v: number): number {
  const V = m.units[v];
  let best = -1;
  let bd = Infinity;
  for (let u = 0; u < m.units.length; u++) {
    if (m.units[u].side !== side || s.members[u] === 0) continue;
    const L = s.leader[u];
    for (let f = V.first; f < V.first + V.count; f++) {
      if (!s.alive[f]) continue;
      const d = (s.fx[f] - s.fx[L]) ** 2 + (s.fy[f] - s.fy[L]) ** 2;
      if (d < bd && sees(m, s, L, f)) {
        bd = d;
        best = f;
      }
    }
  }
  return best;
}

/** The strike of `side` on unit v (its LP already spent): dice at the fixed need, then the explosion. */
export function artilleryStrike(env: Env, s: At43State, side: number, v: number, ctx: PlayContext): void {
  const m = env.m;
  const f = artilleryTarget(m, s, side, v);
  s.artilleryUsed[side] = 1;
  ctx.tally.addScalar(M.scalar.artilleryStrikes);
  const w = m.weapons.findIndex((x) => x.id === m.rules.artillery.weapon);
  const W = m.weapons[w];
  const hits = rollPool(ctx.dice, W.attackRate, m.rules.artillery.need, 0);
  if (ctx.log) ctx.log(`  artillery strike on ${m.units[v].id}: ${W.attackRate} dice at ${m.rules.artillery.need}+ -> ${hits} successes`);
  // deviation is seen from the nearest leader of the calling side
  let sx = s.fx[f];
  let sy = s.fy[f] - 1;
  let bd = Infinity;
  for (let u = 0; u < m.units.length; u++) {
    if (m.units[u].side !== side || s.members[u] === 0) continue;
    const L = s.leader[u];
    const d = (s.fx[f] - s.fx[L]) ** 2 + (s.fy[f] - s.fy[L]) ** 2;
    if (d < bd) {
      bd = d;
      sx = s.fx[L];
      sy = s.fy[L];
    }
  }
  explode(env, s, w, s.fx[f], s.fy[f], sx, sy, hits, W.attackRate - hits, ctx);
}
