/**
 * Smoke ([19.2]; spec §3.23): screens laid in the owner's troop phase (the layer may still move and
 * attack, [19.2.1]) on its own hex or, with a placement range of 1 or more, an adjacent hex (engine
 * reading: farther hexes are not offered); the marker lives "2" until the start of the owner's next
 * phase, "1" until the start of the phase after that ([19.2.3]). Engine smoke (Doll House, Pzkw 182:
 * unlimited) works the same, in the unit's own hex ([19.2.4], spec RECOMMENDED). Direct fire from
 * or into a smoke hex takes `smokeModLM` (L, M) or `smokeModOther` ([19.2.6], spec §6 A16).
 * Allocation-free.
 */
import { WT_L, WT_M, type Model } from '../model.ts';
import { BROKEN, DEAD, type MakState } from '../state.ts';
import { refreshSight } from './sight.ts';

/** The hex unit u would smoke in direction dir (6: its own hex), or -1 when it may not. */
export function smokeTarget(m: Model, s: MakState, u: number, dir: number): number {
  if (m.usmoke[u] === 0 || m.uside[u] !== s.phaseSide || s.status[u] & (DEAD | BROKEN) || s.carrier[u] >= 0) return -1;
  if (s.smokeLeft[u] === 0 || s.smokeUsed[u] >= m.usmokePer[u]) return -1;
  const h = s.hex[u];
  const x = dir === 6 ? h : m.usmoke[u] > 0 && m.usmokeRange[u] >= 1 ? m.grid.nbr[h * 6 + dir] : -1;
  return x >= 0 && s.smoke[x] !== 2 ? x : -1;
}

export function laySmoke(m: Model, s: MakState, u: number, x: number): void {
  s.smoke[x] = 2;
  s.smokeSide[x] = m.uside[u];
  s.smokeUsed[u]++;
  if (s.smokeLeft[u] > 0) s.smokeLeft[u]--;
  refreshSight(s);
}

/** Start of a troop phase ([19.2.3]): "1" markers go, the phase player's "2" markers turn to "1". */
export function ageSmoke(s: MakState): void {
  if (s.dyn.length === 0) return;
  for (let h = 0; h < s.smoke.length; h++) {
    if (s.smoke[h] === 1) s.smoke[h] = 0;
    else if (s.smoke[h] === 2 && s.smokeSide[h] === s.phaseSide) s.smoke[h] = 1;
  }
  refreshSight(s);
}

/** Smoke modifier of a direct shot of weapon type wt from hex a at hex b ([19.2.6]). */
export function smokeMod(m: Model, s: MakState, a: number, b: number, wt: number): number {
  if (s.smoke[a] === 0 && s.smoke[b] === 0) return 0;
  return wt === WT_L || wt === WT_M ? m.opt.smokeModLM : m.opt.smokeModOther;
}
