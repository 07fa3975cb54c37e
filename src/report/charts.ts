/**
 * Typed Vega-Lite builders. Each returns a TopLevelSpec with its data inlined, so a chart is
 * reproducible from the HTML alone. Colours are paired with labels, so charts read in greyscale.
 */
import type { TopLevelSpec } from 'vega-lite';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const WIDTH = 560;

type Row = Record<string, unknown>;

/** Horizontal bars with 95% interval whiskers: one row per category. */
export function rateBars(rows: Row[], o: { category: string; value: string; lo: string; hi: string; title: string; xTitle: string; percent?: boolean; colour?: string }): TopLevelSpec {
  const fmt = o.percent ? '.1%' : '.3f';
  return {
    $schema: SCHEMA,
    title: o.title,
    width: WIDTH,
    data: { values: rows },
    encoding: { y: { field: o.category, type: 'nominal', sort: null, title: null } },
    layer: [
      {
        mark: { type: 'bar', height: { band: 0.6 } },
        encoding: {
          x: { field: o.value, type: 'quantitative', title: o.xTitle, axis: { format: o.percent ? '%' : undefined } },
          color: o.colour ? { field: o.colour, type: 'nominal' } : { value: '#4c78a8' },
          tooltip: [
            { field: o.category, type: 'nominal' },
            { field: o.value, type: 'quantitative', format: fmt },
            { field: o.lo, type: 'quantitative', format: fmt, title: '95% low' },
            { field: o.hi, type: 'quantitative', format: fmt, title: '95% high' },
          ],
        },
      },
      { mark: { type: 'rule', color: 'black' }, encoding: { x: { field: o.lo, type: 'quantitative' }, x2: { field: o.hi } } },
      { mark: { type: 'text', align: 'left', dx: 4, dy: -8, fontSize: 10 }, encoding: { x: { field: o.hi, type: 'quantitative' }, text: { field: o.value, type: 'quantitative', format: fmt } } },
    ],
  } as TopLevelSpec;
}

/** Histogram of a discrete quantity from (value, count) rows. */
export function histogram(rows: Row[], o: { value: string; count: string; title: string; xTitle: string; width?: number; height?: number }): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title: o.title,
    width: o.width ?? WIDTH,
    height: o.height ?? 180,
    data: { values: rows },
    mark: { type: 'bar', color: '#72b7b2' },
    encoding: {
      x: { field: o.value, type: 'quantitative', title: o.xTitle, bin: false, scale: { zero: false } },
      y: { field: o.count, type: 'quantitative', title: 'share of games', axis: { format: '%' } },
      tooltip: [
        { field: o.value, type: 'quantitative' },
        { field: o.count, type: 'quantitative', format: '.2%' },
      ],
    },
  } as TopLevelSpec;
}

/**
 * A data field name as Vega-Lite reads it: '.', '[', ']' and quotes in a user's tag name would
 * otherwise be taken as a nested access path (broken or silently wrong charts), so they are escaped.
 */
export function vegaField(name: string): string {
  return name.replace(/[.[\]\\"']/g, (c) => `\\${c}`);
}

/** Heatmap of side A's win rate with the interval in the label, optionally faceted. */
export function winMatrix(rows: Row[], o: { row: string; col: string; facet?: string; title: string }): TopLevelSpec {
  // User tag names never become field names: the data gets fixed fields, the names stay as titles.
  const f = { row: 'matrixRow', col: 'matrixCol', facet: 'matrixFacet' };
  const base = {
    width: 60 * Math.max(1, new Set(rows.map((r) => r[o.col])).size),
    height: 40 * Math.max(1, new Set(rows.map((r) => r[o.row])).size),
    encoding: {
      y: { field: f.row, type: 'nominal', title: o.row },
      x: { field: f.col, type: 'nominal', title: o.col, axis: { orient: 'top', labelAngle: 0 } },
    },
    layer: [
      {
        mark: 'rect',
        encoding: {
          color: { field: 'winA', type: 'quantitative', title: 'A wins', scale: { domain: [0, 1], scheme: 'blueorange', reverse: true }, legend: { format: '%' } },
          tooltip: [
            { field: f.row, type: 'nominal', title: o.row },
            { field: f.col, type: 'nominal', title: o.col },
            { field: 'winA', type: 'quantitative', format: '.1%', title: 'A win rate' },
            { field: 'lo', type: 'quantitative', format: '.1%', title: '95% low' },
            { field: 'hi', type: 'quantitative', format: '.1%', title: '95% high' },
            { field: 'games', type: 'quantitative' },
          ],
        },
      },
      { mark: { type: 'text', fontSize: 11, dy: -6 }, encoding: { text: { field: 'winA', type: 'quantitative', format: '.0%' } } },
      { mark: { type: 'text', fontSize: 9, dy: 8 }, encoding: { text: { field: 'ci', type: 'nominal' } } },
    ],
  };
  const data = {
    values: rows.map((r) => ({
      ...r,
      matrixRow: r[o.row],
      matrixCol: r[o.col],
      ...(o.facet !== undefined ? { matrixFacet: r[o.facet] } : {}),
      ci: `±${(((r.hi as number) - (r.lo as number)) * 50).toFixed(1)}`,
    })),
  };
  if (o.facet) {
    return { $schema: SCHEMA, title: o.title, data, facet: { column: { field: f.facet, type: 'nominal', title: o.facet } }, spec: base } as unknown as TopLevelSpec;
  }
  return { $schema: SCHEMA, title: o.title, data, ...base } as unknown as TopLevelSpec;
}

/** Forest plot: paired differences against the baseline with 95% intervals. */
export function forestPlot(rows: Row[], o: { title: string }): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title: o.title,
    width: WIDTH,
    data: { values: rows },
    encoding: { y: { field: 'variant', type: 'nominal', sort: null, title: null } },
    layer: [
      { mark: { type: 'rule', strokeDash: [4, 4], color: '#888' }, encoding: { x: { datum: 0, type: 'quantitative' } } },
      { mark: { type: 'rule', color: 'black' }, encoding: { x: { field: 'lo', type: 'quantitative', title: 'change in side A win rate (variant − baseline)', axis: { format: '+%' } }, x2: { field: 'hi' } } },
      {
        mark: { type: 'point', filled: true, size: 60 },
        encoding: {
          x: { field: 'diff', type: 'quantitative' },
          shape: { field: 'significant', type: 'nominal', title: 'p < 0.05' },
          tooltip: [
            { field: 'variant', type: 'nominal' },
            { field: 'diff', type: 'quantitative', format: '+.2%' },
            { field: 'lo', type: 'quantitative', format: '+.2%' },
            { field: 'hi', type: 'quantitative', format: '+.2%' },
            { field: 'pValue', type: 'quantitative', format: '.3g' },
          ],
        },
      },
    ],
  } as TopLevelSpec;
}

/** Grouped horizontal bars of a ratio per key (efficiency), with interval whiskers when present. */
export function ratioBars(rows: Row[], o: { label: string; value: string; lo?: string; hi?: string; colour?: string; title: string; xTitle: string; percent?: boolean }): TopLevelSpec {
  const layers: unknown[] = [
    {
      mark: { type: 'bar', height: { band: 0.7 } },
      encoding: {
        x: { field: o.value, type: 'quantitative', title: o.xTitle, axis: o.percent ? { format: '%' } : {} },
        color: o.colour ? { field: o.colour, type: 'nominal' } : { value: '#54a24b' },
        tooltip: [{ field: o.label, type: 'nominal' }, { field: o.value, type: 'quantitative', format: '.3f' }],
      },
    },
  ];
  if (o.lo && o.hi) layers.push({ mark: { type: 'rule', color: 'black' }, encoding: { x: { field: o.lo, type: 'quantitative' }, x2: { field: o.hi } } });
  return {
    $schema: SCHEMA,
    title: o.title,
    width: WIDTH,
    data: { values: rows.filter((r) => Number.isFinite(r[o.value] as number)) },
    encoding: { y: { field: o.label, type: 'nominal', sort: null, title: null } },
    layer: layers,
  } as TopLevelSpec;
}
