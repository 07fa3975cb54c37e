/** Number formatting that never shows more precision than the interval supports. */
import type { Rate } from '../analysis/intervals.ts';
import { percentDecimals } from './text.ts';

export { percentDecimals };

export function pct(x: number, decimals = 1): string {
  return Number.isFinite(x) ? `${(x * 100).toFixed(decimals)}%` : '–';
}

/** "54.3% (53.3–55.3)" */
export function rateText(r: Pick<Rate, 'p' | 'lo' | 'hi'>): string {
  const d = percentDecimals(r.lo, r.hi);
  return `${pct(r.p, d)} <span class="muted">(${(r.lo * 100).toFixed(d)}–${(r.hi * 100).toFixed(d)})</span>`;
}

export function num(x: number, digits = 2): string {
  if (!Number.isFinite(x)) return '–';
  if (Number.isInteger(x)) return x.toLocaleString('en-US');
  return x.toFixed(digits);
}

export function signedPct(x: number, decimals = 1): string {
  return Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${(x * 100).toFixed(decimals)}` : '–';
}

export function pValueText(p: number): string {
  if (!Number.isFinite(p)) return '–';
  if (p < 0.0001) return '< 0.0001';
  return p.toPrecision(2);
}
