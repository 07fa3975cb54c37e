/**
 * The sentence a report opens with: the answer to its question with the interval and the
 * sample, then how much of the rules data behind it is placeholder. The same sentences go to
 * the terminal summary, so the page and the command line say the same thing.
 */
import type { ProvenanceEntry } from '../core/tables/provenance.ts';
import { gamesWords, rateWords, sideWords, words, type RateLike } from '../report/text.ts';

/**
 * Who wins a run: the side with the highest rate, and whether its interval clears the others'.
 * outcomes = one rate per side, then the draw rate. The sentence is in the past tense ("Therians
 * won 91.5% ... of 200 games"): it reports the games played, and needs no agreement with a side's
 * name, which may be plural ("Therians", "Germans") or not ("Saunders").
 */
export function runVerdict(rawSides: readonly string[], outcomes: readonly RateLike[], games: number): string {
  const sides = rawSides.map(sideWords);
  const sideRates = outcomes.slice(0, sides.length);
  const draw = outcomes[sides.length];
  let best = 0;
  for (let i = 1; i < sideRates.length; i++) if (sideRates[i].p > sideRates[best].p) best = i;
  const clear = sideRates.every((r, i) => i === best || r.hi < sideRates[best].lo);
  const drawText = draw && draw.p >= 0.005 ? `, ${rateWords(draw)} end drawn` : '';
  if (!clear) {
    return `No side is clearly ahead over ${gamesWords(games)}: ${sides.map((s, i) => `${s} won ${rateWords(sideRates[i])}`).join(', ')}${drawText} (95% intervals overlap).`;
  }
  const others = sides.map((s, i) => (i === best ? '' : `${s} ${rateWords(sideRates[i])}`)).filter(Boolean);
  const head = sides[best].charAt(0).toUpperCase() + sides[best].slice(1);
  return `${head} won ${rateWords(sideRates[best])} of ${gamesWords(games)}${others.length ? ` (${others.join(', ')})` : ''}${drawText}.`;
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

/** The shape of the analysis the experiment verdict reads (kept structural to avoid an import cycle). */
export interface VerdictVariant {
  readonly name: string;
  readonly label: string;
  readonly games: number;
  readonly sides: readonly string[];
  readonly outcomes: readonly RateLike[];
  readonly comparisons?: ReadonlyArray<{ measure: string; diff: number; lo: number; hi: number; reference: number; version: number }>;
  /** What the variant changes from the base scenario, in words (named beside it in the verdict). */
  readonly changes?: string;
}

export interface VerdictRatings {
  readonly row: string;
  readonly facet?: string;
  readonly fits: ReadonlyArray<{ facetValue: string; games: number; ratings: ReadonlyArray<{ item: string; score: number; lo: number; hi: number }>; cycle: readonly string[] | null }>;
}

/** The comparison measure a `compare:` entry names: '<side> wins', 'draws', or the metric's own name. */
export function compareMeasure(entry: string, sides: readonly string[]): string {
  return entry === 'draws' ? 'draws' : sides.includes(entry) ? `${entry} wins` : entry;
}

const amountText = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));
const signedAmount = (x: number) => `${x >= 0 ? '+' : '−'}${amountText(Math.abs(x))}`;
const signedPoints = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;

/** One or two sentences answering an experiment: ratings for a round robin, else the paired changes. */
export function experimentVerdict(variants: readonly VerdictVariant[], baseline: string | null, ratings?: VerdictRatings, compare?: readonly string[]): string[] {
  if (ratings) {
    return ratings.fits.map((f) => {
      const top = f.ratings[0];
      const second = f.ratings[1];
      const clear = second ? top.lo > second.hi : true;
      const where = ratings.facet ? ` (${words(ratings.facet)} ${f.facetValue})` : '';
      const order = f.ratings.map((r) => r.item).join(' > ');
      const head = clear
        ? `Best ${words(ratings.row)}${where}: ${top.item}, expected score ${rateWords({ p: top.score, lo: top.lo, hi: top.hi })} against an average opponent`
        : `No clear best ${words(ratings.row)}${where}: ${top.item} ${rateWords({ p: top.score, lo: top.lo, hi: top.hi })} and ${second.item} ${rateWords({ p: second.score, lo: second.lo, hi: second.hi })} against an average opponent overlap`;
      return `${head}; order ${order} (Bradley–Terry ratings over ${gamesWords(f.games)}, draws as half wins)${f.cycle ? `; results are intransitive: ${f.cycle.join(' beats ')}` : ''}.`;
    });
  }
  const base = variants.find((v) => v.name === baseline);
  const compared = variants.filter((v) => v.comparisons?.length);
  if (!base || compared.length === 0) return variants.slice(0, 3).map((v) => `${variantName(v)}: ${runVerdict(v.sides, v.outcomes, v.games)}`);
  const out: string[] = [];
  // The verdict's measure: the first of `compare:` (a side's win rate, the draw rate or a declared metric), else side A's win rate.
  const first = compare?.[0] ?? base.sides[0];
  const measure = compareMeasure(first, base.sides);
  const isMetric = measure === first && first !== 'draws';
  const what = first === 'draws' ? 'the draw rate' : isMetric ? `the mean ${words(first)} per game` : `${sideWords(first)}'s win rate`;
  const winOf = (v: VerdictVariant) => v.comparisons!.find((c) => c.measure === measure);
  const measured = compared.filter((v) => winOf(v) !== undefined);
  if (measured.length === 0) return variants.slice(0, 3).map((v) => `${variantName(v)}: ${runVerdict(v.sides, v.outcomes, v.games)}`);
  const significant = measured.filter((v) => {
    const c = winOf(v)!;
    return c.lo > 0 || c.hi < 0;
  });
  const biggest = [...measured].sort((a, b) => Math.abs(winOf(b)!.diff) - Math.abs(winOf(a)!.diff))[0];
  const bc = winOf(biggest)!;
  const change = isMetric
    ? `${signedAmount(bc.diff)} ${words(first)} per game (${signedAmount(bc.lo)} to ${signedAmount(bc.hi)}), from ${amountText(bc.reference)} to ${amountText(bc.version)}`
    : `${signedPoints(bc.diff)} points (${signedPoints(bc.lo)} to ${signedPoints(bc.hi)}), to ${(bc.version * 100).toFixed(1)}%`;
  out.push(
    `Baseline (${variantName(base)}): ${runVerdict(base.sides, base.outcomes, base.games)} ${significant.length} of ${measured.length} variants change ${what} at 95% on the same games; the largest change is ${variantName(biggest)}${biggest.changes ? ` (${biggest.changes})` : ''}, ${change}.`,
  );
  const drawShift = compared.flatMap((v) => { const d = v.comparisons!.find((c) => c.measure === 'draws'); return d ? [[v, d] as const] : []; }).sort((a, b) => Math.abs(b[1].diff) - Math.abs(a[1].diff))[0];
  if (drawShift && (drawShift[1].lo > 0 || drawShift[1].hi < 0) && Math.abs(drawShift[1].diff) >= 0.01) {
    out.push(`Draws move most in ${variantName(drawShift[0])}: ${(drawShift[1].reference * 100).toFixed(1)}% to ${(drawShift[1].version * 100).toFixed(1)}% (${signedPoints(drawShift[1].diff)} points, ${signedPoints(drawShift[1].lo)} to ${signedPoints(drawShift[1].hi)}).`);
  }
  return out;
}

/** A variant's name for people: its label, or a grid name 'firepower=8,teamA=brawler' as "firepower 8, team A brawler". */
export function variantName(v: { readonly name: string; readonly label?: string }): string {
  const label = v.label || v.name;
  if (label !== v.name || !v.name.includes('=')) return label;
  return v.name
    .split(',')
    .map((kv) => {
      const [k, x] = kv.split('=');
      return `${words(k)} ${x ?? ''}`.trim();
    })
    .join(', ');
}
