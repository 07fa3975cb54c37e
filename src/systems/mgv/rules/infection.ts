/**
 * Optional rule 2017 #103 Fungus Tower Infection (spec §5.14): an infected MGV is out of its
 * player's control; at the start of each of its side's phases it moves toward, or fires its main
 * weapon at, the nearest MGV of either side (missile splits: half / two-thirds on the core).
 */
import type { PlayContext } from '../../../core/system.ts';
import { hypot } from '../../../core/geometry/table/index.ts';
import { W_MISSILE, type Model } from '../model.ts';
import type { MgvState } from '../state.ts';
import { SLOT_MAIN, attackRow, canTarget, markFired, missileAttackDice, missileDefenseDice, resolveDirect, resolveMissile, slotReady } from './combat.ts';
import { hasLos } from './geom.ts';
import { allowanceOf, deltaToFace, moveLeg } from './movement.ts';

/** The infected bases of the phase side act (`move`: the move phase, else the fire phase). */
export function autoInfected(m: Model, s: MgvState, ctx: PlayContext, move: boolean): void {
  if (!m.o.fungusInfection) return;
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i];
    if (!u.infected || !u.alive || m.units[i].side !== s.phaseSide) continue;
    let best = -1;
    let bd = Infinity;
    for (let k = 0; k < s.units.length; k++) {
      if (k === i || !s.units[k].alive) continue;
      const d = hypot(s.units[k].x - u.x, s.units[k].y - u.y);
      if (d < bd) {
        bd = d;
        best = k;
      }
    }
    if (best < 0) continue;
    if (move) {
      u.allowance = allowanceOf(m, s, i);
      moveLeg(m, s, i, deltaToFace(u, s.units[best].x, s.units[best].y), Math.max(0, bd - 1.2), false, ctx);
    } else {
      // the infected base fires its main weapon if it can bear
      u.infected = false; // let the eligibility test run
      const ok = slotReady(m, s, i, SLOT_MAIN) && canTargetAny(m, s, i, best);
      u.infected = true;
      if (!ok) continue;
      markFired(s, i);
      u.firedMain = true;
      if (m.units[i].weapon === W_MISSILE) {
        const ad = missileAttackDice(m, s, i, SLOT_MAIN, best);
        const dd = missileDefenseDice(m, s, best);
        resolveMissile(m, s, i, best, ad, Math.ceil(ad / 2), dd, Math.ceil((2 * dd) / 3), attackRow(m, s, i, W_MISSILE, best), ctx);
      } else resolveDirect(m, s, i, SLOT_MAIN, best, ctx);
    }
  }
}

function canTargetAny(m: Model, s: MgvState, i: number, j: number): boolean {
  // infected bases attack either side: test as if the target were an enemy
  if (m.units[j].side !== m.units[i].side) return canTarget(m, s, i, SLOT_MAIN, j);
  return hasLos(m, s, i, j);
}
