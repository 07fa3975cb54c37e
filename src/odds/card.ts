/**
 * Reference cards at real card sizes: one odds table (a mechanic at one parameter setting) laid
 * out on one card, or flowed over several ("2/3") when its charts and rows do not fit.
 *
 * The layout is computed here, before printing, in points from fixed font sizes and line
 * heights (text widths from text.ts, an upper bound of the fonts asked for), so a card never
 * overflows and a chart label never overlaps another; the browser test measures both. A card has
 * a header (system, title, the parameters that select a row), a body of panels (charts as static
 * SVG, the table split by columns and rows as needed, notes) and a footer (the house rules that
 * change its values ‡, its placeholder values †, and the command that reproduces it).
 *
 * Sizes: poker 63 × 88 mm (default), tarot 70 × 120 mm, A6 105 × 148 mm, and a4-sheet: poker
 * cards nine to an A4 page with crop marks.
 */
import type { OddsColumn } from '../core/odds.ts';
import { escapeHtml } from '../report/html.ts';
import { formatCell, groupProvenance, OVERRIDE_MARK, PLACEHOLDER_MARK, type ResolvedCell, type ResolvedTable } from './compute.ts';
import { houseRuleText, SELECTED_MARK, selectedBy } from './render.ts';
import { oddsChartSpec } from './chart-spec.ts';
import { specToSvg } from './vega-svg.ts';
import { fitText, MONO, monoWidth, SANS, textWidth, wrapText } from './text.ts';

export const CARD_SIZES = ['poker', 'tarot', 'a6', 'a4-sheet'] as const;
export type CardSize = (typeof CARD_SIZES)[number];

/** One size: card in mm, fonts in pt, chart heights in pt. */
export interface SizeSpec {
  readonly name: CardSize;
  readonly label: string;
  readonly width: number;
  readonly height: number;
  readonly pad: number;
  readonly title: number;
  readonly font: number;
  readonly minFont: number;
  readonly small: number;
  readonly chart: number;
  readonly heatmap: number;
  readonly description: boolean;
  /** Cards imposed on sheets: page size in mm and the grid. */
  readonly sheet?: { readonly width: number; readonly height: number; readonly cols: number; readonly rows: number; readonly page: string };
}

const POKER: SizeSpec = { name: 'poker', label: 'poker 63 × 88 mm', width: 63, height: 88, pad: 3, title: 7.5, font: 6, minFont: 5, small: 5, chart: 92, heatmap: 150, description: false };

export const SIZES: Readonly<Record<CardSize, SizeSpec>> = {
  poker: POKER,
  tarot: { name: 'tarot', label: 'tarot 70 × 120 mm', width: 70, height: 120, pad: 3.5, title: 8.5, font: 6.5, minFont: 5.5, small: 5.5, chart: 118, heatmap: 210, description: true },
  a6: { name: 'a6', label: 'A6 105 × 148 mm', width: 105, height: 148, pad: 5, title: 10, font: 7.5, minFont: 5.5, small: 6, chart: 150, heatmap: 260, description: true },
  'a4-sheet': { ...POKER, name: 'a4-sheet', label: 'poker 63 × 88 mm, nine to an A4 sheet with crop marks', sheet: { width: 210, height: 297, cols: 3, rows: 3, page: 'A4' } },
};

const PT = 72 / 25.4; // points per mm
const LINE = 1.25; // line height, in font sizes
const GAP = 2.5; // between panels, pt

/** A card's content, laid out: `parts` cards of one table (or of the set's about card). */
export interface Card {
  /** The table's id on the sheet (mechanic and setting), shared by its parts. */
  readonly group: string;
  readonly part: number;
  readonly parts: number;
  /** The card's markup: a <section class="card">. */
  readonly html: string;
}

interface Panel {
  readonly height: number;
  readonly html: string;
  /** A table chunk that may be cut between rows when it does not fit. */
  readonly rows?: TableChunk;
  readonly chart?: boolean;
}

/** Smallest share of its height a chart may shrink to so that its table's card needs no second card. */
const MIN_CHART_SCALE = 0.65;

interface TableChunk {
  readonly head: string;
  readonly headHeight: number;
  readonly rowHeight: number;
  readonly rows: readonly string[];
  readonly colgroup: string;
  readonly width: number;
  readonly cls: string;
}

/** What a card says besides its table: the command that reproduces it. */
export interface CardSource {
  readonly command: string;
  readonly systemName: string;
}

// ---------------------------------------------------------------------------------------------
// The table as a grid of text (pivoted when the table asks), measured.

interface Grid {
  readonly keyHeads: readonly string[];
  readonly valueHeads: readonly string[];
  readonly group?: string;
  readonly rows: ReadonlyArray<{ keys: readonly string[]; cells: ReadonlyArray<{ cell: ResolvedCell; kind: OddsColumn['kind']; selected: boolean } | undefined>; selected: boolean }>;
}

function grid(t: ResolvedTable): Grid {
  const used = t.values.filter((v) => t.rows.some((r) => r.cells[v.name]));
  const pivotValues = new Set(t.rows.map((r) => (t.pivot ? r.key[t.pivot] : undefined)));
  const pivot = t.pivot && t.keys.some((k) => k.name === t.pivot) && used.length === 1 && pivotValues.size > 1 ? t.pivot : undefined;
  if (!pivot) {
    return {
      keyHeads: t.keys.map((k) => k.label),
      valueHeads: used.map((v) => v.label),
      rows: t.rows.map((r, i) => ({
        keys: t.keys.map((k) => String(r.key[k.name] ?? '')),
        cells: used.map((v) => (r.cells[v.name] ? { cell: r.cells[v.name], kind: v.kind, selected: t.selected.includes(i) } : undefined)),
        selected: t.selected.includes(i),
      })),
    };
  }
  const rowKeys = t.keys.filter((k) => k.name !== pivot);
  const colVals: string[] = [];
  const ids: string[] = [];
  const keysOf = new Map<string, string[]>();
  const at = new Map<string, { cell: ResolvedCell; kind: OddsColumn['kind']; selected: boolean }>();
  t.rows.forEach((r, i) => {
    const pv = String(r.key[pivot]);
    if (!colVals.includes(pv)) colVals.push(pv);
    const id = JSON.stringify(rowKeys.map((k) => r.key[k.name]));
    if (!keysOf.has(id)) {
      keysOf.set(id, rowKeys.map((k) => String(r.key[k.name] ?? '')));
      ids.push(id);
    }
    const c = r.cells[used[0].name];
    if (c) at.set(`${id}\u0000${pv}`, { cell: c, kind: used[0].kind, selected: t.selected.includes(i) });
  });
  return {
    keyHeads: rowKeys.map((k) => k.label),
    valueHeads: colVals,
    group: `${used[0].label} by ${t.keys.find((k) => k.name === pivot)!.label}`,
    rows: ids.map((id) => {
      const cells = colVals.map((v) => at.get(`${id}\u0000${v}`));
      return { keys: keysOf.get(id)!, cells, selected: false };
    }),
  };
}

/** Marks every cell of a table carries: said once in the footer, not in every cell. */
function sharedMarks(t: ResolvedTable): string {
  const cells = t.rows.flatMap((r) => Object.values(r.cells));
  if (!cells.length) return '';
  return (cells.every((c) => c.placeholder) ? PLACEHOLDER_MARK : '') + (cells.every((c) => c.override) ? OVERRIDE_MARK : '');
}

/** A cell's text with its marks, less those every cell carries (`strip`). */
const cellText = (c: { cell: ResolvedCell; kind: OddsColumn['kind'] } | undefined, strip: string): string => {
  if (!c) return '';
  const text = formatCell(c.cell, c.kind);
  return strip ? text.replace(new RegExp(`[${strip}]`, 'g'), '') : text;
};
const PADX = 1.6; // cell padding left + right, pt
const RULE = 0.75; // a table rule: 0.3 pt drawn, one CSS pixel taken
/** A header may break after '/' ('attack/defence'): as the layout measures it, a space. */
const breakable = (h: string): string => h.replace(/\//g, '/ ');
/** Bold text is up to 10% wider than regular DejaVu Sans (headers and titles are bold). */
const BOLD = 1.12;
const boldWidth = (t: string, size: number): number => textWidth(t, size) * BOLD;

/** Column chunks that fit `width`: each a list of value-column indices, with the key columns repeated. */
function tableChunks(g: Grid, width: number, spec: SizeSpec, strip: string): { font: number; keyW: number[]; valW: number[]; chunks: number[][] } {
  for (let font = spec.font; ; font -= 0.5) {
    const wordW = (h: string) => Math.max(...breakable(h).split(/\s+/).map((w) => boldWidth(w, font)));
    const keyW = g.keyHeads.map((h, k) => Math.max(wordW(h), ...g.rows.map((r) => textWidth(r.keys[k], font))) + PADX);
    const valW = g.valueHeads.map((h, v) => Math.max(wordW(h), ...g.rows.map((r) => textWidth(cellText(r.cells[v], strip), font))) + PADX);
    const keysTotal = keyW.reduce((a, b) => a + b, 0);
    const total = keysTotal + valW.reduce((a, b) => a + b, 0);
    if (total <= width) return { font, keyW, valW, chunks: [g.valueHeads.map((_, i) => i)] };
    if (font - 0.5 >= spec.minFont) continue;
    // Split the value columns; key columns take at most 45% (cut with '…' beyond).
    const cap = width * 0.45;
    const scale = keysTotal > cap ? cap / keysTotal : 1;
    const kw = keyW.map((w) => Math.max(textWidth('…', font) + PADX + 2, w * scale));
    const room = width - kw.reduce((a, b) => a + b, 0);
    const chunks: number[][] = [[]];
    let used = 0;
    valW.forEach((w, i) => {
      const cw = Math.min(w, room);
      if (used + cw > room && chunks[chunks.length - 1].length) {
        chunks.push([]);
        used = 0;
      }
      chunks[chunks.length - 1].push(i);
      used += cw;
    });
    return { font, keyW: kw, valW: valW.map((w) => Math.min(w, room)), chunks };
  }
}

/** The table as chunks of columns, each a header and rows of fixed height. */
function tablePanels(t: ResolvedTable, width: number, spec: SizeSpec): TableChunk[] {
  const g = grid(t);
  if (!g.rows.length) return [];
  const strip = sharedMarks(t);
  const { font, keyW, valW, chunks } = tableChunks(g, width, spec, strip);
  // A row is its fixed height and its rule (a 0.3 pt rule takes a whole CSS pixel, 0.75 pt).
  const rowHeight = font * 1.42 + RULE;
  const lineH = font * 1.18;
  return chunks.map((cols, ci) => {
    const widths = [...keyW, ...cols.map((i) => valW[i])];
    const heads = [...g.keyHeads, ...cols.map((i) => g.valueHeads[i])];
    const linesOf = (i: number) => wrapText(breakable(heads[i]), font, widths[i] - PADX, boldWidth).length;
    // Width left over goes to the headers that take most lines, while that saves a line.
    let spare = width - widths.reduce((a, b) => a + b, 0);
    for (let guard = 0; spare > 0.5 && guard < 50; guard++) {
      const lines = heads.map((_, i) => linesOf(i));
      const most = Math.max(...lines);
      if (most <= 1) break;
      const i = lines.indexOf(most);
      const linesWith = (add: number) => wrapText(breakable(heads[i]), font, widths[i] + add - PADX, boldWidth).length;
      if (linesWith(spare) >= most) break;
      let lo = 0; // the least width that saves a line, to 0.25 pt
      let hi = spare;
      while (hi - lo > 0.25) {
        const mid = (lo + hi) / 2;
        if (linesWith(mid) < most) hi = mid;
        else lo = mid;
      }
      widths[i] += hi;
      spare -= hi;
    }
    const headLines = Math.max(1, ...heads.map((_, i) => linesOf(i)));
    const groupRow = g.group ? `<tr><th class="l" colspan="${keyW.length}"></th><th class="group" colspan="${cols.length}">${escapeHtml(fitText(g.group + (chunks.length > 1 ? ` (${ci + 1}/${chunks.length})` : ''), font, widths.slice(keyW.length).reduce((a, b) => a + b, 0) - PADX))}</th></tr>` : '';
    const head = `${groupRow}<tr>${heads.map((h, i) => `<th class="${i < keyW.length ? 'l' : 'v'}">${escapeHtml(h).replace(/\//g, '/<wbr>')}</th>`).join('')}</tr>`;
    const headHeight = headLines * lineH + 0.75 + RULE + (g.group ? lineH + 0.75 + RULE : 0);
    const rows = g.rows.filter((r) => cols.some((i) => r.cells[i])).map((r) => {
      const keys = r.keys.map((k, i) => `<td class="l">${escapeHtml(fitText(k, font, keyW[i] - PADX))}</td>`);
      const vals = cols.map((i) => {
        const c = r.cells[i];
        if (!c) return '<td></td>';
        const cls = [c.cell.placeholder ? 'ph' : '', c.cell.override ? 'ov' : '', c.selected ? 'sel' : ''].filter(Boolean).join(' ');
        const tip = c.cell.exact + (c.cell.override ? ` (without the house rules: ${c.cell.was || 'none'})` : '');
        return `<td${cls ? ` class="${cls}"` : ''} title="${escapeHtml(tip)}">${escapeHtml(cellText(c, strip))}</td>`;
      });
      return `<tr${r.selected ? ' class="sel"' : ''}>${keys.join('')}${vals.join('')}</tr>`;
    });
    const colgroup = `<colgroup>${widths.map((w) => `<col style="width:${w.toFixed(2)}pt">`).join('')}</colgroup>`;
    return { head, headHeight, rowHeight, rows, colgroup, width: widths.reduce((a, b) => a + b, 0), cls: `odds f${String(font).replace('.', '_')}` };
  });
}

function chunkHtml(c: TableChunk, from: number, to: number): string {
  return `<table class="${c.cls}" style="width:${c.width.toFixed(2)}pt">${c.colgroup}<thead>${c.head}</thead><tbody>${c.rows.slice(from, to).join('')}</tbody></table>`;
}

function textPanel(text: string, size: number, width: number, cls: string): Panel {
  const lines = wrapText(text, size, width);
  return { height: lines.length * size * LINE + 1, html: `<p class="${cls}" style="font-size:${size}pt">${escapeHtml(text)}</p>` };
}

// ---------------------------------------------------------------------------------------------
// One table's cards.

/** The footer lines of a table's cards: what its marks mean here, and its command. */
function footer(t: ResolvedTable, src: CardSource, width: number, spec: SizeSpec): { height: number; html: string } {
  const parts: string[] = [];
  let height = 0;
  const add = (text: string, cls: string, mono = false) => {
    const lines = wrapText(text, spec.small, width, mono ? monoWidth : textWidth);
    height += lines.length * spec.small * LINE;
    parts.push(`<p class="${cls}">${escapeHtml(text)}</p>`);
  };
  const shared = sharedMarks(t);
  if (t.changed) add(`${OVERRIDE_MARK} ${shared.includes(OVERRIDE_MARK) ? 'every value ' : ''}changed by ${t.houseRules.map(houseRuleText).join('; ')}`, 'marks ov');
  if (t.placeholders.length) {
    const paths = groupProvenance(t.placeholders).map((g) => g.path);
    const lead = `${PLACEHOLDER_MARK} ${shared.includes(PLACEHOLDER_MARK) ? 'every value rests on ' : ''}placeholder values`;
    const text = `${lead}: ${paths.join(', ')}`;
    add(wrapText(text, spec.small, width).length > 2 ? `${lead}: ${paths.length} groups (listed on the last card)` : text, 'marks ph');
  }
  add(src.command, 'cmd', true);
  return { height: height + 2, html: `<footer>${parts.join('')}</footer>` };
}

/** The panels of a table: description (large cards), charts, table chunks, notes. */
function panels(t: ResolvedTable, width: number, bodyHeight: number, spec: SizeSpec, id: string, chartScale = 1): Panel[] {
  const out: Panel[] = [];
  if (spec.description && t.description) out.push(textPanel(t.description, spec.small, width, 'desc'));
  t.charts.forEach((c, i) => {
    const heat = c.mark === 'heatmap';
    const box = { width, height: Math.min(bodyHeight, (heat ? spec.heatmap : spec.chart) * chartScale), xyHeight: Math.min(bodyHeight, spec.chart * chartScale), font: spec.font, minFont: spec.minFont, omitTitle: t.title };
    const chart = oddsChartSpec(t, c, box);
    out.push({ height: chart.height, html: `<figure class="chart" data-kind="${chart.kind}">${specToSvg(chart.spec, { title: chart.title, className: 'odds-chart' })}</figure>`, chart: true });
  });
  for (const c of tablePanels(t, width, spec)) out.push({ height: c.headHeight + c.rows.length * c.rowHeight, html: '', rows: c });
  for (const n of t.notes) out.push(textPanel(n, spec.small, width, 'note'));
  return out;
}

function header(title: string, sub: string, selection: string, width: number, spec: SizeSpec): { height: number; html: (part: string) => string } {
  const titleLines = wrapText(title, spec.title, width, boldWidth).length;
  const selLines = selection ? wrapText(selection, spec.small, width).length : 0;
  const height = spec.small * LINE + titleLines * spec.title * 1.18 + selLines * spec.small * LINE + 2;
  return {
    height,
    html: (part) => `<header><p class="sys">${escapeHtml(fitText(sub, spec.small, width - (part ? textWidth(` · card ${part}`, spec.small) : 0)))}${part ? ` · card ${part}` : ''}</p><h2>${escapeHtml(title)}</h2>${selection ? `<p class="selection">${escapeHtml(selection)}</p>` : ''}</header>`,
  };
}

/** The cards of one resolved table. */
export function tableCards(t: ResolvedTable, src: CardSource, spec: SizeSpec, group: string): Card[] {
  const inner = { w: (spec.width - 2 * spec.pad) * PT, h: (spec.height - 2 * spec.pad) * PT };
  const selection = t.given.length ? `${SELECTED_MARK} ${selectedBy(t)}${t.selected.length ? ': highlighted' : ''}` : '';
  const head = header(t.title, `${src.systemName} · exact odds`, selection, inner.w, spec);
  const foot = footer(t, src, inner.w, spec);
  const bodyHeight = inner.h - head.height - foot.height - GAP;
  // Flow the panels over cards; a table chunk is cut between rows (at least two rows a card).
  const cards: string[][] = [[]];
  let left = bodyHeight;
  // Each panel carries its planned height (data-h, pt): the browser test checks the print matches.
  const place = (html: string, h: number) => {
    cards[cards.length - 1].push(html.replace(/^<(\w+)/, `<$1 data-h="${h.toFixed(1)}"`));
    left -= h + GAP;
  };
  const newCard = () => {
    cards.push([]);
    left = bodyHeight;
  };
  let ps = panels(t, inner.w, bodyHeight, spec, group);
  const total = (list: readonly Panel[]) => list.reduce((a, p) => a + p.height + GAP, 0);
  const charts = ps.filter((p) => p.chart).reduce((a, p) => a + p.height, 0);
  if (charts > 0 && total(ps) > bodyHeight && total(ps) - charts * (1 - MIN_CHART_SCALE) <= bodyHeight) {
    // Everything fits on one card with the charts a little shorter: shrink them just enough.
    const scale = (bodyHeight - (total(ps) - charts)) / charts;
    const smaller = panels(t, inner.w, bodyHeight, spec, group, scale * 0.995);
    if (total(smaller) <= bodyHeight) ps = smaller;
  }
  for (const p of ps) {
    if (!p.rows) {
      if (p.height > left && cards[cards.length - 1].length) newCard();
      place(p.html, Math.min(p.height, bodyHeight));
      continue;
    }
    const c = p.rows;
    let from = 0;
    while (from < c.rows.length) {
      let fit = Math.floor((left - c.headHeight) / c.rowHeight);
      const rest = c.rows.length - from;
      if (fit < Math.min(2, rest)) {
        if (cards[cards.length - 1].length) {
          newCard();
          continue;
        }
        fit = Math.max(1, fit);
      }
      const to = from + Math.min(fit, rest);
      place(chunkHtml(c, from, to), c.headHeight + (to - from) * c.rowHeight);
      from = to;
    }
  }
  const parts = cards.length;
  return cards.map((body, i) => ({
    group,
    part: i + 1,
    parts,
    html: `<section class="card" data-group="${escapeHtml(group)}" data-part="${i + 1}/${parts}">${head.html(parts > 1 ? `${i + 1}/${parts}` : '')}<div class="body">${body.join('')}</div>${foot.html}</section>`,
  }));
}

/** Cards of plain text (the set's legend and provenance), flowed like a table's. */
export function textCards(title: string, sub: string, blocks: ReadonlyArray<{ text: string; cls: string }>, spec: SizeSpec, group: string): Card[] {
  const inner = { w: (spec.width - 2 * spec.pad) * PT, h: (spec.height - 2 * spec.pad) * PT };
  const head = header(title, sub, '', inner.w, spec);
  const bodyHeight = inner.h - head.height - GAP;
  const cards: string[][] = [[]];
  let left = bodyHeight;
  for (const b of blocks) {
    // A block longer than a card is cut into its lines.
    const lines = wrapText(b.text, spec.small, inner.w);
    let from = 0;
    while (from < lines.length) {
      const fit = Math.floor((left - 1) / (spec.small * LINE));
      if (fit < 1) {
        cards.push([]);
        left = bodyHeight;
        continue;
      }
      const to = Math.min(lines.length, from + fit);
      const text = lines.slice(from, to).join(' ');
      cards[cards.length - 1].push(`<p class="${b.cls}" style="font-size:${spec.small}pt">${escapeHtml(text)}</p>`);
      left -= (to - from) * spec.small * LINE + 1 + GAP;
      from = to;
    }
  }
  const parts = cards.length;
  return cards.map((body, i) => ({
    group,
    part: i + 1,
    parts,
    html: `<section class="card" data-group="${escapeHtml(group)}" data-part="${i + 1}/${parts}">${head.html(parts > 1 ? `${i + 1}/${parts}` : '')}<div class="body">${body.join('')}</div></section>`,
  }));
}

// ---------------------------------------------------------------------------------------------
// The page: cards at their size, one to a printed page, or nine to an A4 sheet with crop marks.

/** The CSS of cards of a size (fonts and sizes fixed in pt and mm, as the layout assumed). */
export function cardCss(spec: SizeSpec): string {
  const fonts = [5, 5.5, 6, 6.5, 7, 7.5].map((f) => `table.odds.f${String(f).replace('.', '_')} { font-size: ${f}pt; } table.odds.f${String(f).replace('.', '_')} td { height: ${(f * 1.42).toFixed(2)}pt; }`).join('\n');
  return `
.card { width: ${spec.width}mm; height: ${spec.height}mm; padding: ${spec.pad}mm; box-sizing: border-box; overflow: hidden; background: #fff; color: #111;
  display: flex; flex-direction: column; font-family: ${SANS}; font-size: ${spec.font}pt; line-height: ${LINE}; position: relative; }
.card header { flex: none; }
.card .sys { margin: 0; font-size: ${spec.small}pt; line-height: ${LINE}; color: #555; white-space: nowrap; overflow: hidden; }
.card h2 { margin: 0; font-size: ${spec.title}pt; line-height: 1.18; font-weight: 700; border: 0; padding: 0; }
.card .selection { margin: 0; font-size: ${spec.small}pt; line-height: ${LINE}; }
.card .body { flex: 1 1 auto; min-height: 0; padding-top: ${GAP}pt; display: flex; flex-direction: column; gap: ${GAP}pt; }
.card figure.chart { margin: 0; line-height: 0; }
.card figure.chart svg { display: block; }
.card footer { flex: none; margin-top: auto; padding-top: 2pt; }
.card footer p { margin: 0; font-size: ${spec.small}pt; line-height: ${LINE}; overflow-wrap: anywhere; }
.card footer p.cmd { font-family: ${MONO}; color: #333; }
.card p.desc, .card p.note { margin: 0; line-height: ${LINE}; color: #333; }
.card p.about { margin: 0; line-height: ${LINE}; }
.card table.odds { border-collapse: collapse; table-layout: fixed; margin: 0; font-variant-numeric: tabular-nums; line-height: 1.18; }
.card table.odds th, .card table.odds td { padding: 0 0.8pt; border: 0; border-bottom: 0.3pt solid #c8c8c8; text-align: right; vertical-align: middle; white-space: nowrap; overflow: hidden; }
.card table.odds th { font-weight: 700; background: #efefef; white-space: normal; overflow-wrap: anywhere; vertical-align: bottom; padding-bottom: 0.75pt; }
.card table.odds th.group { text-align: center; font-weight: 400; }
.card table.odds .l { text-align: left; }
.card table.odds td.ov { background: #e8f0fb; }
.card table.odds tr.sel td, .card table.odds td.sel { background: #d4d4d4; box-shadow: inset 0 0.6pt 0 #000, inset 0 -0.6pt 0 #000; }
${fonts}
@media print { .card table.odds td.ov { background: none; } }
`;
}

/** The sheet of cards: on screen a row of cards; printed one card a page, or nine to an A4 sheet. */
export function cardsPage(title: string, cards: readonly Card[], spec: SizeSpec): string {
  const page = spec.sheet ? `${spec.sheet.page} portrait` : `${spec.width}mm ${spec.height}mm`;
  let body: string;
  if (spec.sheet) {
    const { width, height, cols, rows } = spec.sheet;
    const per = cols * rows;
    const x0 = (width - cols * spec.width) / 2;
    const y0 = (height - rows * spec.height) / 2;
    const sheets: string[] = [];
    for (let s = 0; s * per < cards.length; s++) {
      const on = cards.slice(s * per, (s + 1) * per);
      const placed = on.map((c, i) => `<div class="slot" style="left:${(x0 + (i % cols) * spec.width).toFixed(2)}mm;top:${(y0 + Math.floor(i / cols) * spec.height).toFixed(2)}mm">${c.html}</div>`);
      sheets.push(`<div class="sheet">${cropMarks(spec, x0, y0)}${placed.join('')}</div>`);
    }
    body = sheets.join('\n');
  } else body = `<div class="deck">${cards.map((c) => c.html).join('\n')}</div>`;
  const css = `
@page { size: ${page}; margin: 0; }
html, body { margin: 0; padding: 0; }
body { background: #9a9a9a; font-family: ${SANS}; }
.deck { display: flex; flex-wrap: wrap; gap: 6mm; padding: 6mm; }
.deck .card { box-shadow: 0 0.5mm 2mm rgba(0,0,0,0.35); border-radius: 3mm; }
.sheet { position: relative; width: ${spec.sheet?.width ?? 0}mm; height: ${spec.sheet?.height ?? 0}mm; background: #fff; margin: 6mm auto; overflow: hidden; }
.sheet .slot { position: absolute; width: ${spec.width}mm; height: ${spec.height}mm; }
.sheet svg.crop { position: absolute; left: 0; top: 0; }
@media print {
  body { background: none; }
  .deck { display: block; padding: 0; }
  .deck .card { box-shadow: none; border-radius: 0; break-after: page; }
  .deck .card:last-child { break-after: auto; }
  .sheet { margin: 0; break-after: page; }
  .sheet:last-child { break-after: auto; }
}
${cardCss(spec)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>
<body data-all-rendered="true" data-size="${spec.name}" data-cards="${cards.length}">
${body}
</body>
</html>
`;
}

/** Crop marks at every cut line of the grid, in the margin around it (hairlines, 5 mm long). */
function cropMarks(spec: SizeSpec, x0: number, y0: number): string {
  const { width, height, cols, rows } = spec.sheet!;
  const len = 5;
  const off = 1.5;
  const lines: string[] = [];
  const x1 = x0 + cols * spec.width;
  const y1 = y0 + rows * spec.height;
  for (let c = 0; c <= cols; c++) {
    const x = x0 + c * spec.width;
    lines.push(`M${x},${y0 - off - len} V${y0 - off}`, `M${x},${y1 + off} V${y1 + off + len}`);
  }
  for (let r = 0; r <= rows; r++) {
    const y = y0 + r * spec.height;
    lines.push(`M${x0 - off - len},${y} H${x0 - off}`, `M${x1 + off},${y} H${x1 + off + len}`);
  }
  return `<svg class="crop" xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${height}mm" viewBox="0 0 ${width} ${height}"><path d="${lines.join(' ')}" stroke="#000" stroke-width="0.1" fill="none"/></svg>`;
}

