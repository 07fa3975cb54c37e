/**
 * Vega-Lite specs for odds tables, readable in greyscale: bar series are told apart by fill
 * patterns (SVG <pattern>s defined once in the page, see patternDefs) as well as colour, line
 * series by dash style and point shape, heatmaps by printed values; every bar carries its value.
 */
import type { OddsChart } from '../core/odds.ts';
import { formatCell, type ResolvedTable } from './compute.ts';

const PATTERNS: ReadonlyArray<{ colour: string; body: string }> = [
  { colour: '#1f4e79', body: '<rect width="8" height="8" fill="#1f4e79"/>' },
  { colour: '#e08a1e', body: '<rect width="8" height="8" fill="#fff"/><path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke="#c06c00" stroke-width="2"/>' },
  { colour: '#4f9a44', body: '<rect width="8" height="8" fill="#d9ecd5"/><circle cx="2" cy="2" r="1.4" fill="#2f6b27"/><circle cx="6" cy="6" r="1.4" fill="#2f6b27"/>' },
  { colour: '#c23b3b', body: '<rect width="8" height="8" fill="#fff"/><path d="M0,0 l8,8 M8,0 l-8,8" stroke="#a32020" stroke-width="1.2"/>' },
  { colour: '#6f6f6f', body: '<rect width="8" height="8" fill="#bdbdbd"/>' },
  { colour: '#7b4fa0', body: '<rect width="8" height="8" fill="#fff"/><path d="M0,2 h8 M0,6 h8" stroke="#5e3182" stroke-width="1.5"/>' },
  { colour: '#2a8c8c', body: '<rect width="8" height="8" fill="#fff"/><path d="M2,0 v8 M6,0 v8" stroke="#176a6a" stroke-width="1.5"/>' },
  { colour: '#000000', body: '<rect width="8" height="8" fill="#fff"/><path d="M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" stroke="#000" stroke-width="1.2"/>' },
];

/** The <svg><defs> with the fill patterns; put once in any page that shows odds charts. */
export function patternDefs(): string {
  return `<svg width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false"><defs>${PATTERNS.map((p, i) => `<pattern id="salvo-fill-${i}" patternUnits="userSpaceOnUse" width="8" height="8">${p.body}</pattern>`).join('')}</defs></svg>`;
}

const FILL_RANGE = PATTERNS.map((_, i) => `url(#salvo-fill-${i})`);
const LINE_RANGE = PATTERNS.map((p) => p.colour);
const DASHES = [[1, 0], [6, 3], [2, 2], [8, 3, 2, 3], [1, 3], [10, 2], [4, 2, 1, 2], [3, 5]];
const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down', 'triangle-right', 'triangle-left'];

export interface ChartOptions {
  readonly width?: number;
  readonly height?: number;
}

interface Datum {
  x: string | number;
  s: string;
  v: number;
  exact: string;
  text: string;
}

/** The Vega-Lite spec of one chart of a table. */
export function chartSpec(t: ResolvedTable, chart: OddsChart, o: ChartOptions = {}): Record<string, unknown> {
  const width = o.width ?? 460;
  const height = o.height ?? 200;
  const cols = t.values.filter((v) => !chart.values || chart.values.includes(v.name));
  const allProb = cols.every((c) => (c.kind ?? 'probability') === 'probability');
  const data: Datum[] = [];
  const xOrder: Array<string | number> = [];
  const sOrder: string[] = [];
  const seen = new Set<string>();
  const rows = chart.filter ? t.rows.filter((r) => Object.entries(chart.filter!).every(([k, vs]) => vs.includes(r.key[k]))) : t.rows;
  for (const r of rows)
    for (const c of cols) {
      const cell = r.cells[c.name];
      if (!cell) continue;
      const x = chart.x === '$column' ? c.label : r.key[chart.x];
      let s = '';
      if (chart.x === '$column') s = chart.series ? String(r.key[chart.series]) : '';
      else if (chart.series && cols.length > 1) s = `${r.key[chart.series]} · ${c.label}`;
      else if (chart.series) s = String(r.key[chart.series]);
      else if (cols.length > 1) s = c.label;
      if (!seen.has(`x${x}`)) {
        seen.add(`x${x}`);
        xOrder.push(x);
      }
      if (!seen.has(`s${s}`)) {
        seen.add(`s${s}`);
        sOrder.push(s);
      }
      data.push({ x, s, v: cell.decimal, exact: cell.exact, text: formatCell(cell, c.kind) });
    }
  const yTitle = cols.length === 1 ? cols[0].label : allProb ? 'probability' : 'value';
  const yAxis = allProb ? { format: '.0%', title: yTitle } : { title: yTitle };
  const xField = { field: 'x', type: 'ordinal', sort: xOrder, title: chart.x === '$column' ? null : (t.keys.find((k) => k.name === chart.x)?.label ?? chart.x), axis: { labelAngle: xOrder.some((x) => String(x).length > 6) ? -35 : 0, labelLimit: 160 } };
  const hasSeries = sOrder.length > 1;
  const crowded = data.length > 16;
  const base = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: chart.title ?? t.title,
    width,
    height,
    data: { values: data },
    config: { font: 'sans-serif', axis: { labelFontSize: 10, titleFontSize: 11 }, legend: { labelFontSize: 10, labelLimit: 260, orient: 'bottom', columns: 2 }, view: { stroke: null } },
  };
  const tooltip = [
    { field: 'x', type: 'nominal', title: 'x' },
    ...(hasSeries ? [{ field: 's', type: 'nominal', title: 'series' }] : []),
    { field: 'text', type: 'nominal', title: 'value' },
    { field: 'exact', type: 'nominal', title: 'exact' },
  ];

  if (chart.mark === 'heatmap') {
    return {
      ...base,
      width: Math.max(200, width - 170), // room for the row labels
      height: Math.max(height, 16 * sOrder.length),
      encoding: {
        x: { ...xField },
        y: { field: 's', type: 'ordinal', sort: sOrder, title: chart.series ? (t.keys.find((k) => k.name === chart.series)?.label ?? chart.series) : null },
      },
      layer: [
        { mark: { type: 'rect', stroke: '#fff', strokeWidth: 0.5 }, encoding: { color: { field: 'v', type: 'quantitative', scale: { scheme: 'greys' }, legend: null }, tooltip } },
        { mark: { type: 'text', fontSize: 9 }, encoding: { text: { field: 'text' }, color: { condition: { test: `datum.v > ${heatThreshold(data)}`, value: 'white' }, value: 'black' } } },
      ],
    };
  }

  if (chart.mark === 'line') {
    const enc = hasSeries
      ? {
          color: { field: 's', type: 'nominal', sort: sOrder, scale: { range: LINE_RANGE }, title: null },
          strokeDash: { field: 's', type: 'nominal', sort: sOrder, scale: { range: DASHES }, title: null },
          shape: { field: 's', type: 'nominal', sort: sOrder, scale: { range: SHAPES }, title: null },
        }
      : {};
    return {
      ...base,
      encoding: { x: xField, y: { field: 'v', type: 'quantitative', axis: yAxis }, tooltip },
      layer: [
        { mark: { type: 'line', strokeWidth: 1.6 }, encoding: { ...enc, shape: undefined } },
        { mark: { type: 'point', filled: true, size: 36 }, encoding: enc },
      ],
    };
  }

  // bar
  const fill = hasSeries ? { field: 's', type: 'nominal', sort: sOrder, scale: { range: FILL_RANGE }, title: null } : { value: 'url(#salvo-fill-0)' };
  return {
    ...base,
    encoding: {
      x: xField,
      ...(hasSeries ? { xOffset: { field: 's', type: 'nominal', sort: sOrder } } : {}),
      y: { field: 'v', type: 'quantitative', axis: yAxis },
      tooltip,
    },
    layer: [
      { mark: { type: 'bar', stroke: '#222', strokeWidth: 0.6 }, encoding: { fill } },
      { mark: crowded ? { type: 'text', fontSize: 7, angle: 270, align: 'left', baseline: 'middle', dx: 3 } : { type: 'text', dy: -4, fontSize: 9, baseline: 'bottom' }, encoding: { text: { field: 'text' } } },
    ],
  };
}

function heatThreshold(data: Datum[]): number {
  let max = 0;
  for (const d of data) if (d.v > max) max = d.v;
  return max * 0.6;
}
