/**
 * Text measured without a browser, for laying out cards and charts before they are printed: the
 * advance widths of DejaVu Sans (measured in Chromium, em/1000), an upper bound for the fonts the
 * cards ask for (DejaVu Sans Condensed, Arial Narrow, Liberation Sans Narrow, Arial, Helvetica are
 * all narrower), so a label laid out to fit does fit. The browser test measures the real boxes.
 * Also the number formats of cards (short enough for a chart label).
 */
import type { OddsColumn } from '../core/odds.ts';
import { formatNumber, formatPercent, OVERRIDE_MARK, PLACEHOLDER_MARK, type ResolvedCell } from './compute.ts';

/** The font stacks of cards and charts (widths below are an upper bound for each). */
export const SANS = `"DejaVu Sans Condensed", "Arial Narrow", "Liberation Sans Narrow", "DejaVu Sans", Arial, Helvetica, sans-serif`;
export const MONO = `"DejaVu Sans Mono", Menlo, Consolas, "Liberation Mono", monospace`;

// DejaVu Sans advance widths in 1/1000 em, printable ASCII 32..126 in order.
const ASCII = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
  1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
  500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
];
const OTHER: Readonly<Record<string, number>> = { '†': 500, '‡': 500, '≥': 838, '≤': 838, '−': 838, '·': 318, '×': 838, '½': 969, '◀': 769, '▲': 769, '–': 500, '—': 1000, '…': 1000, '’': 318, '“': 518, '”': 518, '°': 500, 'µ': 636 };

/** Width in points of `text` set in the cards' sans font at `size` points. */
export function textWidth(text: string, size: number): number {
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    w += c >= 32 && c < 127 ? ASCII[c - 32] : (OTHER[ch] ?? 1000);
  }
  return (w * size) / 1000;
}

/** Width in points of `text` in the monospace font (0.602 em a character: DejaVu Sans Mono, Menlo). */
export function monoWidth(text: string, size: number): number {
  return [...text].length * 0.602 * size;
}

/** The text cut to fit `width` points, ending in '…' when cut. */
export function fitText(text: string, size: number, width: number): string {
  if (textWidth(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length && textWidth(chars.join('') + '…', size) > width) chars.pop();
  return chars.length ? chars.join('') + '…' : '';
}

/** Lines of `text` wrapped at spaces to `width` points (a word longer than a line is cut at characters). */
export function wrapText(text: string, size: number, width: number, measure: (t: string, s: number) => number = textWidth): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (measure(line, size) > width) {
      const chars = [...line];
      let k = chars.length;
      while (k > 1 && measure(chars.slice(0, k).join(''), size) > width) k--;
      lines.push(chars.slice(0, k).join(''));
      line = chars.slice(k).join('');
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** A probability in at most two significant digits ('42%', '4.2%', '0.5%', '<0.01%'). */
export function shortPercent(p: number): string {
  if (p === 0) return '0%';
  if (p === 1) return '100%';
  const pct = p * 100;
  if (pct >= 99.5 && pct < 100) return '>99%';
  if (pct >= 9.95) return `${Math.round(pct)}%`;
  if (pct >= 0.995) return `${pct.toFixed(1)}%`;
  if (pct >= 0.0095) return `${Number(pct.toPrecision(1))}%`;
  return '<0.01%';
}

/** A mean in at most three significant digits. */
export function shortNumber(x: number): string {
  if (Number.isInteger(x)) return String(x);
  const a = Math.abs(x);
  return a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : x.toFixed(2);
}

function marks(c: ResolvedCell): string {
  return (c.placeholder ? PLACEHOLDER_MARK : '') + (c.override ? OVERRIDE_MARK : '');
}

/** The label of a cell on a chart, longest first: the table's text, then two digits. */
export function labelForms(c: ResolvedCell, kind: OddsColumn['kind']): string[] {
  const long = (kind === 'expectation' ? formatNumber(c.decimal) : formatPercent(c.decimal)) + marks(c);
  const short = (kind === 'expectation' ? shortNumber(c.decimal) : shortPercent(c.decimal)) + marks(c);
  return long === short ? [long] : [long, short];
}
