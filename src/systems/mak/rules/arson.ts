/**
 * Engineer arson ([14.4.2]; spec §3.17.5, §6 A18): an engineer squad targets an adjacent building
 * hex (full or partial, not yet burning); it may not move or make other attacks that phase. Every
 * other able engineer stacked with it joins the attempt (engine reading: the stack acts together, as
 * in a simultaneous attack) and is barred likewise. At the end of the troop phase (spec §2.3 E1) one
 * 2d6 roll per target hex, with `arsonMod` (-n for n >= 2 squads): <= 5 sets the fire ([19.4]).
 * Reactive arson ([14.4.3]): `reactiveArsonTarget`. Allocation-free.
 */
import type { PlayContext } from '../../../core/system.ts';
import type { Model } from '../model.ts';
import { ATTACKED, BROKEN, DEAD, DONE, MOVED, type MakState } from '../state.ts';
import { ignite } from './fire.ts';
import { arsonSucceeds } from './rolls.ts';

/** May engineer u start arson on the hex next to it in direction d? Returns the hex, or -1. */
export function arsonTarget(m: Model, s: MakState, u: number, d: number): number {
  if (!m.ueng[u] || m.uside[u] !== s.phaseSide || s.status[u] & (DEAD | MOVED | ATTACKED | DONE | BROKEN) || s.carrier[u] >= 0) return -1;
  const x = m.grid.nbr[s.hex[u] * 6 + d];
  return x >= 0 && m.building[x] && !s.fire[x] ? x : -1;
}

/**
 * Reactive arson ([14.4.3]): an engineer fired on in the enemy's phase with no result ("—": it is
 * neither destroyed nor broken) may, instead of its defensive attack, attempt arson on an adjacent
 * building, alone and with no assistance modifier; resolved with the others at the end of the
 * phase. Returns the target hex or -1.
 */
export function reactiveArsonTarget(m: Model, s: MakState, u: number, d: number): number {
  if (!m.ueng[u] || m.uside[u] === s.phaseSide || s.status[u] & (DEAD | BROKEN) || s.carrier[u] >= 0 || s.arsonAt[u] >= 0) return -1;
  const x = m.grid.nbr[s.hex[u] * 6 + d];
  return x >= 0 && m.building[x] && !s.fire[x] ? x : -1;
}

/** Declares arson by u (and its able stacked engineers) on hex x; returns the number of squads. */
export function declareArson(m: Model, s: MakState, u: number, x: number): number {
  const h = s.hex[u];
  let n = 0;
  for (let v = 0; v < m.nu; v++) {
    if (v !== u && (s.hex[v] !== h || m.uside[v] !== m.uside[u] || !m.ueng[v] || s.status[v] & (DEAD | MOVED | ATTACKED | DONE | BROKEN) || s.carrier[v] >= 0)) continue;
    s.arsonAt[v] = x;
    s.status[v] |= MOVED | ATTACKED | DONE;
    n++;
  }
  return n;
}

/** End of the troop phase: one roll per target hex ([14.4.2]). */
export function resolveArson(m: Model, s: MakState, ctx: PlayContext): void {
  for (let u = 0; u < m.nu; u++) {
    const x = s.arsonAt[u];
    if (x < 0) continue;
    let n = 0;
    for (let v = u; v < m.nu; v++) if (s.arsonAt[v] === x) { s.arsonAt[v] = -1; if (!(s.status[v] & DEAD)) n++; }
    if (n === 0 || s.fire[x]) continue;
    const r = ctx.dice.die(6) + ctx.dice.die(6);
    const on = arsonSucceeds(r, n, m.data.rules.arsonAtMost);
    if (ctx.log) ctx.log(`arson on ${m.grid.id(x)} by ${n} squad(s): 2d6 ${r}${n >= 2 ? ` - ${n}` : ''}: ${on ? 'the building burns' : 'no fire'} ([14.4.2])`);
    if (on) ignite(m, s, ctx, x);
  }
}
