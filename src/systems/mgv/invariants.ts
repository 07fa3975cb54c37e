/** Invariants for the random-playout battery (spec §3.13 graph rules, §1.3 bases). */
import { basesOverlap, footprintInsideTable } from '../../core/geometry/table/index.ts';
import type { Model } from './model.ts';
import { CACHE, computeCover, computeLos, memoFor } from './rules/geom.ts';
import { canTargetFresh } from './rules/combat.ts';
import type { MgvState } from './state.ts';
import { ST_COUNTER, ST_SPLIT_ATT, ST_SPLIT_DEF } from './state.ts';
import { Frames } from './actions.ts';
import { sideToAct } from '../../core/decision/stack.ts';

export function checkInvariants(m: Model, s: MgvState): string[] {
  const out: string[] = [];
  const g = m.graph;
  const n = s.units.length;
  for (let i = 0; i < s.units.length; i++) {
    const u = s.units[i];
    const id = m.units[i].id;
    let hx = 0;
    for (let c = 0; c < g.n; c++) {
      if (u.destroyed[c]) {
        if (g.core[c]) out.push(`${id}: core cell ${g.ids[c]} destroyed (thermal never destroys core)`);
        hx++;
        if (u.infest[c] !== 0) out.push(`${id}: infestation on destroyed cell ${g.ids[c]}`);
      }
      if (u.infest[c] < 0) out.push(`${id}: negative infestation at ${g.ids[c]}`);
    }
    if (hx !== u.hx) out.push(`${id}: hx ${u.hx} but ${hx} destroyed cells`);
    for (const k of ['S', 'D', 'Mj', 'MjP', 'Mx', 'MxP', 'Py', 'Se', 'Po', 'B', 'repairLeft', 'moduleLeft', 'beaconsLeft', 'allowance'] as const) {
      if (!(u[k] >= 0)) out.push(`${id}: ${k} = ${u[k]}`);
    }
    if (u.repairLeft > m.units[i].repair) out.push(`${id}: repair points ${u.repairLeft} above ${m.units[i].repair}`);
    if (!u.alive && u.jamTarget >= 0) out.push(`${id}: dead but jamming`);
    if (u.jam < 0 || u.jam > 3) out.push(`${id}: jam state ${u.jam}`);
    if (!footprintInsideTable(u.x, u.y, u.h, m.fp, 0, 0, m.width, m.height, 1e-3)) out.push(`${id}: base off the table at (${u.x.toFixed(2)}, ${u.y.toFixed(2)})`);
    for (let k = i + 1; k < s.units.length; k++) {
      const o = s.units[k];
      if (m.units[k].side === m.units[i].side) continue;
      if ((!u.alive || !o.alive) && m.o.removeDead) continue;
      if (basesOverlap(u.x, u.y, u.h, m.fp, o.x, o.y, o.h, m.fp, 1e-3)) out.push(`${id} overlaps enemy ${m.units[k].id}`);
    }
  }
  // kinetic penetration follows the inward chain (destroyed cells passed through)
  for (let k = 0; k < s.chains.length; ) {
    const ui = s.chains[k];
    const n = s.chains[k + 1];
    const u = s.units[ui];
    for (let a = 0; a + 1 < n; a++) {
      let c = g.inward[s.chains[k + 2 + a]];
      while (c >= 0 && u.destroyed[c] && c !== s.chains[k + 3 + a]) c = g.inward[c];
      if (c !== s.chains[k + 3 + a]) out.push(`${m.units[ui].id}: kinetic path ${g.ids[s.chains[k + 2 + a]]} -> ${g.ids[s.chains[k + 3 + a]]} is not inward adjacency`);
    }
    k += 2 + n;
  }
  for (const b of s.beacons) if (b.expires < s.phaseNo) out.push('an expired beacon is still on the table');
  // the target cache agrees with a fresh computation
  for (let i = 0; i < n; i++)
    for (let slot = 0; slot < 4; slot++)
      for (let j = 0; j < n; j++) {
        const c = s.tgt[(i * 4 + slot) * n + j];
        if (c >= 0 && (c === 1) !== canTargetFresh(m, s, i, slot, j)) out.push(`stale target cache ${m.units[i].id} slot ${slot} -> ${m.units[j].id}`);
      }
  // the LOS and cover caches agree with a fresh computation
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const k = i * n + j;
      if (s.los[k] >= 0 && (s.los[k] === 1) !== computeLos(m, s, i, j, false)) out.push(`stale LOS cache ${m.units[i].id} -> ${m.units[j].id}`);
      if (s.cover[k] >= 0 && s.cover[k] !== computeCover(m, s, i, j)) out.push(`stale cover cache ${m.units[i].id} -> ${m.units[j].id}`);
    }
  // so does the observers' memo (geom.ts CACHE) where it holds answers about this state
  if (memoFor(s)) {
    for (let k = 0; k < n * n; k++) {
      const i = Math.floor(k / n);
      const j = k % n;
      if (CACHE.losAt[k] === CACHE.stamp && (CACHE.los[k] === 1) !== computeLos(m, s, i, j, false)) out.push(`stale LOS memo ${m.units[i].id} -> ${m.units[j].id}`);
      if (CACHE.coverAt[k] === CACHE.stamp && CACHE.cover[k] !== computeCover(m, s, i, j)) out.push(`stale cover memo ${m.units[i].id} -> ${m.units[j].id}`);
    }
    for (let k = 0; k < 4 * n * n; k++) {
      const i = Math.floor(k / (4 * n));
      const slot = Math.floor(k / n) % 4;
      const j = k % n;
      if (CACHE.tgtAt[k] === CACHE.stamp && (CACHE.tgt[k] === 1) !== canTargetFresh(m, s, i, slot, j)) out.push(`stale target memo ${m.units[i].id} slot ${slot} -> ${m.units[j].id}`);
    }
  }
  // Pending decisions: a counter-jam frame exactly at ST_COUNTER, a split frame exactly at a split
  // step (its dice those offered), nothing otherwise; the deciding side is the top frame's.
  const p = s.pending;
  const split = s.step === ST_SPLIT_ATT || s.step === ST_SPLIT_DEF;
  if (p.depth !== (s.step === ST_COUNTER || split ? 1 : 0)) out.push(`step ${s.step} with ${p.depth} pending frames (${Frames.describe(p)})`);
  else if (s.step === ST_COUNTER && !(Frames.isTop(p, 'counterJam') && Frames.arg(p, 'counterJam', 'target') === s.pTarget)) out.push(`ST_COUNTER without its frame (${Frames.describe(p)})`);
  else if (split && !(Frames.isTop(p, 'missileSplit') && Frames.arg(p, 'missileSplit', 'dice') === (s.step === ST_SPLIT_ATT ? s.pAttDice : s.pDefDice))) out.push(`split step without its frame (${Frames.describe(p)})`);
  if (p.depth > 0 && sideToAct(p, -1) !== s.side) out.push(`top frame side ${sideToAct(p, -1)} is not the side to decide ${s.side}`);
  if (s.step === ST_SPLIT_DEF && (s.secret.attCore < 0 || s.secret.attCore > s.pAttDice)) out.push('secret split out of range');
  return out;
}
