/** Metric layout: efficiency rows per side × unit × weapon × range band, per-game scalars. */
import { metricNames, type MetricLayout } from '../../core/tally.ts';
import type { Model } from './model.ts';

export const M = metricNames(
  ['fielded', 'salvos', 'dice', 'hits', 'impacts', 'bystanderImpacts', 'coverSaves', 'kills', 'costKilled'],
  ['rounds', 'vpA', 'vpB', 'lossesA', 'lossesB', 'lpSpentA', 'lpSpentB', 'moraleFailures', 'routs', 'overwatchSalvos', 'authorityWinsA', 'afvDestroyed', 'afvImmobilised', 'drills', 'artilleryStrikes'],
);

export const BANDS = 10;

export interface Rows {
  readonly layout: MetricLayout;
  /** Row of (unit, weapon index in rowWeapons[unit], band). */
  readonly base: readonly number[];
  readonly rowWeapons: ReadonlyArray<readonly number[]>;
}

export function buildRows(m: Model): Rows {
  const rows: Array<Record<string, string | number>> = [];
  const base: number[] = [];
  const rowWeapons: number[][] = [];
  for (const u of m.units) {
    base.push(rows.length);
    const ws = [...u.weaponTypes];
    if (u.ccWeapon >= 0 && !ws.includes(u.ccWeapon)) ws.push(u.ccWeapon);
    rowWeapons.push(ws);
    for (const w of ws)
      for (let b = 0; b < BANDS; b++) rows.push({ side: m.sides[u.side], unit: u.id, weapon: m.weapons[w].id, rangeBand: b === BANDS - 1 ? `${b}+` : String(b), points: u.cost });
  }
  const layout: MetricLayout = {
    rowKeys: ['side', 'unit', 'weapon', 'rangeBand'],
    rows,
    columns: M.columns,
    scalars: M.scalars,
    ratios: [
      { name: 'hitsPerDie', num: 'hits', den: 'dice', kind: 'proportion', label: 'hits per die' },
      { name: 'killsPerSalvo', num: 'kills', den: 'salvos', kind: 'rate', label: 'kills per salvo' },
      { name: 'killsPerImpact', num: 'kills', den: 'impacts', kind: 'rate', label: 'kills per impact' },
      { name: 'bystanderShare', num: 'bystanderImpacts', den: 'hits', kind: 'proportion', label: 'impacts absorbed by bystanders' },
    ],
    views: [
      { name: 'by weapon', keys: ['weapon'] },
      { name: 'by weapon and range band', keys: ['weapon', 'rangeBand'] },
      { name: 'by unit', keys: ['side', 'unit'] },
    ],
  };
  return { layout, base, rowWeapons };
}

export function rowOf(r: Rows, unit: number, weapon: number, band: number): number {
  const k = r.rowWeapons[unit].indexOf(weapon);
  return r.base[unit] + (k < 0 ? 0 : k) * BANDS + (band >= BANDS ? BANDS - 1 : band);
}
