/**
 * The sentence a report opens with: the answer to its question with the interval and the
 * sample, then how much of the rules data behind it is placeholder. The same sentences go to
 * the terminal summary, so the page and the command line say the same thing.
 */
import type { ProvenanceEntry } from '../core/tables/provenance.ts';
import { percentDecimals } from '../report/format.ts';

export interface RateLike {
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
}

/** "68.0% (67.1–68.9)", digits following the interval. */
export function rateWords(r: RateLike): string {
  const d = Math.max(1, percentDecimals(r.lo, r.hi));
  return `${(r.p * 100).toFixed(d)}% (${(r.lo * 100).toFixed(d)}–${(r.hi * 100).toFixed(d)})`;
}

export function gamesWords(n: number): string {
  return `${n.toLocaleString('en-US')} game${n === 1 ? '' : 's'}`;
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

/**
 * Who wins a run: the side with the highest rate, and whether its interval clears the others'.
 * outcomes = one rate per side, then the draw rate.
 */
export function runVerdict(sides: readonly string[], outcomes: readonly RateLike[], games: number): string {
  const sideRates = outcomes.slice(0, sides.length);
  const draw = outcomes[sides.length];
  let best = 0;
  for (let i = 1; i < sideRates.length; i++) if (sideRates[i].p > sideRates[best].p) best = i;
  const clear = sideRates.every((r, i) => i === best || r.hi < sideRates[best].lo);
  const drawText = draw && draw.p >= 0.005 ? `, ${rateWords(draw)} end drawn` : '';
  if (!clear) {
    return `No side is clearly ahead over ${gamesWords(games)}: ${sides.map((s, i) => `${s} wins ${rateWords(sideRates[i])}`).join(', ')}${drawText} (95% intervals overlap).`;
  }
  const others = sides.map((s, i) => (i === best ? '' : `${s} ${rateWords(sideRates[i])}`)).filter(Boolean);
  return `${sides[best]} wins ${rateWords(sideRates[best])} of ${gamesWords(games)}${others.length ? ` (${others.join(', ')})` : ''}${drawText}.`;
}

export interface ProvenanceShare {
  readonly total: number;
  readonly placeholders: number;
  /** The rules-data branch holding most placeholders, e.g. "tanks", with its count. */
  readonly chiefly?: { readonly branch: string; readonly count: number };
}

export function provenanceShare(entries: readonly ProvenanceEntry[]): ProvenanceShare {
  const ph = entries.filter((e) => e.provenance.kind === 'placeholder' && typeof e.value === 'number');
  const numeric = entries.filter((e) => typeof e.value === 'number');
  const branches = new Map<string, number>();
  for (const e of ph) {
    const branch = e.path.split('.')[0];
    branches.set(branch, (branches.get(branch) ?? 0) + 1);
  }
  const top = [...branches.entries()].sort((a, b) => b[1] - a[1])[0];
  return { total: numeric.length, placeholders: ph.length, chiefly: top ? { branch: top[0], count: top[1] } : undefined };
}

export interface InfluentialValue {
  readonly path: string;
  readonly label: string;
  /** Largest change of the verdict's rate for one step, in points. */
  readonly effect: number;
}

/**
 * The placeholder caveat: how many numeric rules values in play are placeholders, chiefly
 * where, and (when a sensitivity screen was run) which of them move the answer most.
 */
export function placeholderCaveat(entries: readonly ProvenanceEntry[], influential: readonly InfluentialValue[] = []): string | null {
  const share = provenanceShare(entries);
  if (share.placeholders === 0) return null;
  const chiefly = share.chiefly && share.chiefly.count < share.placeholders ? `, chiefly ${words(share.chiefly.branch)} (${share.chiefly.count})` : share.chiefly ? ` (all under ${words(share.chiefly.branch)})` : '';
  const base = `The rules values behind this are ${share.placeholders} placeholders out of ${share.total} numeric values in play${chiefly}: read the result as a property of those values, not of the published game.`;
  if (!influential.length) return `${base} See Provenance; salvo sensitivity shows which of them the answer depends on.`;
  return `${base} The answer moves most with ${influential
    .slice(0, 3)
    .map((v) => `${v.label} (±${(v.effect * 100).toFixed(1)} points per step)`)
    .join(', ')}.`;
}
