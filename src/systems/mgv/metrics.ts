/**
 * Metric layout. Efficiency rows are keyed by (side, weapon, band, defClass) so a report can
 * answer "which weapon type wins, against what, at which range, per point of cost":
 *  - shot rows: band in 0-4 .. 24+ (range at the shot, inches), defClass by target defence
 *    at the shot; counters shots, effective, cells..., infestations, B hits, kills, pointsKilled
 *    (a kill is credited to the row of the attack that dealt the victim's last B hit);
 *  - one row per (side, weapon) with band = defClass = 'all' holding fielded / costFielded
 *    (mounts of that weapon type and the cost of the MGVs carrying them). Summing over rows
 *    never double counts: shot counters are only on band rows, fielded only on 'all' rows.
 * Weapon 'jammer' rows hold the jammer's effects (its B hits and the kills they cause).
 */
import { metricNames, type MetricLayout } from '../../core/tally.ts';

export const ROW_WEAPONS = ['kinetic', 'missile', 'photon', 'thermal', 'jammer'] as const;
export const W_JAMMER_ROW = 4;
export const BANDS = ['0-4', '4-8', '8-12', '12-18', '18-24', '24+'] as const;
const BAND_MAX = [4, 8, 12, 18, 24, Infinity];
export const DEF_CLASSES = ['<=4', '5', '6', '7+'] as const;
const PER = BANDS.length * DEF_CLASSES.length + 1;

/** Counter and scalar names, declared once: `M.col.shots`, `M.scalar.turns` (a typo fails to compile). */
export const M = metricNames(
  ['fielded', 'costFielded', 'shots', 'effective', 'attackDice', 'cellsDamaged', 'coreCellsDamaged', 'cellsDestroyed', 'hullInfestations', 'coreInfestations', 'bHits', 'kills', 'pointsKilled', 'smokeBlocked'],
  [
  'turns', 'lostA', 'lostB', 'pointsLostA', 'pointsLostB', 'missionKilledA', 'missionKilledB', 'bHitsA', 'bHitsB',
  'xWinsA', 'firstFireA', 'shotsA', 'shotsB', 'repairsTried', 'repairsDone', 'repairPointsUsed', 'jamAttempts', 'jamEffects',
  'beaconsLaunched', 'trapped', 'photonErrorQuarterIn', 'photonDiceLost', 'photonShots', 'missileCoreDiceAtt', 'missileDiceAtt',
  'missileCoreBlocked', 'missileHullBlocked', 'crits', 'infestationBDeaths', 'engineeringActions', 'firstBTurn',
  ],
);
export const COLUMNS = M.columns;
export const SCALARS = M.scalars;
export const K_FIELDED = M.col.fielded, K_COST = M.col.costFielded, K_SHOTS = M.col.shots, K_EFFECTIVE = M.col.effective, K_DICE = M.col.attackDice,
  K_DAMAGED = M.col.cellsDamaged, K_CORE_DAMAGED = M.col.coreCellsDamaged, K_DESTROYED = M.col.cellsDestroyed, K_INF_HULL = M.col.hullInfestations,
  K_INF_CORE = M.col.coreInfestations, K_B = M.col.bHits, K_KILLS = M.col.kills, K_POINTS = M.col.pointsKilled, K_SMOKE = M.col.smokeBlocked;
export type ScalarName = (typeof SCALARS)[number];
/** Scalar indices by name. */
export const S_IDX = M.scalar;

export function bandOf(range: number): number {
  for (let i = 0; i < BAND_MAX.length; i++) if (range < BAND_MAX[i]) return i;
  return BAND_MAX.length - 1;
}

export function defClassOf(def: number): number {
  return def <= 4 ? 0 : def === 5 ? 1 : def === 6 ? 2 : 3;
}

export function shotRow(side: number, weapon: number, band: number, defClass: number): number {
  return (side * ROW_WEAPONS.length + weapon) * PER + band * DEF_CLASSES.length + defClass;
}

export function allRow(side: number, weapon: number): number {
  return (side * ROW_WEAPONS.length + weapon) * PER + PER - 1;
}

export function buildLayout(sides: readonly string[]): MetricLayout {
  const rows: Array<Record<string, string>> = [];
  for (let s = 0; s < 2; s++)
    for (const w of ROW_WEAPONS) {
      for (const b of BANDS) for (const d of DEF_CLASSES) rows.push({ side: sides[s], weapon: w, band: b, defClass: d });
      rows.push({ side: sides[s], weapon: w, band: 'all', defClass: 'all' });
    }
  return {
    rowKeys: ['side', 'weapon', 'band', 'defClass'],
    rows,
    columns: COLUMNS,
    scalars: SCALARS,
    views: [
      { name: 'by weapon', keys: ['weapon'] },
      { name: 'by side and weapon', keys: ['side', 'weapon'] },
      { name: 'by weapon and range band', keys: ['weapon', 'band'] },
      { name: 'by weapon and target defence', keys: ['weapon', 'defClass'] },
    ],
    ratios: [
      { name: 'effectiveRate', num: 'effective', den: 'shots', kind: 'proportion', label: 'shots with any effect' },
      { name: 'cellsDamagedPerShot', num: 'cellsDamaged', den: 'shots', kind: 'rate' },
      { name: 'cellsDestroyedPerShot', num: 'cellsDestroyed', den: 'shots', kind: 'rate' },
      { name: 'coreInfestationsPerShot', num: 'coreInfestations', den: 'shots', kind: 'rate' },
      { name: 'bHitsPerShot', num: 'bHits', den: 'shots', kind: 'rate' },
      { name: 'killsPerShot', num: 'kills', den: 'shots', kind: 'rate' },
      { name: 'killsPerFielded', num: 'kills', den: 'fielded', kind: 'rate' },
      { name: 'pointsKilledPer100Cost', num: 'pointsKilled', den: 'costFielded', kind: 'rate', scale: 100, label: 'points killed per 100 points fielded' },
    ],
  };
}
