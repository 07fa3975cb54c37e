/** CSV files beside the HTML (csv-stringify: quoting and escaping done right). */
import { stringify } from 'csv-stringify/sync';

export function toCsv(rows: ReadonlyArray<Record<string, unknown>>, columns?: readonly string[]): string {
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return stringify([cols.map(neutralise), ...rows.map((r) => cols.map((c) => formatCell(r[c])))]);
}

function formatCell(v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) ? v : '';
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return neutralise(JSON.stringify(v));
  if (typeof v === 'string') return neutralise(v);
  return v;
}

/**
 * OWASP CSV injection: a text cell beginning with =, +, -, @, tab or carriage return would be run
 * as a formula by a spreadsheet, so it is prefixed with a single quote (numbers stay numbers).
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
