/** CSV files beside the HTML (csv-stringify: quoting and escaping done right). */
import { stringify } from 'csv-stringify/sync';

export function toCsv(rows: ReadonlyArray<Record<string, unknown>>, columns?: readonly string[]): string {
  const cols = columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return stringify(
    rows.map((r) => cols.map((c) => formatCell(r[c]))),
    { header: true, columns: cols as string[] },
  );
}

function formatCell(v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) ? v : '';
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return v;
}
