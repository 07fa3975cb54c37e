/**
 * What a run counts. Metric names are declared once (`M.col.hits` is an index, a misspelt name
 * fails to compile); efficiency rows are side x weapon.
 */
import { metricNames, type MetricLayout } from '../../core/tally.ts';

export const M = metricNames(['shots', 'hits', 'kills'], ['aimsTaken']);

export function metricLayout(sides: readonly [string, string]): MetricLayout {
  return {
    rowKeys: ['side', 'weapon'],
    rows: [
      { side: sides[0], weapon: 'revolver' },
      { side: sides[1], weapon: 'revolver' },
    ],
    columns: M.columns,
    scalars: M.scalars,
    ratios: [
      { name: 'hitRate', num: 'hits', den: 'shots', kind: 'proportion', label: 'hits per shot' },
      { name: 'killsPerShot', num: 'kills', den: 'shots', kind: 'proportion', label: 'kills per shot' },
    ],
    views: [{ name: 'by weapon (both sides)', keys: ['weapon'] }],
  };
}
