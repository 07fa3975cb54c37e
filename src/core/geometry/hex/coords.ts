/**
 * Hex coordinates for flat-topped hex maps (spec panzervor §3.1; reusable by every hex system).
 *
 *  - Offset ids: 'CCRR' (column, row; columns west->east, rows north->south). Alternate columns
 *    sit half a hex lower; the map declares which: `even-lower` (even-numbered columns lower) or
 *    `odd-lower`.
 *  - Axial (q, r), cube s = -q - r: q = col; r = row - ceil(col/2) (even-lower) or
 *    r = row - floor(col/2) (odd-lower).
 *  - Packed axial keys for hash maps in hot loops: ((q + 2^15) << 16) | (r + 2^15).
 */
export type Parity = 'even-lower' | 'odd-lower';

export const PARITIES: readonly Parity[] = ['even-lower', 'odd-lower'];

/** Axial r of an offset (col, row). */
export function offsetToR(col: number, row: number, parity: Parity): number {
  return row - (parity === 'even-lower' ? Math.ceil(col / 2) : Math.floor(col / 2));
}

/** Offset row of an axial (q, r); the column is q. */
export function axialToRow(q: number, r: number, parity: Parity): number {
  return r + (parity === 'even-lower' ? Math.ceil(q / 2) : Math.floor(q / 2));
}

export interface Offset {
  readonly col: number;
  readonly row: number;
}

/**
 * Parses a hex id: 4 digits 'CCRR' (also 3 digits, read as 'CRR', e.g. the seed's "806" = 0806;
 * longer even-length ids split in half, e.g. 'CCCRRR'). Throws with the expected format.
 */
export function parseHexId(id: string): Offset {
  const s = String(id).trim();
  if (!/^\d{3,}$/.test(s)) throw new Error(`hex id '${id}' must be digits 'CCRR' (e.g. '0806')`);
  const t = s.length % 2 === 1 ? '0' + s : s;
  const h = t.length / 2;
  return { col: Number(t.slice(0, h)), row: Number(t.slice(h)) };
}

/** Formats (col, row) as 'CCRR' (wider when a number needs more than two digits). */
export function formatHexId(col: number, row: number): string {
  const w = Math.max(2, String(col).length, String(row).length);
  return String(col).padStart(w, '0') + String(row).padStart(w, '0');
}

const KEY_OFF = 32768;

/** Packs axial (q, r) (each in [-32768, 32767]) into one non-negative int. */
export function packAxial(q: number, r: number): number {
  return (((q + KEY_OFF) << 16) | (r + KEY_OFF)) >>> 0;
}

export function unpackQ(key: number): number {
  return (key >>> 16) - KEY_OFF;
}

export function unpackR(key: number): number {
  return (key & 0xffff) - KEY_OFF;
}

/** Hex distance between axial coordinates. */
export function axialDistance(aq: number, ar: number, bq: number, br: number): number {
  const dq = aq - bq;
  const dr = ar - br;
  const ds = dq + dr;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(ds)) >> 1;
}
