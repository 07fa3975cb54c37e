/**
 * "Shape of a game" from the integer shape summary (src/run/summary.ts ShapeSummary): how often
 * the lead changed hands, how often the winner came back from behind, from which turn the winner
 * led for good, and how the side that acted first fared. Plain JSON-able numbers plus the
 * sentences a report and the terminal print.
 */
import type { ShapeSummary } from '../run/summary.ts';
import { histEntries, histStats, type HistStats } from './histogram.ts';
import { wilson } from './intervals.ts';
import { sideWords } from '../report/text.ts';

export interface ShapeRate {
  k: number;
  n: number;
  p: number;
  lo: number;
  hi: number;
}

export interface ShapeAnalysis {
  /** What the lead counts, e.g. 'points of enemy tanks destroyed'. */
  unit: string;
  /** Turn unit of the system, e.g. 'player turns'. */
  turnUnit: string;
  margin: number;
  /** Games with a lead sample / games won by a side. */
  games: number;
  decided: number;
  leadChanges: HistStats;
  leadChangesHistogram: Array<{ changes: number; count: number; share: number }>;
  /** Games in which the side ahead never changed. */
  neverChanged: ShapeRate;
  /** Decided games whose winner trailed by at least the margin. */
  comebacks: ShapeRate;
  /** Share of decided games whose winner came back from at least each deficit (the comeback rate at any margin). */
  comebackCurve: Array<{ deficit: number; games: number; share: number }>;
  /** Turn from which the winner led for good (decided games whose winner was ahead at the end). */
  ledFrom: HistStats;
  ledFromHistogram: Array<{ turn: number; count: number; share: number }>;
  /** Decided games whose winner was not ahead on the measure at the end. */
  notAhead: ShapeRate;
  /** The side that acted first: won / drew, with Wilson intervals; who it was. */
  firstMover: { games: number; won: ShapeRate; drawn: ShapeRate; bySide: Array<{ side: string; games: number }> };
}

function shapeRate(k: number, n: number): ShapeRate {
  const [lo, hi] = wilson(k, n);
  return { k, n, p: n > 0 ? k / n : NaN, lo, hi };
}

export function analyzeShape(s: ShapeSummary, sides: readonly string[], unit: string, turnUnit: string): ShapeAnalysis {
  const fmGames = s.firstMover[0] + s.firstMover[1] + s.firstMover[2];
  const ledCount = s.decided - s.notAhead;
  return {
    unit,
    turnUnit,
    margin: s.margin,
    games: s.games,
    decided: s.decided,
    leadChanges: histStats(s.changes),
    leadChangesHistogram: histEntries(s.changes).map(([changes, count]) => ({ changes, count, share: count / s.games })),
    neverChanged: shapeRate(s.changes[0] ?? 0, s.games),
    comebacks: shapeRate(s.comebacks, s.decided),
    comebackCurve: comebackCurve(s.deficits ?? {}, s.decided),
    ledFrom: histStats(s.ledFrom),
    ledFromHistogram: histEntries(s.ledFrom).map(([turn, count]) => ({ turn, count, share: ledCount > 0 ? count / ledCount : NaN })),
    notAhead: shapeRate(s.notAhead, s.decided),
    firstMover: { games: fmGames, won: shapeRate(s.firstMover[0], fmGames), drawn: shapeRate(s.firstMover[1], fmGames), bySide: sides.map((side, i) => ({ side, games: s.firstSide[i] ?? 0 })) },
  };
}

/** P(the winner's deepest deficit >= d) for every deficit d > 0 that occurred. */
function comebackCurve(deficits: Readonly<Record<string, number>>, decided: number): ShapeAnalysis['comebackCurve'] {
  const entries = histEntries(deficits).filter(([d]) => d > 0);
  const out: ShapeAnalysis['comebackCurve'] = [];
  let atLeast = entries.reduce((t, [, c]) => t + c, 0);
  for (const [deficit, count] of entries) {
    out.push({ deficit, games: atLeast, share: decided > 0 ? atLeast / decided : NaN });
    atLeast -= count;
  }
  return out;
}

function pctRange(r: ShapeRate): string {
  const d = (r.hi - r.lo) / 2 < 0.01 ? 1 : 0;
  return `${(r.p * 100).toFixed(d)}% (${(r.lo * 100).toFixed(d)}–${(r.hi * 100).toFixed(d)})`;
}

export function amount(x: number, unit: string): string {
  const n = Number.isInteger(x) ? String(x) : x.toFixed(1);
  // "1 wounds" reads badly: a singular for one.
  return `${n} ${x === 1 ? unit.replace(/\b(\w+?)s\b/, '$1') : unit}`;
}

/** The section's sentences, in player words. */
export function shapeSentences(a: ShapeAnalysis): string[] {
  const out: string[] = [];
  const turn = a.turnUnit.replace(/s$/, '');
  out.push(
    `The lead (${a.unit}, sampled at the end of every ${turn}) changed hands ${a.leadChanges.mean.toFixed(2)} times per game on average; in ${pctRange(a.neverChanged)} of games it never did.`,
  );
  if (a.decided > 0) {
    out.push(`The winner came back from ${amount(a.margin, a.unit)} or more behind in ${pctRange(a.comebacks)} of the ${a.decided.toLocaleString('en-US')} decided games.`);
    if (a.ledFrom.n === 0) out.push(`No winner was ahead on ${a.unit} at the end: the games were won some other way.`);
    else {
      const notAhead = a.notAhead.k > 0 ? `; ${pctRange(a.notAhead)} of winners were not ahead on ${a.unit} at the end` : '';
      const t = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
      out.push(`The winner led for good from ${turn} ${t(a.ledFrom.median)} (median; ${t(a.ledFrom.p10)} to ${t(a.ledFrom.p90)} in the middle 80% of games)${notAhead}.`);
    }
  }
  const fm = a.firstMover;
  if (fm.games > 0) {
    const only = fm.bySide.find((b) => b.games === fm.games);
    const who = only ? ` (${sideWords(only.side)} always acted first, so this is also ${sideWords(only.side)}'s win rate)` : ` (${fm.bySide.map((b) => `${sideWords(b.side)} first in ${((b.games / fm.games) * 100).toFixed(0)}%`).join(', ')})`;
    const drawn = fm.drawn.k > 0 ? `, drew ${pctRange(fm.drawn)}` : '';
    out.push(`The side that acted first won ${pctRange(fm.won)}${drawn}${who}.`);
  }
  return out;
}
