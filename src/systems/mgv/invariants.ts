/** Invariants for the random-playout battery (spec §3.13 graph rules, §1.3 bases). */
import { basesOverlap, footprintInsideTable } from '../../core/geometry/table/index.ts';
import type { Model } from './model.ts';
import { CACHE, computeCover, computeLos, memoFor } from './rules/geom.ts';
import { canTargetFresh } from './rules/combat.ts';
import type { MgvState } from './state.ts';
import { DK, Frames, SPLIT_ATTACKER, actingUnit, FA } from './actions.ts';
import { frameKindId, frameSide } from '../../core/decision/stack.ts';

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
      if (CACHE.losAt[k] === CACHE.sightStamp && (CACHE.los[k] === 1) !== computeLos(m, s, i, j, false)) out.push(`stale LOS memo ${m.units[i].id} -> ${m.units[j].id}`);
      if (CACHE.coverAt[k] === CACHE.sightStamp && CACHE.cover[k] !== computeCover(m, s, i, j)) out.push(`stale cover memo ${m.units[i].id} -> ${m.units[j].id}`);
    }
    for (let k = 0; k < 4 * n * n; k++) {
      const i = Math.floor(k / (4 * n));
      const slot = Math.floor(k / n) % 4;
      const j = k % n;
      if (CACHE.tgtAt[k] === CACHE.stamp && (CACHE.tgt[k] === 1) !== canTargetFresh(m, s, i, slot, j)) out.push(`stale target memo ${m.units[i].id} slot ${slot} -> ${m.units[j].id}`);
    }
  }
  checkPending(m, s, out);
  return out;
}

/**
 * The frame stack is the whole bookkeeping of decisions: at most one decision of the flow (a
 * base's, a fire-phase step's, a repair or barrage choice) with at most one interruption above it
 * (the jammed side's counter above a jamming decision, a missile split above the attack); every
 * frame's base is alive and its side's; nothing pending once the game is over.
 */
function checkPending(m: Model, s: MgvState, out: string[]): void {
  const p = s.pending;
  const what = () => Frames.describe(p);
  if (s.result !== null) {
    if (p.depth !== 0) out.push(`game over with decisions pending (${what()})`);
    return;
  }
  if (p.depth > 2) out.push(`${p.depth} pending frames (${what()})`);
  if (p.depth === 0) return;
  const top = frameKindId(p);
  const below = p.depth > 1 ? frameKindId(p, 1) : -1;
  if (top === DK.counterJam) {
    if (below !== DK.move && below !== DK.jam) out.push(`a counter-jam above no jamming decision (${what()})`);
  } else if (top === DK.missileSplit) {
    if (below !== DK.attack) out.push(`a missile split above no attack (${what()})`);
    const role = FA.missileSplit.role(p);
    const want = m.units[role === SPLIT_ATTACKER ? FA.missileSplit.attacker(p) : FA.missileSplit.target(p)].side;
    if (frameSide(p) !== want) out.push(`the split is asked of side ${frameSide(p)}, not ${want} (${what()})`);
    if (role !== SPLIT_ATTACKER && (s.secret.attCore < 0 || s.secret.attCore > FA.missileSplit.attDice(p))) out.push('secret split out of range');
  } else if (below >= 0) out.push(`two decisions of the flow pending (${what()})`);
  const i = actingUnit(s);
  if (i >= 0 && !s.units[i].alive) out.push(`a dead base decides (${what()})`);
  const flow = below >= 0 ? below : top;
  if (flow !== DK.barrage && flow !== DK.resetRepair && frameSide(p, p.depth - 1) !== s.phaseSide) out.push(`a phase decision of side ${frameSide(p, p.depth - 1)} in side ${s.phaseSide}'s phase (${what()})`);
}
