/**
 * Line of sight in play ([6.1], [19.2.5], [19.4.3]; spec §3.8 2): the static any-point LOS of the
 * map, further obstructed by every hex holding a smoke or a fire marker between viewer and target
 * (the end hexes never obstruct; a unit in smoke may fire out, one in a fire sees nothing, which
 * `canAttack` checks). `s.dyn` lists the marked hexes, rebuilt whenever a marker is laid, ages or a
 * fire starts, so a query with no marker near the line costs one length test. Allocation-free.
 */
import type { Model } from '../model.ts';
import type { MakState } from '../state.ts';

/** Does a unit in hex a see a target of stack type II (1) or I (0) in hex b now? */
export function sees(m: Model, s: MakState, a: number, b: number, typeII: number): boolean {
  return s.dyn.length === 0 ? m.los(a, b, typeII) : m.losDyn(a, b, typeII, s.smoke, s.fire, s.dyn);
}

/** Rebuilds the list of hexes obstructing sight (a smoke marker of either value, or a fire). */
export function refreshSight(s: MakState): void {
  const d = s.dyn;
  d.length = 0;
  for (let h = 0; h < s.smoke.length; h++) if (s.smoke[h] !== 0 || s.fire[h] !== 0) d.push(h);
}
