/**
 * Typed Vega-Lite builders. Each returns a TopLevelSpec with its data inlined, so a chart is
 * reproducible from the HTML alone. Colours are paired with labels, so charts read in greyscale.
 */
import type { TopLevelSpec } from 'vega-lite';

/** A layered Vega-Lite spec (typed where it is written, so its literal mark and field types are checked). */
type LayeredSpec = Extract<TopLevelSpec, { layer: unknown }>;

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const WIDTH = 560;

type Row = Record<string, unknown>;

/**
 * Horizontal bars with 95% interval whiskers: one row per category. `domain` fixes the axis (a
 * rate: 0 to 1); `even` draws the 50% line, and with a margin the band that counts as even.
 */
export function rateBars(rows: Row[], o: { category: string; value: string; lo: string; hi: string; title: string; xTitle: string; percent?: boolean; colour?: string; domain?: [number, number]; even?: { margin?: number } }): TopLevelSpec {
  const fmt = o.percent ? '.1%' : '.3f';
  const y = { field: o.category, type: 'nominal', sort: null, title: null };
  const guides = o.even
    ? [
        // one datum each (drawn once, not once per row)
        ...(o.even.margin ? [{ data: { values: [{}] }, mark: { type: 'rect', color: '#54a24b', opacity: 0.18 }, encoding: { x: { datum: 0.5 - o.even.margin, type: 'quantitative' }, x2: { datum: 0.5 + o.even.margin } } }] : []),
        { data: { values: [{}] }, mark: { type: 'rule', color: '#54a24b', strokeDash: [4, 3], strokeWidth: 1.5 }, encoding: { x: { datum: 0.5, type: 'quantitative' } } },
      ]
    : [];
  return {
    $schema: SCHEMA,
    title: o.title,
    width: WIDTH,
    data: { values: rows },
    // y per layer, not shared: the guides (50% line, even band) span the whole height.
    layer: [
      ...guides,
      {
        mark: { type: 'bar', height: { band: 0.6 } },
        encoding: {
          y,
          x: { field: o.value, type: 'quantitative', title: o.xTitle, axis: { format: o.percent ? '%' : undefined }, ...(o.domain ? { scale: { domain: o.domain } } : {}) },
          color: o.colour ? { field: o.colour, type: 'nominal' } : { value: '#4c78a8' },
          tooltip: [
            { field: o.category, type: 'nominal' },
            { field: o.value, type: 'quantitative', format: fmt },
            { field: o.lo, type: 'quantitative', format: fmt, title: '95% low' },
            { field: o.hi, type: 'quantitative', format: fmt, title: '95% high' },
          ],
        },
      },
      { mark: { type: 'rule', color: 'black' }, encoding: { y, x: { field: o.lo, type: 'quantitative' }, x2: { field: o.hi } } },
      { mark: { type: 'text', align: 'left', dx: 4, dy: -8, fontSize: 10 }, encoding: { y, x: { field: o.hi, type: 'quantitative' }, text: { field: o.value, type: 'quantitative', format: fmt } } },
    ],
  } as TopLevelSpec;
}

/** Histogram of a discrete quantity from (value, count) rows. */
export function histogram(rows: Row[], o: { value: string; count: string; title: string; xTitle: string; width?: number; height?: number; integer?: boolean; yTitle?: string }): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title: o.title,
    width: o.width ?? WIDTH,
    height: o.height ?? 180,
    data: { values: rows },
    mark: { type: 'bar', color: '#72b7b2' },
    encoding: {
      x: { field: o.value, type: 'quantitative', title: o.xTitle, bin: false, scale: { zero: false }, ...(o.integer ? { axis: { tickMinStep: 1, format: 'd' } } : {}) },
      y: { field: o.count, type: 'quantitative', title: o.yTitle ?? 'share of games', axis: { format: '%' } },
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
export function winMatrix(rows: Row[], o: { row: string; col: string; facet?: string; title: string; side?: string }): TopLevelSpec {
  const side = o.side ?? 'A';
  // User tag names never become field names: the data gets fixed fields, the names stay as titles.
  const f = { row: 'matrixRow', col: 'matrixCol', facet: 'matrixFacet' };
  const base: LayeredSpec = {
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
          color: { field: 'winA', type: 'quantitative', title: `${side} wins`, scale: { domain: [0, 1], scheme: 'blueorange', reverse: true }, legend: { format: '%' } },
          tooltip: [
            { field: f.row, type: 'nominal', title: o.row },
            { field: f.col, type: 'nominal', title: o.col },
            { field: 'winA', type: 'quantitative', format: '.1%', title: `${side} win rate` },
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
    return { $schema: SCHEMA, title: o.title, data, facet: { column: { field: f.facet, type: 'nominal', title: o.facet } }, spec: base };
  }
  return { $schema: SCHEMA, title: o.title, data, ...base };
}

/** Forest plot: paired differences against the baseline with 95% intervals. */
export function forestPlot(rows: Row[], o: { title: string; percent?: boolean; xTitle?: string }): TopLevelSpec {
  const percent = o.percent !== false;
  const fmt = percent ? '+.2%' : '+.3f';
  return {
    $schema: SCHEMA,
    title: o.title,
    width: WIDTH,
    data: { values: rows },
    encoding: { y: { field: 'variant', type: 'nominal', sort: null, title: null } },
    layer: [
      { mark: { type: 'rule', strokeDash: [4, 4], color: '#888' }, encoding: { x: { datum: 0, type: 'quantitative' } } },
      { mark: { type: 'rule', color: 'black' }, encoding: { x: { field: 'lo', type: 'quantitative', title: o.xTitle ?? (percent ? 'change in win rate (variant − baseline)' : 'change per game (variant − baseline)'), axis: { format: percent ? '+%' : '+' } }, x2: { field: 'hi' } } },
      {
        mark: { type: 'point', filled: true, size: 60 },
        encoding: {
          x: { field: 'diff', type: 'quantitative' },
          shape: { field: 'significant', type: 'nominal', title: 'p < 0.05' },
          tooltip: [
            { field: 'variant', type: 'nominal' },
            { field: 'diff', type: 'quantitative', format: fmt },
            { field: 'lo', type: 'quantitative', format: fmt },
            { field: 'hi', type: 'quantitative', format: fmt },
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

/** A rate against a swept value, with 95% interval whiskers and a dashed target line. */
export function rateCurve(rows: Row[], o: { x: string; xTitle: string; yTitle: string; title: string; target?: number }): TopLevelSpec {
  const layers: unknown[] = [
    { mark: { type: 'line', color: '#4c78a8' }, encoding: { x: { field: o.x, type: 'quantitative', title: o.xTitle, scale: { zero: false } }, y: { field: 'p', type: 'quantitative', title: o.yTitle, axis: { format: '%' } } } },
    { mark: { type: 'rule', color: 'black' }, encoding: { x: { field: o.x, type: 'quantitative' }, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
    {
      mark: { type: 'point', filled: true, size: 50 },
      encoding: {
        x: { field: o.x, type: 'quantitative' },
        y: { field: 'p', type: 'quantitative' },
        color: { field: 'status', type: 'nominal', title: 'against the target' },
        tooltip: [
          { field: o.x, type: 'quantitative', title: o.xTitle },
          { field: 'p', type: 'quantitative', format: '.1%', title: o.yTitle },
          { field: 'lo', type: 'quantitative', format: '.1%', title: '95% low' },
          { field: 'hi', type: 'quantitative', format: '.1%', title: '95% high' },
          { field: 'games', type: 'quantitative' },
        ],
      },
    },
  ];
  if (o.target !== undefined) layers.unshift({ mark: { type: 'rule', strokeDash: [4, 4], color: '#888' }, encoding: { y: { datum: o.target, type: 'quantitative' } } });
  return { $schema: SCHEMA, title: o.title, width: WIDTH, height: 260, data: { values: rows }, layer: layers } as TopLevelSpec;
}

/**
 * Tornado chart: per value, the paired change of the verdict's rate one step down and one step
 * up (bars with 95% whiskers), sorted by the larger effect; colour = provenance.
 */
export function tornado(rows: Row[], o: { title: string; xTitle: string }): TopLevelSpec {
  // One bar per (value, step), labelled "value: from → to", so down and up steps read apart.
  const data = rows.map((r) => ({ ...r, row: `${r.label}: ${r.from}` }));
  return {
    $schema: SCHEMA,
    title: o.title,
    width: WIDTH,
    data: { values: data },
    encoding: { y: { field: 'row', type: 'nominal', sort: null, title: null, axis: { labelLimit: 360 } } },
    layer: [
      { mark: { type: 'rule', color: '#888' }, encoding: { x: { datum: 0, type: 'quantitative' } } },
      {
        mark: { type: 'bar', height: { band: 0.7 } },
        encoding: {
          x: { field: 'diff', type: 'quantitative', title: o.xTitle, axis: { format: '+%' } },
          color: { field: 'provenance', type: 'nominal', title: 'provenance', scale: { domain: ['placeholder', 'seed', 'derived', 'public', 'interpretation', 'override'], range: ['#e45756', '#54a24b', '#72b7b2', '#4c78a8', '#b279a2', '#9d755d'] } },
          tooltip: [
            { field: 'label', type: 'nominal', title: 'value' },
            { field: 'from', type: 'nominal', title: 'from → to' },
            { field: 'diff', type: 'quantitative', format: '+.2%' },
            { field: 'lo', type: 'quantitative', format: '+.2%', title: '95% low' },
            { field: 'hi', type: 'quantitative', format: '+.2%', title: '95% high' },
          ],
        },
      },
      { mark: { type: 'rule', color: 'black' }, encoding: { x: { field: 'lo', type: 'quantitative' }, x2: { field: 'hi' } } },
    ],
  } as TopLevelSpec;
}

/** A square heatmap of rates (e.g. predicted or observed matchups), the value printed in each cell. */
export function rateHeatmap(rows: Row[], o: { row: string; col: string; value: string; title: string; rowTitle: string; colTitle: string; legend: string; order?: readonly string[] }): TopLevelSpec {
  const n = Math.max(1, new Set(rows.map((r) => r[o.col])).size);
  const sort = o.order ? [...o.order] : null;
  return {
    $schema: SCHEMA,
    title: o.title,
    width: 84 * n,
    height: 36 * Math.max(1, new Set(rows.map((r) => r[o.row])).size),
    data: { values: rows },
    encoding: { y: { field: o.row, type: 'nominal', title: o.rowTitle, sort }, x: { field: o.col, type: 'nominal', title: o.colTitle, sort, axis: { orient: 'top', labelAngle: 0, labelLimit: 80 } } },
    layer: [
      { mark: 'rect', encoding: { color: { field: o.value, type: 'quantitative', title: o.legend, scale: { domain: [0, 1], scheme: 'blueorange', reverse: true }, legend: { format: '%' } } } },
      { mark: { type: 'text', fontSize: 11 }, encoding: { text: { field: o.value, type: 'quantitative', format: '.0%' } } },
    ],
  } as TopLevelSpec;
}

/** Log-likelihood-ratio traces of sequential tests, with the two decision bounds. */
export function llrTrace(rows: Row[], o: { title: string; lower: number; upper: number }): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title: o.title,
    width: WIDTH,
    height: 240,
    data: { values: rows },
    layer: [
      { mark: { type: 'rule', strokeDash: [4, 4], color: '#54a24b' }, encoding: { y: { datum: o.upper, type: 'quantitative' } } },
      { mark: { type: 'rule', strokeDash: [4, 4], color: '#e45756' }, encoding: { y: { datum: o.lower, type: 'quantitative' } } },
      {
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 'games', type: 'quantitative', title: 'games per variant' },
          y: { field: 'llr', type: 'quantitative', title: 'log-likelihood ratio (H1 against H0)' },
          color: { field: 'variant', type: 'nominal' },
          tooltip: [{ field: 'variant', type: 'nominal' }, { field: 'games', type: 'quantitative' }, { field: 'llr', type: 'quantitative', format: '.2f' }],
        },
      },
    ],
  } as TopLevelSpec;
}
