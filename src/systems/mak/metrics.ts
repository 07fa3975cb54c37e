/** Metric names (declared once) and the efficiency layout: side x unit type x weapon. */
import { metricNames, type MetricLayout } from '../../core/tally.ts';
import { MAX_W, UNARMED, type Model } from './model.ts';
import { WEAPON_TYPES } from './schema.ts';

export const M = metricNames(
  ['fielded', 'shots', 'hits', 'D', 'A', 'M', 'kills', 'wasted', 'defensiveShots', 'cqcShots', 'depleted', 'broken'],
  ['ogpMercenary', 'ogpStrahl', 'lostMercenary', 'lostStrahl', 'cqcFights'],
);

/** Row of (unit u's side and type, weapon slot w or unarmed). Rows: per unit, MAX_W + 1 slots. */
export function rowOf(_m: Model, u: number, w: number): number {
  return u * (MAX_W + 1) + w;
}

/** Row of aircraft i (0..na-1), then of battery b at i = na + b. */
export function airRow(m: Model, i: number): number {
  return m.nu * (MAX_W + 1) + i;
}

export function layoutOf(m: Model): MetricLayout {
  const rows: Array<Record<string, string | number>> = [];
  for (let u = 0; u < m.nu; u++) {
    for (let w = 0; w <= MAX_W; w++) {
      const wt = w === UNARMED ? 'unarmed' : m.wtype[u * MAX_W + w] >= 0 ? WEAPON_TYPES[m.wtype[u * MAX_W + w]] : '-';
      rows.push({ side: m.uside[u] === 0 ? 'mercenary' : 'strahl', unit: m.utype[u], weapon: wt, vp: m.uvp[u] });
    }
  }
  for (let a = 0; a < m.na; a++) rows.push({ side: m.aside[a] === 0 ? 'mercenary' : 'strahl', unit: m.atype[a], weapon: 'L (air-to-ground)', vp: m.avp[a] });
  for (let b = 0; b < m.nb; b++) rows.push({ side: m.bside[b] === 0 ? 'mercenary' : 'strahl', unit: 'artillery', weapon: m.bid[b], vp: m.bvp[b] });
  return {
    rowKeys: ['side', 'unit', 'weapon'],
    rows,
    columns: M.columns,
    scalars: M.scalars,
    ratios: [
      { name: 'hitRate', num: 'hits', den: 'shots', kind: 'proportion', label: 'hits per shot' },
      { name: 'killsPerShot', num: 'kills', den: 'shots', kind: 'proportion', label: 'kills per shot' },
      { name: 'wastedShare', num: 'wasted', den: 'shots', kind: 'proportion', label: 'shots at T < 0' },
      { name: 'depletionPerShot', num: 'depleted', den: 'shots', kind: 'proportion', label: 'laser depletions per shot' },
      { name: 'defensiveShare', num: 'defensiveShots', den: 'shots', kind: 'proportion', label: 'defensive share of shots' },
      { name: 'cqcShare', num: 'cqcShots', den: 'shots', kind: 'proportion', label: 'CQC share of shots' },
    ],
    views: [
      { name: 'by unit type and weapon', keys: ['unit', 'weapon'] },
      { name: 'by side and weapon', keys: ['side', 'weapon'] },
    ],
  };
}
