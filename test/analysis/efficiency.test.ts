import { describe, expect, it } from 'vitest';
import { efficiencyTable, efficiencyView, tagRanking, type VariantAnalysis } from '../../src/analysis/analyze.ts';
import type { MetricLayout } from '../../src/core/tally.ts';

const layout: MetricLayout = {
  rowKeys: ['side', 'unit'],
  rows: [
    { side: 'A', unit: 'tiger', points: 8 },
    { side: 'B', unit: 'tiger', points: 8 },
    { side: 'B', unit: 'm4', points: 4 },
  ],
  columns: ['fielded', 'shots', 'kills'],
  scalars: [],
  ratios: [
    { name: 'killsPerShot', num: 'kills', den: 'shots', kind: 'proportion' },
    { name: 'killsPer100Points', num: 'kills', den: 'fielded', denConstant: 'points', kind: 'rate', scale: 100 },
  ],
  views: [{ name: 'by unit', keys: ['unit'] }],
};
// fielded, shots, kills per row
const cells = [10, 100, 20, 5, 50, 5, 20, 80, 8];

describe('efficiency tables', () => {
  it('derive ratios with Wilson intervals and constant denominators', () => {
    const t = efficiencyTable(layout, cells);
    expect(t[0]).toMatchObject({ side: 'A', unit: 'tiger', points: 8, fielded: 10, shots: 100, kills: 20, killsPerShot: 0.2 });
    expect(t[0].killsPer100Points).toBeCloseTo((100 * 20) / (10 * 8), 12);
    expect(t[0].killsPerShot_lo as number).toBeLessThan(0.2);
    expect(t[0].killsPerShot_hi as number).toBeGreaterThan(0.2);
  });

  it('views sum counters over the other keys and recompute ratios (points weighted per row)', () => {
    const rows = efficiencyTable(layout, cells);
    const v = efficiencyView(rows, layout, ['unit']);
    expect(v.map((r) => r.unit)).toEqual(['m4', 'tiger']);
    const tiger = v.find((r) => r.unit === 'tiger')!;
    expect(tiger).toMatchObject({ fielded: 15, shots: 150, kills: 25 });
    expect(tiger.killsPerShot).toBeCloseTo(25 / 150, 12);
    expect(tiger.killsPer100Points).toBeCloseTo((100 * 25) / (15 * 8), 12);
  });
});

describe('ranking of matrix tags', () => {
  const variant = (a: string, b: string, winsA: number, winsB: number, draws: number): VariantAnalysis =>
    ({ tags: { A: a, B: b }, games: winsA + winsB + draws, outcomes: [{ k: winsA }, { k: winsB }, { k: draws }] }) as unknown as VariantAnalysis;

  it('pools both sides and excludes mirror matches', () => {
    const r = tagRanking([variant('x', 'y', 60, 30, 10), variant('y', 'x', 50, 45, 5), variant('x', 'x', 50, 50, 0)], 'A', 'B');
    const x = r.find((q) => q.value === 'x')!;
    const y = r.find((q) => q.value === 'y')!;
    expect(x).toMatchObject({ games: 200, wins: 105, draws: 15 });
    expect(y).toMatchObject({ games: 200, wins: 80, draws: 15 });
    expect(r[0].value).toBe('x');
  });
});
