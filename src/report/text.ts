/**
 * Words for people, shared by the analysis, the answers, the reports and the terminal: a leaf
 * module (it imports nothing), so every layer may use it.
 */

export interface RateLike {
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
}

/** Decimals of a percentage so that the last digit is meaningful given the interval. */
export function percentDecimals(lo: number, hi: number): number {
  const halfPoints = ((hi - lo) / 2) * 100;
  if (!Number.isFinite(halfPoints)) return 0;
  if (halfPoints < 0.1) return 2;
  if (halfPoints < 1) return 1;
  return 0;
}

/** "68.0% (67.1–68.9)", digits following the interval. */
export function rateWords(r: RateLike): string {
  const d = Math.max(1, percentDecimals(r.lo, r.hi));
  return `${(r.p * 100).toFixed(d)}% (${(r.lo * 100).toFixed(d)}–${(r.hi * 100).toFixed(d)})`;
}

export function gamesWords(n: number): string {
  return `${n.toLocaleString('en-US')} game${n === 1 ? '' : 's'}`;
}

/** A side's name as shown everywhere (reports, verdicts, the terminal): capitalised ('mercenary' → 'Mercenary'; 'UNA', 'Team A' stay). */
export function sideName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A side as a player says it in a sentence: 'Team A' stays, a bare letter 'A' becomes 'side A'. */
export function sideWords(name: string): string {
  return name.length <= 2 ? `side ${name}` : sideName(name);
}

/** "camelCaseName" / "snake_name" → "camel case name". */
export function words(id: string): string {
  return id
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** A word of a shell command as it must be typed: quoted only when needed. */
export function shellWord(a: string): string {
  return /^[\w@%+=:,./*-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
}
