/**
 * COMBAT (seed p.70-71): the engaged fighters of the active unit attack once with their
 * close-combat weapon; the mêlée is split into one combat per defending unit; test Accuracy vs
 * the defenders' Combat, damage vs Protection; the attacker removes defenders in contact with his
 * fighters (A5: leftover impacts are lost). AFVs are never engaged but may attack (A5).
 */
import type { PlayContext } from '../../../core/system.ts';
import { M, rowOf } from '../metrics.ts';
import type { Model } from '../model.ts';
import type { At43State } from '../state.ts';
import { damageAfvUnit, damageInfantry, tallyKills, type Env } from './losses.ts';
import { rollPool, utrNeeded } from './rolls.ts';
import { gap } from './table.ts';
import { baseFarFromUnit, unitTouches } from './table-cache.ts';

const ATTACKERS = new Int32Array(64);
const CONTACT = new Int32Array(256);

/** Does any alive fighter of u touch an enemy (< contact)? */
export function unitInContact(m: Model, s: At43State, u: number): boolean {
  return unitTouches(m, s, u);
}

/** Resolves the close combats of unit u; returns the number of combats fought. */
export function fight(env: Env, s: At43State, u: number, ctx: PlayContext): number {
  const m = env.m;
  const U = m.units[u];
  const w = U.ccWeapon;
  if (w < 0 || (U.afv && !m.opts['melee.afvCanAttack'])) return 0;
  const W = m.weapons[w];
  const c = m.rules.contact.cm;
  let combats = 0;
  for (let v = 0; v < m.units.length; v++) {
    if (m.units[v].side === U.side || s.members[v] === 0) continue;
    // attackers of this combat: fighters of u whose nearest contacted enemy belongs to v
    let na = 0;
    let nc = 0;
    for (let f = U.first; f < U.first + U.count; f++) {
      if (!s.alive[f] || m.fNoCc[f]) continue; // special weapon bearers (and heroes without one, p.70) have no close-combat weapon
      let best = -1;
      let bd = Infinity;
      for (let w = 0; w < m.units.length; w++) {
        const W = m.units[w];
        if (W.side === U.side || baseFarFromUnit(m, s, s.fx[f], s.fy[f], m.fRadius[f], w, c)) continue;
        for (let g = W.first; g < W.first + W.count; g++) {
          if (!s.alive[g]) continue;
          const d = gap(m, s, f, g);
          if (d < c && d < bd) {
            bd = d;
            best = g;
          }
        }
      }
      if (best < 0 || m.fUnit[best] !== v) continue;
      ATTACKERS[na++] = f;
      const V = m.units[v];
      for (let g = V.first; g < V.first + V.count; g++) {
        if (!s.alive[g] || gap(m, s, f, g) >= c) continue;
        let dup = false;
        for (let k = 0; k < nc; k++) if (CONTACT[k] === g) dup = true;
        if (!dup) CONTACT[nc++] = g;
      }
    }
    if (na === 0) continue;
    combats++;
    const V = m.units[v];
    const dice = na * W.attackRate;
    const need = utrNeeded(m.rules.utr, W.accuracy - V.profile.combat);
    const impacts = rollPool(ctx.dice, dice, need, W.rerolls);
    const row = rowOf(env.rows, u, w, 0);
    ctx.tally.add(row, M.col.salvos);
    ctx.tally.add(row, M.col.dice, dice);
    ctx.tally.add(row, M.col.hits, impacts);
    ctx.tally.add(row, M.col.impacts, impacts);
    const L = s.leader[u];
    const k = V.afv
      ? damageAfvUnit(env, s, v, impacts, w, s.fx[L], s.fy[L], ctx)
      : damageInfantry(env, s, v, impacts, w, s.fx[L], s.fy[L], ctx, m.opts['melee.spillover'] ? null : CONTACT, nc);
    tallyKills(env, ctx, u, w, 0, k, v);
    if (ctx.log) ctx.log(`  combat: ${na} × ${W.id} of ${U.id} vs ${V.id} (need ${need === 0 ? 'auto-fail' : need === 1 ? 'auto' : need + '+'}): ${impacts} impacts, ${k} eliminated`);
  }
  return combats;
}
