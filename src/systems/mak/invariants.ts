/** Invariants for the shared random-playout battery: positions, stacking, ammunition, flags, O.G.P. */
import { Frames } from './actions.ts';
import { MAX_W, type Model } from './model.ts';
import { stackPoints } from './rules/rolls.ts';
import { DEAD, PILOT_KILLED, SCORED, type MakState } from './state.ts';

export function checkInvariants(m: Model, s: MakState): string[] {
  const bad: string[] = [];
  const pts = new Map<number, number>();
  let ogp = [0, 0];
  for (let u = 0; u < m.nu; u++) {
    const h = s.hex[u];
    if (!(h >= 0 && h < m.n)) bad.push(`${m.uid[u]} off the map (${h})`);
    if (s.mp[u] < 0) bad.push(`${m.uid[u]} has negative MP`);
    for (let w = 0; w < MAX_W; w++) {
      const a = s.ammo[u * MAX_W + w];
      if (a < 0 || a > Math.max(0, m.wammo[u * MAX_W + w])) bad.push(`${m.uid[u]} slot ${w} ammo ${a}`);
    }
    if (s.status[u] & SCORED) ogp[1 - m.uside[u]] += m.upilot[u] ? s.pVp[u] : m.uvp[u];
    if (s.status[u] & PILOT_KILLED) ogp[1 - m.uside[u]] += s.pVp[u];
    if (s.status[u] & DEAD) continue;
    const key = h * 2 + m.uside[u];
    pts.set(key, (pts.get(key) ?? 0) + stackPoints(m.ustack[u]));
  }
  for (let k = 0; k < m.nu; k++) if (s.amuFate[k] === 2) ogp[m.uside[k]] += m.data.rules.amuVp; // collected AMUs ([16.2.2])
  for (let a = 0; a < m.na; a++) if ((s.air[a] & (1 | 64 | 512 | 1024)) === 1) ogp[1 - m.aside[a]] += m.avp[a];
  for (const [key, p] of pts) if (p > m.data.rules.stackLimit) bad.push(`stack of ${p} points in ${m.grid.id(key >> 1)}`);
  for (let k = 0; k < m.n * 2; k++) {
    let c = 0;
    let p = 0;
    for (let u = 0; u < m.nu; u++) if (!(s.status[u] & DEAD) && s.hex[u] * 2 + m.uside[u] === k) { c++; p += stackPoints(m.ustack[u]); }
    if (c !== s.occ[k] || p !== s.pts[k]) bad.push(`occupancy of ${m.grid.id(k >> 1)} side ${k & 1}: ${s.occ[k]}/${s.pts[k]}, units give ${c}/${p}`);
  }
  // Transport ([13.1]): living cargo rides a living vehicle in its hex; each vehicle's load is its cargo's points, within capacity.
  const load = new Array<number>(m.nu).fill(0);
  for (let u = 0; u < m.nu; u++) {
    const v = s.carrier[u];
    if (v < 0 || s.status[u] & DEAD) continue;
    if (s.status[v] & DEAD || s.hex[v] !== s.hex[u]) bad.push(`${m.uid[u]} carried by ${m.uid[v]} (dead or elsewhere)`);
    load[v] += stackPoints(m.ustack[u]);
  }
  for (let v = 0; v < m.nu; v++) if (!(s.status[v] & DEAD) && (load[v] !== s.load[v] || s.load[v] > m.ucap[v])) bad.push(`${m.uid[v]} load ${s.load[v]}, cargo gives ${load[v]} (capacity ${m.ucap[v]})`);
  // Carrying ([7.3]): a carried unit is alive, immobilized and with its living carrier.
  for (let u = 0; u < m.nu; u++) {
    const v = s.haul[u];
    if (v < 0) continue;
    if (s.status[u] & DEAD || s.status[v] & DEAD || !(s.status[v] & 4) || s.hex[u] !== s.hex[v]) bad.push(`${m.uid[u]} carries ${m.uid[v]} (dead, mobile or elsewhere)`);
  }
  if (ogp[0] !== s.ogp[0] || ogp[1] !== s.ogp[1]) bad.push(`O.G.P. ${s.ogp} but scored units give ${ogp}`);
  // LOS obstructions ([19.2.5], [19.4.3]): the list of marked hexes matches the markers.
  const dyn: number[] = [];
  for (let h = 0; h < m.n; h++) if (s.smoke[h] !== 0 || s.fire[h] !== 0) dyn.push(h);
  if (dyn.join() !== s.dyn.join()) bad.push(`LOS obstruction list ${s.dyn} but markers in ${dyn}`);
  for (let h = 0; h < m.n; h++) if (s.mine[h] < 0 || s.mine[h] > Math.max(m.data.rules.mineIncrementCap, m.mineStr[h])) bad.push(`minefield ${m.grid.id(h)} strength ${s.mine[h]}`);
  if (s.over && s.pending.depth !== 0) bad.push('game over with decisions pending');
  if (s.pending.depth > 40) bad.push(`decision stack depth ${s.pending.depth} (top ${Frames.top(s.pending)})`);
  if (s.turn < 1 || s.turn > m.body.turns) bad.push(`turn ${s.turn}`);
  ogp = [];
  return bad;
}
