/**
 * The metric layout of Panzer Vor!: efficiency rows per (side, tank type, gun) with the tanks
 * fielded, shots, hits, kills, points killed and tanks lost, and per-game scalars (Enforcement
 * cards drawn, points and tanks lost per side, cards played, reshuffles).
 */
import { metricNames, type MetricLayout } from '../../core/tally.ts';

/** Metric columns and scalars, declared once: `M.col.hits`, `M.scalar.shots` (a typo fails to compile). */
export const M = metricNames(
  ['fielded', 'shots', 'hits', 'kills', 'pointsKilled', 'lost'],
  [
    'enforcementDrawn',
    'pointsKilledA',
    'pointsKilledB',
    'tanksLostA',
    'tanksLostB',
    'actionCardsPlayed',
    'eventCardsPlayed',
    'reactionsPlayed',
    'abilitiesUsed',
    'shots',
    'hits',
    'kills',
    'reshuffles',
  ],
);
export const C_FIELDED = M.col.fielded;
export const C_SHOTS = M.col.shots;
export const C_HITS = M.col.hits;
export const C_KILLS = M.col.kills;
export const C_POINTS = M.col.pointsKilled;
export const C_LOST = M.col.lost;
export const X_ENF = M.scalar.enforcementDrawn;
/** Side A's; side B's follows (X_PTS_A + side). */
export const X_PTS_A = M.scalar.pointsKilledA;
/** Side A's; side B's follows (X_LOST_A + side). */
export const X_LOST_A = M.scalar.tanksLostA;
export const X_ACTIONS = M.scalar.actionCardsPlayed;
export const X_EVENTS = M.scalar.eventCardsPlayed;
export const X_REACTIONS = M.scalar.reactionsPlayed;
export const X_ABILITIES = M.scalar.abilitiesUsed;
export const X_SHOTS = M.scalar.shots;
export const X_HITS = M.scalar.hits;
export const X_KILLS = M.scalar.kills;
export const X_RESHUFFLES = M.scalar.reshuffles;

/** The layout of a scenario whose efficiency rows are `rows` (built in model.ts). */
export function buildLayout(rows: MetricLayout['rows']): MetricLayout {
  return {
    rowKeys: ['side', 'unit', 'weapon'],
    rows,
    columns: M.columns,
    scalars: M.scalars,
    ratios: [
      { name: 'hitRate', num: 'hits', den: 'shots', kind: 'proportion', label: 'hits per shot' },
      { name: 'killsPerShot', num: 'kills', den: 'shots', kind: 'proportion', label: 'kills per shot' },
      { name: 'killsPer100Points', num: 'kills', den: 'fielded', denConstant: 'points', kind: 'rate', scale: 100, label: 'kills per 100 points fielded' },
    ],
    views: [
      { name: 'by tank type (both sides)', keys: ['unit'] },
      { name: 'by side', keys: ['side'] },
    ],
  };
}
