/**
 * Unmanned units and control ([16.1]; spec §3.19.1): an unmanned unit (unit data `unmanned`: the
 * NeuSpotter) is controlled while a living, manned command unit of its side (scenario `role:
 * command`, "Ld 1" / "Ld 2") is on the map. Without control it may not spot for indirect fire or
 * artillery nor make indirect attacks, and its defensive fire reaches only `rules.unmannedDefRange`
 * hexes (placeholder for the absent Unmanned Weapon Reference Chart, spec §5.8); the chart's extra
 * movement for controlled units is not modelled (absent). Allocation-free.
 */
import type { Model } from '../model.ts';
import { DEAD, type MakState } from '../state.ts';

/** Is unit u manned, or unmanned with a living manned command unit of its side? */
export function controlled(m: Model, s: MakState, u: number): boolean {
  if (!m.uunman[u]) return true;
  for (let v = 0; v < m.nu; v++) {
    if (m.uside[v] === m.uside[u] && m.ugroup[v] === 1 && !m.uunman[v] && !(s.status[v] & DEAD)) return true;
  }
  return false;
}
