/**
 * HEROES (seed p.76): a lone hero (a pilot on foot, or an infantry hero whose men fell) may join
 * an officer-less unit of his side, category and Type in the control phase, if he stands within
 * 10 cm of every member and within 2.5 cm of one. He takes the slot the model reserved for him in
 * that unit (model.ts `joinSlots`), becomes its officer and leader, gets its combat drills at
 * once, and his card leaves the sequence.
 */
import type { PlayContext } from '../../../core/system.ts';
import type { Model } from '../model.ts';
import type { At43State } from '../state.ts';
import { heroFighter, removeCard } from './losses.ts';
import { gap } from './table.ts';

/** Index in unit v's join slots of the slot reserved for `hero`, or -1. */
export function slotOf(m: Model, v: number, hero: string): number {
  const J = m.units[v].joinSlots;
  for (let k = 0; k < J.length; k++) if (J[k].hero === hero) return k;
  return -1;
}

/**
 * Units that lone hero unit h may join now (seed p.76): h holds his hero alone; v is an infantry
 * unit of his side without officer, with a slot for him, and he stands within 10 cm of every
 * member and within 2.5 cm of one. Written to out (unit indices); returns their number.
 */
export function joinTargets(m: Model, s: At43State, h: number, out: Int32Array): number {
  const H = m.units[h];
  const hf = heroFighter(m, s, h);
  if (H.afv || s.members[h] !== 1 || hf < 0 || !s.alive[hf]) return 0;
  let n = 0;
  for (let v = 0; v < m.units.length; v++) {
    const V = m.units[v];
    if (v === h || V.side !== H.side || s.members[v] === 0 || s.officer[v] !== 0 || slotOf(m, v, H.hero!) < 0) continue;
    let near = false;
    let within = true;
    for (let f = V.first; f < V.first + V.count && within; f++) {
      if (!s.alive[f]) continue;
      const g = gap(m, s, hf, f);
      if (g > m.rules.cohesion.leaderCm + 1e-9) within = false;
      if (g <= m.rules.cohesion.memberCm + 1e-9) near = true;
    }
    if (within && near) out[n++] = v;
  }
  return n;
}

/** The lone hero of unit h joins unit v: he takes its slot for him and becomes its officer (p.76). */
export function joinUnit(m: Model, s: At43State, h: number, v: number, ctx: PlayContext): void {
  const H = m.units[h];
  const hf = heroFighter(m, s, h);
  const k = slotOf(m, v, H.hero!);
  const f = m.units[v].joinSlots[k].fighter;
  s.fx[f] = s.fx[hf];
  s.fy[f] = s.fy[hf];
  s.alive[f] = 1;
  s.grounded[f] = 0;
  s.fired[f] = s.fired[hf];
  s.alive[hf] = 0;
  s.members[h] = 0;
  s.officer[h] = 0;
  s.drills[h] = 0;
  removeCard(s, H.side, h); // his card leaves the sequence; he is activated with his new unit
  s.members[v]++;
  s.officer[v] = 2 + k;
  s.leader[v] = f; // the hero becomes the officer, hence the leader (p.47); the unit's drills are his at once
  s.geom++;
  if (ctx.log) ctx.log(`  ${H.hero} joins ${m.units[v].id} as its officer`);
}
