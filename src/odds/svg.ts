/**
 * Static SVG charts of odds tables, laid out before printing for a box of a given size (points):
 * no script and no browser needed, the same markup on a reference card, an odds page or the lab.
 *
 * Readable in greyscale: bar series are told apart by fill patterns as well as colour, line series
 * by dash style and point shape, heatmaps by printed values. Every label is placed where it fits
 * (text widths from text.ts, an upper bound of the fonts asked for): a value label only when it is
 * narrower than its bar or cell, axis labels turned or thinned when they would touch, legend
 * entries wrapped and cut with '…'. So labels never overlap; the browser test measures them.
 *
 * Shapes follow the data: a heatmap with one row or one column is drawn as bars; a line over
 * numbers that are not evenly spaced (T = 2, 3, 5, 8, 12) is drawn on an ordinal axis as bars or
 * unconnected points, said so under the axis, since equal steps would show false slopes.
 */
import type { OddsChart, OddsColumn } from '../core/odds.ts';
import type { ResolvedCell, ResolvedTable } from './compute.ts';
import { OVERRIDE_MARK, PLACEHOLDER_MARK } from './compute.ts';
import { fitText, labelForms, SANS, textWidth } from './text.ts';

export interface ChartBox {
  /** Width and height available, in points. */
  readonly width: number;
  readonly height: number;
  /** Label font size and the smallest size a label may shrink to, in points. */
  readonly font: number;
  readonly minFont: number;
  /** Prefix of the ids inside the SVG (fill patterns), unique in the page. */
  readonly id: string;
  /** Omit the caption when it repeats this text (the card's title). */
  readonly omitTitle?: string;
  /** Height of a bar or line chart when `height` is the room a heatmap may take. */
  readonly xyHeight?: number;
}

export interface ChartSvg {
  readonly svg: string;
  /** Height used, in points (at most the box's). */
  readonly height: number;
  /** What was drawn: bars, lines, points on an ordinal axis, or a heatmap. */
  readonly kind: 'bar' | 'line' | 'points' | 'heatmap';
  /** Value labels printed and left out (they did not fit). */
  readonly labels: number;
  readonly dropped: number;
}

interface Datum {
  readonly x: string;
  readonly s: string;
  readonly v: number;
  readonly cell: ResolvedCell;
  readonly kind: OddsColumn['kind'];
  readonly selected: boolean;
}

const PATTERNS: ReadonlyArray<{ colour: string; body: string }> = [
  { colour: '#1f4e79', body: '<rect width="6" height="6" fill="#1f4e79"/>' },
  { colour: '#e08a1e', body: '<rect width="6" height="6" fill="#fff"/><path d="M-1.5,1.5 l3,-3 M0,6 l6,-6 M4.5,7.5 l3,-3" stroke="#c06c00" stroke-width="1.4"/>' },
  { colour: '#4f9a44', body: '<rect width="6" height="6" fill="#d9ecd5"/><circle cx="1.5" cy="1.5" r="1" fill="#2f6b27"/><circle cx="4.5" cy="4.5" r="1" fill="#2f6b27"/>' },
  { colour: '#c23b3b', body: '<rect width="6" height="6" fill="#fff"/><path d="M0,0 l6,6 M6,0 l-6,6" stroke="#a32020" stroke-width="0.9"/>' },
  { colour: '#6f6f6f', body: '<rect width="6" height="6" fill="#bdbdbd"/>' },
  { colour: '#7b4fa0', body: '<rect width="6" height="6" fill="#fff"/><path d="M0,1.5 h6 M0,4.5 h6" stroke="#5e3182" stroke-width="1.1"/>' },
  { colour: '#2a8c8c', body: '<rect width="6" height="6" fill="#fff"/><path d="M1.5,0 v6 M4.5,0 v6" stroke="#176a6a" stroke-width="1.1"/>' },
  { colour: '#000000', body: '<rect width="6" height="6" fill="#fff"/><path d="M-1.5,4.5 l3,3 M0,0 l6,6 M4.5,-1.5 l3,3" stroke="#000" stroke-width="0.9"/>' },
];
const DASHES = ['', '4 2', '1.5 1.5', '5 2 1.5 2', '0.8 2', '7 1.5', '3 1.5 0.8 1.5', '2 3.5'];

const esc = (s: unknown): string => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const r2 = (x: number): string => String(Math.round(x * 100) / 100);

function txt(x: number, y: number, s: string, size: number, o: { anchor?: 'start' | 'middle' | 'end'; rotate?: boolean; fill?: string; cls?: string; cell?: readonly number[] } = {}): string {
  const attrs = [`x="${r2(x)}"`, `y="${r2(y)}"`, `font-size="${r2(size)}"`];
  if (o.anchor && o.anchor !== 'start') attrs.push(`text-anchor="${o.anchor}"`);
  if (o.rotate) attrs.push(`transform="rotate(-90 ${r2(x)} ${r2(y)})"`);
  if (o.fill) attrs.push(`fill="${o.fill}"`);
  if (o.cls) attrs.push(`class="${o.cls}"`);
  if (o.cell) attrs.push(`data-cell="${o.cell.map(r2).join(' ')}"`);
  return `<text ${attrs.join(' ')}>${esc(s)}</text>`;
}

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
function fitLabel(fs: readonly string[], width: number, box: ChartBox): { text: string; size: number } | null {
  for (let size = box.font; size >= box.minFont - 1e-9; size -= 0.5) for (const f of fs) if (textWidth(f, size) <= width) return { text: f, size };
  return null;
}

function niceStep(max: number, ticks: number): number {
  const raw = max / ticks;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

function tickText(v: number, prob: boolean, step: number): string {
  if (prob) return `${(v * 100).toFixed(step * 100 < 1 ? 1 : 0)}%`;
  return Number.isInteger(step) ? String(Math.round(v)) : v.toFixed(step < 0.1 ? 2 : 1);
}

interface XAxis {
  readonly height: number;
  readonly svg: (x0: number, slot: number, y: number) => string;
}

/**
 * Category labels under slots of width `slot`: horizontal when they fit; else turned a quarter
 * (names, cut with '…' to the room below the plot); else every k-th, kept inside the plot.
 */
function xAxis(labels: readonly string[], slot: number, size: number, maxHeight: number): XAxis {
  const widths = labels.map((l) => textWidth(l, size));
  const widest = Math.max(0, ...widths);
  const lift = size * 0.25; // clear of the bottom tick label of the y axis
  if (widest <= slot - 1) {
    return { height: size * 1.25 + lift, svg: (x0, s, y) => labels.map((l, i) => txt(x0 + (i + 0.5) * s, y + size + lift, l, size, { anchor: 'middle', cls: 'axis' })).join('') };
  }
  const numeric = allNumeric(labels);
  if (slot >= size * 1.15 && (!numeric || widest + 3 <= maxHeight)) {
    const h = Math.min(maxHeight, widest + 3);
    return { height: h + lift, svg: (x0, s, y) => labels.map((l, i) => txt(x0 + (i + 0.5) * s + size * 0.35, y + 2.5 + lift, fitText(l, size, h - 3), size, { anchor: 'end', rotate: true, cls: 'axis' })).join('') };
  }
  // Every k-th label; k leaves room for a label pushed inside the plot at either end.
  const k = Math.max(1, Math.ceil((Math.min(widest, slot * labels.length) + 2) / slot) + 1);
  return {
    height: size * 1.25 + lift,
    svg: (x0, s, y) =>
      labels
        .map((l, i) => {
          if (i % k !== 0) return '';
          const text = fitText(l, size, Math.min(k * s - 2, s * labels.length));
          const w = textWidth(text, size);
          const c = Math.min(Math.max(x0 + (i + 0.5) * s, x0 + w / 2), x0 + s * labels.length - w / 2);
          return txt(c, y + size + lift, text, size, { anchor: 'middle', cls: 'axis' });
        })
        .join(''),
  };
}

/** Legend rows under the plot: swatch and label, wrapped; labels cut to fit. */
function legend(series: readonly string[], width: number, size: number, swatch: (i: number, x: number, y: number) => string): { height: number; svg: (y: number) => string } {
  const sw = size * 1.6;
  const items = series.map((s) => ({ s, w: sw + 2 + Math.min(textWidth(s, size), width - sw - 2) + size }));
  const rows: Array<Array<{ s: string; w: number; i: number }>> = [[]];
  let used = 0;
  items.forEach((it, i) => {
    if (used + it.w > width && rows[rows.length - 1].length) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1].push({ ...it, i });
    used += it.w;
  });
  const lh = size * 1.35;
  return {
    height: rows.length * lh + 2,
    svg: (y0) =>
      rows
        .map((row, ri) => {
          let x = 0;
          const y = y0 + 2 + ri * lh;
          return row
            .map((it) => {
              const out = swatch(it.i, x, y + lh * 0.15) + txt(x + sw + 2, y + size * 0.95, fitText(it.s, size, width - x - sw - 2), size, { cls: 'legend' });
              x += it.w;
              return out;
            })
            .join('');
        })
        .join(''),
  };
}

function patternDefs(id: string, n: number): string {
  return `<defs>${PATTERNS.slice(0, Math.max(1, n)).map((p, i) => `<pattern id="${id}-f${i}" patternUnits="userSpaceOnUse" width="6" height="6">${p.body}</pattern>`).join('')}</defs>`;
}

function wrapSvg(box: ChartBox, height: number, title: string, body: string): string {
  return `<svg class="odds-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${r2(box.width)} ${r2(height)}" width="${r2(box.width)}pt" height="${r2(height)}pt" font-family='${SANS}' role="img"><title>${esc(title)}</title>${body}</svg>`;
}

/** The chart of a table, laid out for a box. */
export function chartSvg(t: ResolvedTable, chart: OddsChart, box: ChartBox): ChartSvg {
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
  const kind: ChartSvg['kind'] = chart.mark !== 'line' ? 'bar' : !ordinal ? 'line' : cs.length === 1 ? 'bar' : 'points';
  const yTitle = cols.length === 1 ? cols[0].label : '';
  return xyChart(d, cx, cs, { ...box, height: Math.min(box.height, box.xyHeight ?? box.height) }, kind, caption || yTitle, xLabel + (ordinal ? ' (uneven steps, not to scale)' : ''), shared, titleText);
}

function xyChart(data: readonly Datum[], xs: readonly string[], ss: readonly string[], box: ChartBox, kind: ChartSvg['kind'], caption: string, xTitle: string, shared: string, title: string): ChartSvg {
  const f = box.font;
  const prob = data.every((p) => p.kind === 'probability');
  const max = Math.max(0, ...data.map((p) => p.v));
  let body = '';
  let y = 0;
  if (caption) {
    body += txt(0, f, fitText(caption, f, box.width), f, { cls: 'caption', fill: '#333' });
    y += f * 1.35;
  }
  const multi = ss.length > 1;
  const lg = multi ? legend(ss, box.width, f, (i, x, yy) => swatch(kind, box.id, i, x, yy, f)) : null;
  const xTitleH = xTitle ? f * 1.3 : 0;
  // y scale: 0 .. a nice top with room for value labels over the highest bar.
  const labelRoom = kind === 'bar' && !multi ? f * 1.3 : f * 0.6;
  const step = max > 0 ? niceStep(prob && max > 0.5 ? 1 : max * 1.05, 3) : prob ? 0.5 : 1;
  const top = max > 0 ? Math.max(step, Math.ceil(max / step - 1e-9) * step) : step * 2;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step * 1e-9; v += step) ticks.push(v);
  const tickW = Math.max(...ticks.map((v) => textWidth(tickText(v, prob, step), f))) + 2;
  const plotX = tickW + 1;
  const plotW = box.width - plotX - 1;
  const slot = plotW / Math.max(1, xs.length);
  const selectedX = new Set(xs.flatMap((x, i) => (data.some((p) => p.x === x && p.selected) ? [i] : [])));
  const ax = xAxis(xs, slot, f, Math.max(f * 1.3, (box.height - y) * 0.3));
  const plotH = box.height - y - labelRoom - ax.height - xTitleH - (lg?.height ?? 0) - 1;
  if (plotH < f * 3) return { svg: wrapSvg(box, Math.max(f * 2, y), title, body), height: Math.max(f * 2, y), kind, labels: 0, dropped: data.length };
  const plotY = y + labelRoom;
  const yOf = (v: number): number => plotY + plotH - (v / top) * plotH;
  // selection bands behind the slots
  for (const i of selectedX) body += `<rect class="selected" x="${r2(plotX + i * slot)}" y="${r2(plotY - labelRoom)}" width="${r2(slot)}" height="${r2(plotH + labelRoom)}" fill="#e4e4e4"/>`;
  // grid and y ticks
  for (const v of ticks) {
    const yy = yOf(v);
    body += `<line x1="${r2(plotX)}" x2="${r2(plotX + plotW)}" y1="${r2(yy)}" y2="${r2(yy)}" stroke="${v === 0 ? '#555' : '#d6d6d6'}" stroke-width="${v === 0 ? 0.6 : 0.4}"/>`;
    body += txt(plotX - 2, yy + f * 0.35, tickText(v, prob, step), f, { anchor: 'end', cls: 'axis', fill: '#444' });
  }
  let labels = 0;
  let dropped = 0;
  const si = (s: string): number => ss.indexOf(s);
  if (kind === 'bar') {
    const n = ss.length;
    const bw = (slot * 0.8) / n;
    for (const p of data) {
      const i = xs.indexOf(p.x);
      const k = si(p.s);
      const x = plotX + i * slot + slot * 0.1 + k * bw;
      const yy = yOf(p.v);
      const fill = n > 1 ? `url(#${box.id}-f${k % PATTERNS.length})` : '#8c8c8c';
      body += `<rect x="${r2(x)}" y="${r2(yy)}" width="${r2(bw)}" height="${r2(plotY + plotH - yy)}" fill="${fill}" stroke="${p.selected ? '#000' : '#222'}" stroke-width="${p.selected ? 1.3 : 0.4}"><title>${esc(`${p.x}${p.s ? ` · ${p.s}` : ''}: ${p.cell.exact}`)}</title></rect>`;
      const room = n > 1 ? bw - 0.5 : slot - 1;
      const lab = fitLabel(forms(p, shared), room, box);
      if (lab) {
        labels++;
        body += txt(x + bw / 2, yy - 1.5, lab.text, lab.size, { anchor: 'middle', cls: 'value' });
      } else dropped++;
    }
  } else {
    // lines (evenly spaced or categorical x) or unconnected points (uneven numbers)
    ss.forEach((s, k) => {
      const pts = data.filter((p) => p.s === s).map((p) => ({ p, x: plotX + (xs.indexOf(p.x) + 0.5) * slot, y: yOf(p.v) }));
      const colour = PATTERNS[k % PATTERNS.length].colour;
      if (kind === 'line' && pts.length > 1) body += `<polyline fill="none" stroke="${colour}" stroke-width="1.1"${DASHES[k % DASHES.length] ? ` stroke-dasharray="${DASHES[k % DASHES.length]}"` : ''} points="${pts.map((q) => `${r2(q.x)},${r2(q.y)}`).join(' ')}"/>`;
      for (const q of pts) {
        body += marker(k, q.x, q.y, f * 0.38, colour);
        if (q.p.selected) body += `<circle cx="${r2(q.x)}" cy="${r2(q.y)}" r="${r2(f * 0.75)}" fill="none" stroke="#000" stroke-width="1"/>`;
      }
    });
    // value labels only for a single series (above each point, within its slot)
    if (ss.length === 1) {
      for (const p of data) {
        const lab = fitLabel(forms(p, shared), slot - 1, box);
        const x = plotX + (xs.indexOf(p.x) + 0.5) * slot;
        if (lab) {
          labels++;
          body += txt(x, yOf(p.v) - f * 0.6, lab.text, lab.size, { anchor: 'middle', cls: 'value' });
        } else dropped++;
      }
    } else dropped += data.length;
  }
  body += ax.svg(plotX, slot, plotY + plotH + 0.5);
  let yy = plotY + plotH + ax.height;
  if (xTitle) {
    body += txt(plotX + plotW / 2, yy + f * 1.05, fitText(xTitle, f, plotW), f, { anchor: 'middle', cls: 'axis-title', fill: '#333' });
    yy += xTitleH;
  }
  if (lg) {
    body += lg.svg(yy);
    yy += lg.height;
  }
  const height = Math.min(box.height, yy + 1);
  const defs = kind === 'bar' && ss.length > 1 ? patternDefs(box.id, ss.length) : '';
  return { svg: wrapSvg(box, height, title, defs + body), height, kind, labels, dropped };
}

function marker(k: number, x: number, y: number, r: number, colour: string): string {
  switch (k % 4) {
    case 0:
      return `<circle cx="${r2(x)}" cy="${r2(y)}" r="${r2(r)}" fill="${colour}"/>`;
    case 1:
      return `<rect x="${r2(x - r)}" y="${r2(y - r)}" width="${r2(2 * r)}" height="${r2(2 * r)}" fill="${colour}"/>`;
    case 2:
      return `<path d="M${r2(x)},${r2(y - r * 1.2)} L${r2(x + r * 1.1)},${r2(y + r * 0.8)} L${r2(x - r * 1.1)},${r2(y + r * 0.8)} Z" fill="${colour}"/>`;
    default:
      return `<path d="M${r2(x)},${r2(y - r * 1.2)} L${r2(x + r * 1.2)},${r2(y)} L${r2(x)},${r2(y + r * 1.2)} L${r2(x - r * 1.2)},${r2(y)} Z" fill="${colour}"/>`;
  }
}

function swatch(kind: ChartSvg['kind'], id: string, i: number, x: number, y: number, f: number): string {
  const w = f * 1.6;
  const h = f * 0.9;
  if (kind === 'bar') return `<rect x="${r2(x)}" y="${r2(y)}" width="${r2(w)}" height="${r2(h)}" fill="url(#${id}-f${i % PATTERNS.length})" stroke="#222" stroke-width="0.4"/>`;
  const colour = PATTERNS[i % PATTERNS.length].colour;
  const dash = DASHES[i % DASHES.length];
  const line = kind === 'line' ? `<line x1="${r2(x)}" x2="${r2(x + w)}" y1="${r2(y + h / 2)}" y2="${r2(y + h / 2)}" stroke="${colour}" stroke-width="1.1"${dash ? ` stroke-dasharray="${dash}"` : ''}/>` : '';
  return line + marker(i, x + w / 2, y + h / 2, f * 0.38, colour);
}

function heatmap(data: readonly Datum[], xs: readonly string[], ss: readonly string[], box: ChartBox, caption: string, xTitle: string, yTitle: string, shared: string, title: string): ChartSvg {
  const f = box.font;
  let body = '';
  let y = 0;
  if (caption) {
    body += txt(0, f, fitText(caption, f, box.width), f, { cls: 'caption', fill: '#333' });
    y += f * 1.35;
  }
  const rowLabelW = Math.min(box.width * 0.3, Math.max(...ss.map((s) => textWidth(s, f))) + 3);
  const plotX = rowLabelW;
  const plotW = box.width - plotX - 1;
  const cw = plotW / xs.length;
  const ax = xAxis(xs, cw, f, Math.max(f * 1.3, box.height * 0.25));
  const xTitleH = xTitle ? f * 1.3 : 0;
  const yTitleH = yTitle ? f * 1.3 : 0;
  const avail = box.height - y - yTitleH - ax.height - xTitleH - 1;
  const ch = Math.min(Math.max(f * 1.7, 9), avail / ss.length);
  if (ch < 3) return { svg: wrapSvg(box, Math.max(f * 2, y), title, body), height: Math.max(f * 2, y), kind: 'heatmap', labels: 0, dropped: data.length };
  if (yTitle) {
    body += txt(0, y + f, fitText(yTitle + ' ↓', f, box.width), f, { cls: 'axis-title', fill: '#333' });
    y += yTitleH;
  }
  const plotY = y;
  const max = Math.max(1e-12, ...data.map((p) => p.v));
  let labels = 0;
  let dropped = 0;
  // Row labels as large as the rows allow; below the smallest size, every k-th row is named.
  const rf = Math.min(f, (ch - 0.4) / 1.17);
  const rowFont = Math.max(rf, box.minFont);
  const every = rf >= box.minFont ? 1 : Math.ceil((box.minFont * 1.17 + 0.4) / ch);
  ss.forEach((s, j) => {
    if (j % every === 0) body += txt(plotX - 2, plotY + (j + 0.5) * ch + rowFont * 0.35, fitText(s, rowFont, rowLabelW - 2), rowFont, { anchor: 'end', cls: 'axis' });
  });
  for (const p of data) {
    const i = xs.indexOf(p.x);
    const j = ss.indexOf(p.s);
    const x = plotX + i * cw;
    const yy = plotY + j * ch;
    const g = Math.round(255 - (p.v / max) * 200);
    const grey = `rgb(${g},${g},${g})`;
    body += `<rect x="${r2(x)}" y="${r2(yy)}" width="${r2(cw)}" height="${r2(ch)}" fill="${grey}" stroke="${p.selected ? '#000' : '#fff'}" stroke-width="${p.selected ? 1.3 : 0.5}"><title>${esc(`${p.s} / ${p.x}: ${p.cell.exact}`)}</title></rect>`;
    // a label only when it fits inside the cell, with a margin on every side
    const lab = ch - 1.5 >= box.minFont ? fitLabel(forms(p, shared), cw - 1.5, { ...box, font: Math.min(box.font, ch - 1.5) }) : null;
    if (lab) {
      labels++;
      body += txt(x + cw / 2, yy + ch / 2 + lab.size * 0.35, lab.text, lab.size, { anchor: 'middle', fill: g < 128 ? '#fff' : '#000', cls: 'value', cell: [x, yy, cw, ch] });
    } else dropped++;
  }
  body += ax.svg(plotX, cw, plotY + ss.length * ch + 0.5);
  let yy = plotY + ss.length * ch + ax.height;
  if (xTitle) {
    body += txt(plotX + plotW / 2, yy + f * 1.05, fitText(xTitle + ' →', f, plotW), f, { anchor: 'middle', cls: 'axis-title', fill: '#333' });
    yy += xTitleH;
  }
  const height = Math.min(box.height, yy + 1);
  return { svg: wrapSvg(box, height, title, body), height, kind: 'heatmap', labels, dropped };
}
