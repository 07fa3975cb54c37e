/**
 * The charts of odds tables as typed Vega-Lite specs, laid out before printing for a box of a
 * given size (points): the same spec is rendered to static SVG for a reference card or an odds
 * page (vega-svg.ts, no script) and embedded live with vega-embed in the lab.
 *
 * Every layout decision is made here, as data, from the widths of the fonts asked for (text.ts, an
 * upper bound): the plot's place in the box (the spec's padding, `autosize: none`), a value label
 * only where it fits its bar or cell (an empty label otherwise), axis labels horizontal, turned a
 * quarter or thinned (the axis `values` and a `labelExpr` giving each its fitted text), legend
 * entries wrapped and cut with '…'. Vega then measures nothing, so labels never overlap; the
 * browser test measures them.
 *
 * Shapes follow the data: a heatmap with one row or one column is drawn as bars; a line over
 * numbers that are not evenly spaced (T = 2, 3, 5, 8, 12) is drawn on an ordinal axis as bars or
 * unconnected points, said so under the axis, since equal steps would show false slopes.
 * Readable in greyscale: bar series differ in lightness (Vega-Lite has no fill patterns), line
 * series by dash style and point shape, heatmaps by printed values.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { OddsChart, OddsColumn } from '../core/odds.ts';
import type { ResolvedCell, ResolvedTable } from './compute.ts';
import { OVERRIDE_MARK, PLACEHOLDER_MARK } from './compute.ts';
import { fitText, labelForms, SANS, textWidth } from './text.ts';

/** A layered Vega-Lite spec and one of its layers (typed where written, so marks and channels are checked). */
type Layered = Extract<TopLevelSpec, { layer: unknown }>;
type Layer = Layered['layer'][number];

export interface ChartBox {
  /** Width and height available, in points. */
  readonly width: number;
  readonly height: number;
  /** Label font size and the smallest size a label may shrink to, in points. */
  readonly font: number;
  readonly minFont: number;
  /** Omit the caption when it repeats this text (the card's title). */
  readonly omitTitle?: string;
  /** Height of a bar or line chart when `height` is the room a heatmap may take. */
  readonly xyHeight?: number;
}

export type ChartKind = 'bar' | 'line' | 'points' | 'heatmap';

export interface OddsChartSpec {
  readonly spec: TopLevelSpec;
  /** The chart's size in points (the spec's width and height with its padding). */
  readonly width: number;
  readonly height: number;
  /** What is drawn: bars, lines, points on an ordinal axis, or a heatmap. */
  readonly kind: ChartKind;
  /** Value labels printed and left out (they did not fit). */
  readonly labels: number;
  readonly dropped: number;
  /** The chart's title (for the SVG's <title>). */
  readonly title: string;
  /** Each value label printed, with its size and the width it had to fit (its bar, slot or cell), points. */
  readonly valueLabels: ReadonlyArray<{ readonly text: string; readonly size: number; readonly room: number }>;
}

interface Datum {
  readonly x: string;
  readonly s: string;
  readonly v: number;
  readonly cell: ResolvedCell;
  readonly kind: OddsColumn['kind'];
  readonly selected: boolean;
}

/**
 * Series fills whose grey levels differ (luma 69, 186, 133, 230, 58, 160, 100, 210 of 255), so the
 * first four series stay apart in greyscale; every bar also carries its printed value.
 */
const FILLS = ['#1f4e79', '#f0b060', '#6a9a5f', '#e6e6e6', '#7b1f1f', '#b39ddb', '#4f6f8f', '#d9c27a'];
const LINE_COLOURS = ['#1f4e79', '#c06c00', '#2f6b27', '#a32020', '#6f6f6f', '#5e3182', '#176a6a', '#000000'];
const DASHES: ReadonlyArray<readonly number[]> = [[], [4, 2], [1.5, 1.5], [5, 2, 1.5, 2], [0.8, 2], [7, 1.5], [3, 1.5, 0.8, 1.5], [2, 3.5]];
const SHAPES = ['circle', 'square', 'triangle-up', 'diamond'] as const;

/** The points of a chart: one per (x, series) cell, in the table's order. */
function chartData(t: ResolvedTable, chart: OddsChart): { data: Datum[]; xs: string[]; ss: string[]; cols: readonly OddsColumn[] } {
  const cols = t.values.filter((v) => !chart.values || chart.values.includes(v.name));
  const data: Datum[] = [];
  const xs: string[] = [];
  const ss: string[] = [];
  t.rows.forEach((r, i) => {
    if (chart.filter && !Object.entries(chart.filter).every(([k, vs]) => vs.includes(r.key[k]))) return;
    for (const c of cols) {
      const cell = r.cells[c.name];
      if (!cell) continue;
      const x = String(chart.x === '$column' ? c.label : r.key[chart.x]);
      let s = '';
      if (chart.x === '$column') s = chart.series ? String(r.key[chart.series]) : '';
      else if (chart.series && cols.length > 1) s = `${r.key[chart.series]} · ${c.label}`;
      else if (chart.series) s = String(r.key[chart.series]);
      else if (cols.length > 1) s = c.label;
      if (!xs.includes(x)) xs.push(x);
      if (!ss.includes(s)) ss.push(s);
      data.push({ x, s, v: cell.decimal, cell, kind: c.kind ?? 'probability', selected: t.selected.includes(i) });
    }
  });
  return { data, xs, ss, cols };
}

/** Numbers that are evenly spaced in the order given (either direction). */
export function evenlySpaced(xs: readonly string[]): boolean {
  const n = xs.map((x) => Number(x.replace(/^\+/, '')));
  if (n.length < 3 || n.some((v) => !Number.isFinite(v))) return true;
  const d = n[1] - n[0];
  return n.every((v, i) => i === 0 || Math.abs(v - n[i - 1] - d) < 1e-9 * Math.max(1, Math.abs(d)));
}

function allNumeric(xs: readonly string[]): boolean {
  return xs.length > 0 && xs.every((x) => x.trim() !== '' && Number.isFinite(Number(x.replace(/^\+/, ''))));
}

/** Marks every label of the chart would carry; shown once in the caption instead. */
function sharedMarks(data: readonly Datum[]): string {
  if (!data.length) return '';
  const ph = data.every((d) => d.cell.placeholder);
  const ov = data.every((d) => d.cell.override);
  return (ph ? PLACEHOLDER_MARK : '') + (ov ? OVERRIDE_MARK : '');
}

/** A value's label forms with the shared marks removed. */
function forms(d: Datum, shared: string): string[] {
  return labelForms(d.cell, d.kind).map((f) => (shared ? f.replace(new RegExp(`[${shared}]`, 'g'), '') : f));
}

/** The longest form of a label that fits `width` at a size between font and minFont, or null. */
function fitLabel(fs: readonly string[], width: number, font: number, minFont: number): { text: string; size: number } | null {
  for (let size = font; size >= minFont - 1e-9; size -= 0.5) for (const f of fs) if (textWidth(f, size) <= width) return { text: f, size };
  return null;
}

function niceStep(max: number, ticks: number): number {
  const raw = max / ticks;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

function tickFormat(prob: boolean, step: number): string {
  if (prob) return step * 100 < 1 ? '.1%' : '.0%';
  return Number.isInteger(step) ? 'd' : step < 0.1 ? '.2f' : '.1f';
}

function tickText(v: number, prob: boolean, step: number): string {
  if (prob) return `${(v * 100).toFixed(step * 100 < 1 ? 1 : 0)}%`;
  return Number.isInteger(step) ? String(Math.round(v)) : v.toFixed(step < 0.1 ? 2 : 1);
}

/** A Vega expression literal (JSON strings and arrays are valid Vega expressions). */
const lit = (x: unknown): string => JSON.stringify(x);

/** The category axis: how its labels are set, and the room it takes under the plot. */
interface CategoryAxis {
  readonly height: number;
  readonly axis: Record<string, unknown>;
}

/**
 * Category labels under slots of width `slot`: horizontal when they fit; else turned a quarter
 * (names, cut with '…' to the room below the plot); else every k-th, kept inside the chart.
 * `left` is the room left of the plot (a label may reach into it, never past it).
 */
function categoryAxis(labels: readonly string[], slot: number, size: number, maxHeight: number, left: number, right: number): CategoryAxis {
  const widths = labels.map((l) => textWidth(l, size));
  const widest = Math.max(0, ...widths);
  const lift = size * 0.25; // clear of the bottom tick label of the y axis
  const index = labels.map((_, i) => i);
  const base = { labelFont: SANS, labelFontSize: size, labelColor: '#000', labelOverlap: false, labelBound: false, labelFlush: false, labelLimit: 0, domain: false, ticks: false, grid: false, title: null };
  const expr = (texts: readonly string[]) => `${lit(texts)}[datum.value]`;
  if (widest <= slot - 1) return { height: size * 1.25 + lift, axis: { ...base, labelAngle: 0, labelAlign: 'center', labelBaseline: 'top', labelPadding: lift + size * 0.1, labelExpr: expr(labels) } };
  const numeric = allNumeric(labels);
  if (slot >= size * 1.15 && (!numeric || widest + 3 <= maxHeight)) {
    const h = Math.min(maxHeight, widest + 3);
    return { height: h + lift, axis: { ...base, labelAngle: 270, labelAlign: 'right', labelBaseline: 'middle', labelPadding: 2.5 + lift, labelExpr: expr(labels.map((l) => fitText(l, size, h - 3))) } };
  }
  // Every k-th label; k leaves room between neighbours, and a label that would leave the chart is skipped.
  const k = Math.max(1, Math.ceil((Math.min(widest, slot * labels.length) + 2) / slot) + 1);
  const texts = labels.map((l) => fitText(l, size, Math.min(k * slot - 2, slot * labels.length)));
  const fits = (i: number) => {
    const c = (i + 0.5) * slot;
    const w = textWidth(texts[i], size);
    return c - w / 2 >= -left && c + w / 2 <= slot * labels.length + right;
  };
  let first = 0;
  while (first < Math.min(k, labels.length) && !fits(first)) first++;
  const values = index.filter((i) => i >= first && (i - first) % k === 0 && fits(i));
  return { height: size * 1.25 + lift, axis: { ...base, labelAngle: 0, labelAlign: 'center', labelBaseline: 'top', labelPadding: lift + size * 0.1, values, labelExpr: expr(texts) } };
}

/** A text drawn where the layout put it (plot coordinates, points), for captions, axis titles and legends. */
interface Note {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly size: number;
  readonly ink: string;
  readonly role: string;
}

/** Layers drawing notes, one per alignment (Vega-Lite's align is a mark property). */
function noteLayers(notes: readonly Note[], align: 'left' | 'center' | 'right'): Layer[] {
  if (!notes.length) return [];
  return [
    {
      data: { values: notes.map((n) => ({ ...n })) },
      mark: { type: 'text', align, baseline: 'alphabetic', font: SANS },
      encoding: {
        x: { field: 'x', type: 'quantitative', scale: null },
        y: { field: 'y', type: 'quantitative', scale: null },
        text: { field: 'text', type: 'nominal' },
        size: { field: 'size', type: 'quantitative', scale: null },
        color: { field: 'ink', type: 'nominal', scale: null },
        description: { field: 'role', type: 'nominal' },
      },
    },
  ];
}

/** Legend rows under the plot: swatch and label, wrapped; labels cut to fit. Positions in plot coordinates. */
function legendRows(series: readonly string[], width: number, size: number): { height: number; items: Array<{ i: number; x: number; row: number; text: string }> } {
  const sw = size * 1.6;
  const items: Array<{ i: number; x: number; row: number; text: string }> = [];
  let row = 0;
  let used = 0;
  series.forEach((s, i) => {
    const w = sw + 2 + Math.min(textWidth(s, size), width - sw - 2) + size;
    if (used + w > width && used > 0) {
      row++;
      used = 0;
    }
    items.push({ i, x: used, row, text: fitText(s, size, width - used - sw - 2) });
    used += w;
  });
  return { height: (row + 1) * size * 1.35 + 2, items };
}

interface Frame {
  readonly width: number;
  readonly height: number;
  readonly plotX: number;
  readonly plotY: number;
  readonly plotW: number;
  readonly plotH: number;
}

function top(frame: Frame, layers: Layer[], title: string): TopLevelSpec {
  const spec: Layered = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: title,
    width: frame.plotW,
    height: frame.plotH,
    autosize: { type: 'none' },
    padding: { left: frame.plotX, top: frame.plotY, right: frame.width - frame.plotX - frame.plotW, bottom: frame.height - frame.plotY - frame.plotH },
    background: 'transparent',
    config: { view: { stroke: null }, axis: { labelFont: SANS }, text: { font: SANS } },
    layer: layers,
  };
  return spec;
}

/** The chart of a table as a Vega-Lite spec, laid out for a box. */
export function oddsChartSpec(t: ResolvedTable, chart: OddsChart, box: ChartBox): OddsChartSpec {
  const { data, xs, ss, cols } = chartData(t, chart);
  const shared = sharedMarks(data);
  const titleText = chart.title ?? t.title;
  const caption = [titleText !== box.omitTitle ? titleText : '', shared ? `(all ${shared})` : ''].filter(Boolean).join(' ');
  const keyLabel = (name: string | undefined): string => (name === undefined || name === '$column' ? '' : (t.keys.find((k) => k.name === name)?.label ?? name));
  if (chart.mark === 'heatmap' && xs.length > 1 && ss.length > 1) return heatmap(data, xs, ss, box, caption, keyLabel(chart.x), keyLabel(chart.series), shared, titleText);
  // A heatmap with one row or one column is a bar chart over the other axis.
  let d = data;
  let xLabel = keyLabel(chart.x);
  if (chart.mark === 'heatmap' && xs.length === 1 && ss.length > 1) {
    d = data.map((p) => ({ ...p, x: p.s, s: '' }));
    xLabel = keyLabel(chart.series);
  } else if (chart.mark === 'heatmap') d = data.map((p) => ({ ...p, s: '' }));
  const cx = [...new Set(d.map((p) => p.x))];
  const cs = [...new Set(d.map((p) => p.s))];
  // numbers at uneven steps are categories: bars for one series, unconnected points for more
  const ordinal = chart.mark === 'line' && allNumeric(cx) && !evenlySpaced(cx);
  const kind: ChartKind = chart.mark !== 'line' ? 'bar' : !ordinal ? 'line' : cs.length === 1 ? 'bar' : 'points';
  const yTitle = cols.length === 1 ? cols[0].label : '';
  return xyChart(d, cx, cs, { ...box, height: Math.min(box.height, box.xyHeight ?? box.height) }, kind, caption || yTitle, xLabel + (ordinal ? ' (uneven steps, not to scale)' : ''), shared, titleText);
}

/** A chart too small to draw: its caption only. */
function captionOnly(box: ChartBox, notes: readonly Note[], kind: ChartKind, dropped: number, title: string): OddsChartSpec {
  const height = Math.max(box.font * 2, notes.length ? box.font * 1.35 : 0);
  const frame = { width: box.width, height, plotX: 0, plotY: 0, plotW: box.width, plotH: height };
  return { spec: top(frame, noteLayers(notes, 'left').length ? noteLayers(notes, 'left') : [{ data: { values: [] }, mark: 'point' }], title), width: box.width, height, kind, labels: 0, dropped, title, valueLabels: [] };
}

function xyChart(data: readonly Datum[], xs: readonly string[], ss: readonly string[], box: ChartBox, kind: ChartKind, caption: string, xTitle: string, shared: string, title: string): OddsChartSpec {
  const f = box.font;
  const prob = data.every((p) => p.kind === 'probability');
  const max = Math.max(0, ...data.map((p) => p.v));
  let y = 0;
  const captionNote = (plotX: number, plotY: number): Note[] => (caption ? [{ x: -plotX, y: f - plotY, text: fitText(caption, f, box.width), size: f, ink: '#333', role: 'caption' }] : []);
  if (caption) y += f * 1.35;
  const multi = ss.length > 1;
  const lg = multi ? legendRows(ss, box.width, f) : null;
  const xTitleH = xTitle ? f * 1.3 : 0;
  // y scale: 0 .. a nice top with room for value labels over the highest bar.
  const labelRoom = kind === 'bar' && !multi ? f * 1.3 : f * 0.6;
  const step = max > 0 ? niceStep(prob && max > 0.5 ? 1 : max * 1.05, 3) : prob ? 0.5 : 1;
  const topValue = max > 0 ? Math.max(step, Math.ceil(max / step - 1e-9) * step) : step * 2;
  const ticks: number[] = [];
  for (let v = 0; v <= topValue + step * 1e-9; v += step) ticks.push(Math.round(v / step) * step);
  const tickW = Math.max(...ticks.map((v) => textWidth(tickText(v, prob, step), f))) + 2;
  const plotX = tickW + 1;
  const plotW = box.width - plotX - 1;
  const slot = plotW / Math.max(1, xs.length);
  const ax = categoryAxis(xs, slot, f, Math.max(f * 1.3, (box.height - y) * 0.3), plotX, 1);
  const plotH = box.height - y - labelRoom - ax.height - xTitleH - (lg?.height ?? 0) - 1;
  if (plotH < f * 3) return captionOnly(box, captionNote(0, 0), kind, data.length, title);
  const plotY = y + labelRoom;
  const selectedX = xs.flatMap((x, i) => (data.some((p) => p.x === x && p.selected) ? [i] : []));
  let labels = 0;
  let dropped = 0;
  const n = ss.length;
  const bw = (slot * 0.8) / n;
  const rows = data.map((p) => {
    const k = ss.indexOf(p.s);
    let label = '';
    let size = f;
    const room = kind === 'bar' ? (n > 1 ? bw - 0.5 : slot - 1) : slot - 1;
    const lab = kind !== 'bar' && n > 1 ? null : fitLabel(forms(p, shared), room, f, box.minFont);
    if (lab) {
      labels++;
      label = lab.text;
      size = lab.size;
    } else dropped++;
    return {
      xi: xs.indexOf(p.x),
      s: String(k),
      v: p.v,
      label,
      labelSize: size,
      room,
      fill: n > 1 ? FILLS[k % FILLS.length] : '#8c8c8c',
      colour: LINE_COLOURS[k % LINE_COLOURS.length],
      dash: [...DASHES[k % DASHES.length]],
      shape: SHAPES[k % SHAPES.length],
      stroke: p.selected ? '#000' : '#222',
      strokeWidth: p.selected ? 1.3 : 0.4,
      selected: p.selected,
      tip: `${p.x}${p.s ? ` · ${p.s}` : ''}: ${p.cell.exact}`,
    };
  });
  const xScale = { type: 'band' as const, domain: xs.map((_, i) => i), paddingInner: 0.2, paddingOuter: 0.1 };
  const yScale = { domain: [0, topValue], nice: false, zero: true };
  const x = { field: 'xi', type: 'ordinal' as const, scale: xScale, axis: ax.axis };
  const yEnc = { field: 'v', type: 'quantitative' as const, scale: yScale, axis: { values: ticks, format: tickFormat(prob, step), labelFont: SANS, labelFontSize: f, labelColor: '#444', labelPadding: 2, labelOverlap: false, labelBound: false, labelFlush: false, ticks: false, domain: false, grid: true, gridColor: { condition: { test: 'datum.value === 0', value: '#555' }, value: '#d6d6d6' }, gridWidth: { condition: { test: 'datum.value === 0', value: 0.6 }, value: 0.4 }, title: null } };
  const layers: Layer[] = [];
  // selection bands behind the slots
  for (const i of selectedX) layers.push({ data: { values: [{}] }, mark: { type: 'rect', fill: '#e4e4e4' }, encoding: { x: { value: i * slot }, x2: { value: (i + 1) * slot }, y: { value: -labelRoom }, y2: { value: plotH } } });
  const tooltip = { field: 'tip', type: 'nominal' as const };
  if (kind === 'bar') {
    layers.push({
      data: { values: rows },
      mark: { type: 'bar' },
      encoding: {
        x,
        y: yEnc,
        ...(n > 1 ? { xOffset: { field: 's', type: 'nominal' as const, scale: { domain: ss.map((_, i) => String(i)), paddingInner: 0, paddingOuter: 0 } } } : {}),
        fill: { field: 'fill', type: 'nominal', scale: null },
        stroke: { field: 'stroke', type: 'nominal', scale: null },
        strokeWidth: { field: 'strokeWidth', type: 'quantitative', scale: null },
        description: tooltip,
        tooltip,
      },
    });
    layers.push({
      data: { values: rows.filter((r) => r.label) },
      mark: { type: 'text', align: 'center', baseline: 'alphabetic', dy: -1.5, font: SANS },
      encoding: {
        x,
        y: { field: 'v', type: 'quantitative', scale: yScale },
        ...(n > 1 ? { xOffset: { field: 's', type: 'nominal' as const, scale: { domain: ss.map((_, i) => String(i)), paddingInner: 0, paddingOuter: 0 } } } : {}),
        text: { field: 'label', type: 'nominal' },
        size: { field: 'labelSize', type: 'quantitative', scale: null },
        color: { value: '#000' },
        description: { value: 'value' },
      },
    });
  } else {
    if (kind === 'line') {
      layers.push({
        data: { values: rows },
        mark: { type: 'line', strokeWidth: 1.1 },
        encoding: { x, y: yEnc, detail: { field: 's', type: 'nominal' }, description: { value: 'line' }, stroke: { field: 'colour', type: 'nominal', scale: null }, strokeDash: { field: 'dash', type: 'nominal', scale: null } },
      });
    }
    const r = f * 0.38;
    layers.push({
      data: { values: rows },
      mark: { type: 'point', filled: true, opacity: 1, strokeWidth: 0 },
      encoding: { x, y: kind === 'line' ? { field: 'v', type: 'quantitative', scale: yScale } : yEnc, shape: { field: 'shape', type: 'nominal', scale: null }, fill: { field: 'colour', type: 'nominal', scale: null }, size: { value: 4 * r * r }, description: tooltip, tooltip },
    });
    if (rows.some((q) => q.selected)) layers.push({ data: { values: rows.filter((q) => q.selected) }, mark: { type: 'point', filled: false, stroke: '#000', strokeWidth: 1, opacity: 1 }, encoding: { x, y: { field: 'v', type: 'quantitative', scale: yScale }, size: { value: (2 * f * 0.75) ** 2 } } });
    // value labels only for a single series (above each point, within its slot)
    if (n === 1) layers.push({ data: { values: rows.filter((q) => q.label) }, mark: { type: 'text', align: 'center', baseline: 'alphabetic', dy: -f * 0.6, font: SANS }, encoding: { x, y: { field: 'v', type: 'quantitative', scale: yScale }, text: { field: 'label', type: 'nominal' }, size: { field: 'labelSize', type: 'quantitative', scale: null }, color: { value: '#000' }, description: { value: 'value' } } });
  }
  // caption, x title and legend: notes placed by the layout (plot coordinates)
  let yy = plotH + ax.height;
  const left: Note[] = captionNote(plotX, plotY);
  const center: Note[] = [];
  if (xTitle) {
    center.push({ x: plotW / 2, y: yy + f * 1.05, text: fitText(xTitle, f, plotW), size: f, ink: '#333', role: 'axis title' });
    yy += xTitleH;
  }
  if (lg) {
    const sw = f * 1.6;
    const h = f * 0.9;
    const lh = f * 1.35;
    const swatches = lg.items.map((it) => ({ x: it.x - plotX, y: yy + 2 + it.row * lh + lh * 0.15, k: it.i }));
    for (const it of lg.items) left.push({ x: it.x - plotX + sw + 2, y: yy + 2 + it.row * lh + f * 0.95, text: it.text, size: f, ink: '#000', role: 'legend' });
    const sv = swatches.map((s) => ({ x: s.x, x2: s.x + sw, y: s.y, y2: s.y + h, cx: s.x + sw / 2, cy: s.y + h / 2, fill: FILLS[s.k % FILLS.length], colour: LINE_COLOURS[s.k % LINE_COLOURS.length], dash: [...DASHES[s.k % DASHES.length]], shape: SHAPES[s.k % SHAPES.length] }));
    const px = (field: string) => ({ field, type: 'quantitative' as const, scale: null });
    if (kind === 'bar') layers.push({ data: { values: sv }, mark: { type: 'rect', stroke: '#222', strokeWidth: 0.4 }, encoding: { x: px('x'), x2: { field: 'x2' }, y: px('y'), y2: { field: 'y2' }, fill: { field: 'fill', type: 'nominal', scale: null } } });
    else {
      if (kind === 'line') layers.push({ data: { values: sv }, mark: { type: 'rule', strokeWidth: 1.1 }, encoding: { x: px('x'), x2: { field: 'x2' }, y: px('cy'), stroke: { field: 'colour', type: 'nominal', scale: null }, strokeDash: { field: 'dash', type: 'nominal', scale: null } } });
      layers.push({ data: { values: sv }, mark: { type: 'point', filled: true, opacity: 1, strokeWidth: 0 }, encoding: { x: px('cx'), y: px('cy'), shape: { field: 'shape', type: 'nominal', scale: null }, fill: { field: 'colour', type: 'nominal', scale: null }, size: { value: 4 * (f * 0.38) ** 2 } } });
    }
    yy += lg.height;
  }
  layers.push(...noteLayers(left, 'left'), ...noteLayers(center, 'center'));
  const height = Math.min(box.height, plotY + yy + 1);
  const frame = { width: box.width, height, plotX, plotY, plotW, plotH };
  return { spec: top(frame, layers, title), width: box.width, height, kind, labels, dropped, title, valueLabels: rows.filter((r) => r.label).map((r) => ({ text: r.label, size: r.labelSize, room: r.room })) };
}

function heatmap(data: readonly Datum[], xs: readonly string[], ss: readonly string[], box: ChartBox, caption: string, xTitle: string, yTitle: string, shared: string, title: string): OddsChartSpec {
  const f = box.font;
  let y = 0;
  if (caption) y += f * 1.35;
  const rowLabelW = Math.min(box.width * 0.3, Math.max(...ss.map((s) => textWidth(s, f))) + 3);
  const plotX = rowLabelW;
  const plotW = box.width - plotX - 1;
  const cw = plotW / xs.length;
  const ax = categoryAxis(xs, cw, f, Math.max(f * 1.3, box.height * 0.25), plotX, 1);
  const xTitleH = xTitle ? f * 1.3 : 0;
  const yTitleH = yTitle ? f * 1.3 : 0;
  const avail = box.height - y - yTitleH - ax.height - xTitleH - 1;
  const ch = Math.min(Math.max(f * 1.7, 9), avail / ss.length);
  const captionNotes = (px: number, py: number): Note[] => (caption ? [{ x: -px, y: f - py, text: fitText(caption, f, box.width), size: f, ink: '#333', role: 'caption' }] : []);
  if (ch < 3) return captionOnly(box, captionNotes(0, 0), 'heatmap', data.length, title);
  const yTitleY = y + f;
  y += yTitleH;
  const plotY = y;
  const plotH = ss.length * ch;
  const max = Math.max(1e-12, ...data.map((p) => p.v));
  let labels = 0;
  let dropped = 0;
  // Row labels as large as the rows allow; below the smallest size, every k-th row is named.
  const rf = Math.min(f, (ch - 0.4) / 1.17);
  const rowFont = Math.max(rf, box.minFont);
  const every = rf >= box.minFont ? 1 : Math.ceil((box.minFont * 1.17 + 0.4) / ch);
  const rows = data.map((p) => {
    const g = Math.round(255 - (p.v / max) * 200);
    // a label only when it fits inside the cell, with a margin on every side
    const lab = ch - 1.5 >= box.minFont ? fitLabel(forms(p, shared), cw - 1.5, Math.min(box.font, ch - 1.5), box.minFont) : null;
    if (lab) labels++;
    else dropped++;
    return {
      xi: xs.indexOf(p.x),
      yi: ss.indexOf(p.s),
      grey: `rgb(${g},${g},${g})`,
      ink: g < 128 ? '#fff' : '#000',
      label: lab?.text ?? '',
      labelSize: lab?.size ?? f,
      cellWidth: cw,
      cellHeight: ch,
      stroke: p.selected ? '#000' : '#fff',
      strokeWidth: p.selected ? 1.3 : 0.5,
      tip: `${p.s} / ${p.x}: ${p.cell.exact}`,
    };
  });
  const x = { field: 'xi', type: 'ordinal' as const, scale: { type: 'band' as const, domain: xs.map((_, i) => i), paddingInner: 0, paddingOuter: 0 }, axis: ax.axis };
  const rowTexts = ss.map((s) => fitText(s, rowFont, rowLabelW - 2));
  const yEnc = {
    field: 'yi',
    type: 'ordinal' as const,
    scale: { type: 'band' as const, domain: ss.map((_, i) => i), paddingInner: 0, paddingOuter: 0 },
    axis: { values: ss.map((_, i) => i).filter((i) => i % every === 0), labelExpr: `${lit(rowTexts)}[datum.value]`, labelFont: SANS, labelFontSize: rowFont, labelColor: '#000', labelAlign: 'right' as const, labelBaseline: 'middle' as const, labelPadding: 2, labelOverlap: false, labelBound: false, labelFlush: false, labelLimit: 0, ticks: false, domain: false, grid: false, title: null },
  };
  const layers: Layer[] = [
    {
      data: { values: rows },
      mark: { type: 'rect' },
      encoding: { x, y: yEnc, fill: { field: 'grey', type: 'nominal', scale: null }, stroke: { field: 'stroke', type: 'nominal', scale: null }, strokeWidth: { field: 'strokeWidth', type: 'quantitative', scale: null }, description: { field: 'tip', type: 'nominal' }, tooltip: { field: 'tip', type: 'nominal' } },
    },
    {
      data: { values: rows.filter((r) => r.label) },
      mark: { type: 'text', align: 'center', baseline: 'middle', font: SANS },
      encoding: { x, y: yEnc, text: { field: 'label', type: 'nominal' }, size: { field: 'labelSize', type: 'quantitative', scale: null }, color: { field: 'ink', type: 'nominal', scale: null }, description: { value: 'cell value' } },
    },
  ];
  const left: Note[] = captionNotes(plotX, plotY);
  if (yTitle) left.push({ x: -plotX, y: yTitleY - plotY, text: fitText(yTitle + ' ↓', f, box.width), size: f, ink: '#333', role: 'axis title' });
  const center: Note[] = [];
  let yy = plotH + ax.height;
  if (xTitle) {
    center.push({ x: plotW / 2, y: yy + f * 1.05, text: fitText(xTitle + ' →', f, plotW), size: f, ink: '#333', role: 'axis title' });
    yy += xTitleH;
  }
  layers.push(...noteLayers(left, 'left'), ...noteLayers(center, 'center'));
  const height = Math.min(box.height, plotY + yy + 1);
  const frame = { width: box.width, height, plotX, plotY, plotW, plotH };
  return { spec: top(frame, layers, title), width: box.width, height, kind: 'heatmap', labels, dropped, title, valueLabels: rows.filter((r) => r.label).map((r) => ({ text: r.label, size: r.labelSize, room: cw - 1.5 })) };
}
