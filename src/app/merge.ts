/**
 * Merging partial results of a plan (shards, queue batches): every batch exactly once, checked
 * against the plan's identity and versions. An identical duplicate (a retried shard) is ignored; a
 * differing one is an error; missing batches are listed. Memory is bounded by the plan (one set of
 * summaries per stopping round), never by the number of games.
 */
import { evenTest } from '../analysis/equivalence.ts';
import { readFileSync } from 'node:fs';
import { wilson } from '../analysis/intervals.ts';
import { variantGames, type BatchRef } from '../run/plan.ts';
import type { PlanResult } from '../run/pool.ts';
import { emptyTotals, mergeInto, type Totals } from '../run/summary.ts';
import { InputError } from '../scenario/errors.ts';
import { canonicalJson, sha256 } from '../core/canonical.ts';
import { planBatchesOf, planStopping, playedPlan, playedVariantCount } from './sequential.ts';
import { batchesText, legacyLayoutOf, planLayoutOf } from './played-plan.ts';
import type { SprtResult } from '../answers/sprt.ts';
import type { PlanFile } from './plan-file.ts';
import type { PartialFile, Segment } from './shard.ts';

export interface MergeState {
  readonly pf: PlanFile;
  readonly batches: readonly BatchRef[];
  /** The plan's cut into batches (planLayoutOf): a partial cut another way cannot be merged. */
  readonly layout: string;
  /** Totals per stopping round. */
  readonly rounds: Map<number, Totals>;
  /** Batch start → hash of the segment that brought it. */
  readonly seen: Map<number, string>;
  files: number;
  duplicates: number;
  workers: number;
  elapsedMs: number;
}

export function newMergeState(pf: PlanFile): MergeState {
  return { pf, batches: planBatchesOf(pf), layout: planLayoutOf(pf), rounds: new Map(), seen: new Map(), files: 0, duplicates: 0, workers: 0, elapsedMs: 0 };
}

function bad(file: string, path: string, message: string): never {
  throw new InputError(file, [{ path, message }]);
}

export function readPartial(file: string): PartialFile {
  let p: PartialFile;
  try {
    p = JSON.parse(readFileSync(file, 'utf8')) as PartialFile;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    bad(file, '', code === 'ENOENT' ? 'file not found' : code ? `cannot read the file (${code})` : 'not a JSON partial result (truncated or corrupt?)');
  }
  if (p?.format !== 'salvo-partial' || p.formatVersion !== 1 || !Array.isArray(p.segments)) bad(file, 'format', 'expected a salvo partial result (salvo run --plan ... --shard i/n)');
  return p;
}

/** Adds one partial file's segments; throws an InputError for a partial of another plan or a conflicting duplicate. */
export function addPartial(st: MergeState, file: string, p: PartialFile): void {
  if (p.plan !== st.pf.id) bad(file, 'plan', `belongs to plan ${String(p.plan).slice(0, 12)}…, not to this plan ${st.pf.id.slice(0, 12)}…`);
  if (canonicalJson(p.versions) !== canonicalJson(st.pf.versions)) bad(file, 'versions', `made by salvo ${p.versions?.salvo} (streams ${p.versions?.streams}), the plan says salvo ${st.pf.versions.salvo} (streams ${st.pf.versions.streams})`);
  // Batch starts mean nothing under another cut (a salvo before 28 Nov 2026 wrote no layout, and did not cut a skill check's games finer).
  if ((p.layout ?? legacyLayoutOf(st.pf)) !== st.layout) {
    const again = p.shard && Number.isInteger(p.shard.index) ? ` (--shard ${p.shard.index}/${p.shard.count})` : '';
    bad(file, 'layout', `its batches were cut another way than this salvo cuts the plan (a partial from an older salvo): play this shard again with this salvo${again}`);
  }
  st.files++;
  const before = st.seen.size;
  p.segments.forEach((seg, i) => addSegment(st, file, `segments.${i}`, seg));
  if (st.seen.size > before) {
    // Only partials that brought batches count (a retried shard's duplicate does not).
    st.workers += Number(p.workers) || 0;
    st.elapsedMs = Math.max(st.elapsedMs, Number(p.elapsedMs) || 0);
  }
}

export function addSegment(st: MergeState, file: string, where: string, seg: Segment): void {
  const byStart = new Map(st.batches.filter((b) => b.round === seg.round).map((b) => [b.start, b]));
  let games = 0;
  const played = playedPlan(st.pf).variants;
  const perVariant = played.map(() => 0);
  for (const start of seg.batches) {
    const b = byStart.get(start);
    if (!b) bad(file, `${where}.batches`, `game ${start} does not start a batch of round ${seg.round} of this plan`);
    games += b.count;
    played.forEach((pv, i) => (perVariant[i] += variantGames(pv, b.start, b.count)));
  }
  const v = played.length;
  if (!Array.isArray(seg.summaries) || seg.summaries.length !== v || seg.summaries.some((s, i) => s?.games !== perVariant[i]) || !Array.isArray(seg.pairs) || seg.pairs.length !== v) {
    bad(file, where, `expected ${v} summaries of ${games} games each (the batches it lists${v > st.pf.plan.variants.length && perVariant.some((n) => n !== games) ? '; a skill check only its first games' : ''})`);
  }
  const hash = sha256(canonicalJson(seg));
  const seen = seg.batches.filter((s) => st.seen.has(s));
  if (seen.length > 0) {
    if (seen.length === seg.batches.length && seg.batches.every((s) => st.seen.get(s) === hash)) {
      st.duplicates++;
      return; // the same batches with the same results: a retried shard
    }
    bad(file, where, `batches ${seen.slice(0, 5).join(', ')}${seen.length > 5 ? '…' : ''} were already merged from another partial with different results (or cut differently): merge only one of them`);
  }
  for (const s of seg.batches) st.seen.set(s, hash);
  const t = st.rounds.get(seg.round) ?? emptyTotals(v);
  st.rounds.set(seg.round, mergeInto(t, seg));
}

export interface MergeOutcome {
  /** Every batch the plan needs is merged (up to the stopping point). */
  readonly complete: boolean;
  readonly missing: readonly BatchRef[];
  /** Merged totals: of the rounds up to the stopping point when complete, else of everything merged (provisional). */
  readonly totals: Totals;
  readonly games: number;
  readonly stoppedEarly: boolean;
  readonly mergedBatches: number;
  readonly neededBatches: number;
  /** Rounds 0..checkedRounds-1 are complete and the stopping rule was checked after each (sequential plans). */
  readonly checkedRounds: number;
  /** The first round with batches missing (the one to run next), or undefined. */
  readonly nextRound?: number;
  /** The GSPRT's decisions and traces over the checked rounds (`--sprt` plans). */
  readonly sprt?: SprtResult;
}

/**
 * Combines the rounds in order, checking the plan's stopping rule after each complete round,
 * exactly as a run on one machine does; the rounds after the stopping point are not needed (and
 * are left out if a shard played them anyway).
 */
export function combine(st: MergeState): MergeOutcome {
  const stopping = planStopping(st.pf);
  const stop = stopping.rule;
  const played = playedVariantCount(st.pf);
  const totals = emptyTotals(played);
  const roundCount = (st.batches.at(-1)?.round ?? -1) + 1;
  const missing: BatchRef[] = [];
  let needed = 0;
  let stoppedEarly = false;
  let checkedRounds = 0;
  for (let r = 0; r < roundCount; r++) {
    const inRound = st.batches.filter((b) => b.round === r);
    needed += inRound.length;
    const absent = inRound.filter((b) => !st.seen.has(b.start));
    if (absent.length) {
      missing.push(...absent);
      continue;
    }
    if (missing.length) continue;
    mergeInto(totals, st.rounds.get(r) ?? emptyTotals(0));
    checkedRounds = r + 1;
    const end = inRound.reduce((m, b) => Math.max(m, b.start + b.count), 0);
    if (stop && end < st.pf.plan.games && stop.done(totals.summaries, totals.pairs)) {
      stoppedEarly = true;
      break;
    }
  }
  const complete = missing.length === 0;
  let result = totals;
  if (!complete) {
    result = emptyTotals(played);
    for (const t of st.rounds.values()) mergeInto(result, t);
  }
  return {
    complete,
    missing,
    totals: result,
    games: result.summaries[0]?.games ?? 0,
    stoppedEarly,
    mergedBatches: st.seen.size,
    neededBatches: complete ? needed : st.batches.length,
    checkedRounds,
    ...(complete ? {} : { nextRound: missing[0].round }),
    ...(stopping.sprt ? { sprt: stopping.sprt() } : {}),
  };
}

/** The PlanResult of a complete merge (what `salvo run` would have returned). */
export function mergedResult(st: MergeState, m: MergeOutcome): PlanResult {
  return {
    plan: st.pf.plan,
    summaries: m.totals.summaries,
    pairs: m.totals.pairs,
    games: m.games,
    workers: st.workers,
    batchSize: st.pf.batchSize,
    elapsedMs: st.elapsedMs,
    stoppedEarly: m.stoppedEarly,
    interrupted: false,
    merged: new Set(st.seen.keys()),
  };
}

/** Missing batches as game ranges, e.g. "games 0-499, 1500-2999". */
export function missingRanges(missing: readonly BatchRef[], max = 12): string {
  const ranges: Array<[number, number]> = [];
  for (const b of [...missing].sort((x, y) => x.start - y.start)) {
    const last = ranges.at(-1);
    if (last && last[1] === b.start) last[1] = b.start + b.count;
    else ranges.push([b.start, b.start + b.count]);
  }
  const shown = ranges.slice(0, max).map(([a, z]) => `${a}-${z - 1}`);
  return `games ${shown.join(', ')}${ranges.length > max ? `, … (${ranges.length - max} more ranges)` : ''}`;
}

/** The stopping rule of a plan, in words. */
function ruleText(st: MergeState): string | undefined {
  const pf = st.pf;
  if (pf.sprt) return `GSPRT of every variant against the baseline, H0 ${pf.sprt.d0} / H1 ${pf.sprt.d1}, after rounds of ${pf.sprt.roundGames} games`;
  if (pf.stop) return `every side-0 win-rate 95% half-width at most ${pf.stop.halfWidth}, after rounds of ${pf.stop.roundGames} games`;
  if (pf.even) return `every variant decided even or not even (side ${'AB'[pf.even.side] ?? pf.even.side}'s score 50% ± ${(pf.even.margin * 100).toFixed(1)} points, two one-sided tests at ${pf.even.alpha}), after rounds of ${pf.even.roundGames} games`;
  return undefined;
}

/** Text of `salvo merge --status`: coverage, the stopping rule's state, what to run next, and a provisional estimate. */
export function statusText(st: MergeState, m: MergeOutcome, planPath = 'PLAN'): string {
  const pf = st.pf;
  const lines: string[] = [];
  const rounds = (st.batches.at(-1)?.round ?? -1) + 1;
  lines.push(`plan ${pf.id.slice(0, 12)}… ${pf.report.title}: ${pf.plan.variants.length} variant${pf.plan.variants.length === 1 ? '' : 's'} x ${pf.plan.games} games, ${batchesText(pf)}${rounds > 1 ? ` in ${rounds} stopping rounds` : ''}${pf.pairings?.length ? `, replayed under ${pf.pairings.length} more agent pairing${pf.pairings.length === 1 ? '' : 's'}` : ''}`);
  lines.push(`merged ${m.mergedBatches} of ${m.neededBatches} batches needed from ${st.files} partial file${st.files === 1 ? '' : 's'}${st.duplicates ? ` (${st.duplicates} identical duplicate segment${st.duplicates === 1 ? '' : 's'} ignored)` : ''}`);
  const rule = ruleText(st);
  if (rule) {
    lines.push(`stopping rule: ${rule}`);
    if (m.stoppedEarly) lines.push(`stopping rule: met after round ${m.checkedRounds - 1} (${m.checkedRounds * roundGames(st)} games); later rounds are not needed`);
    else if (m.checkedRounds > 0) lines.push(`stopping rule: not met after round ${m.checkedRounds - 1} (${Math.min(pf.plan.games, m.checkedRounds * roundGames(st))} games)`);
    else lines.push('stopping rule: not checked yet (round 0 is incomplete)');
    const bySide = (m.sprt?.sides?.length ?? 1) > 1;
    for (const v of m.sprt?.variants ?? []) lines.push(`  ${pf.plan.variants[v.variant].name}${bySide ? ` (side ${'AB'[v.side] ?? v.side})` : ''}: ${v.decision === 'undecided' ? 'undecided' : `accepts ${v.decision}`}, LLR ${v.llr.toFixed(2)} (bounds ${m.sprt!.lower.toFixed(2)}, ${m.sprt!.upper.toFixed(2)}) at ${v.games} games`);
    if (pf.even) {
      pf.plan.variants.forEach((v, i) => {
        const s = m.totals.summaries[i];
        if (!s?.games) return;
        const t = evenTest(s.wins[pf.even!.side] ?? 0, s.draws, s.games, pf.even!.margin, pf.even!.alpha);
        lines.push(`  ${v.name}: ${t.decision}, score ${(t.score * 100).toFixed(1)}% [${(t.lo * 100).toFixed(1)}, ${(t.hi * 100).toFixed(1)}] at ${s.games} games${t.gamesNeeded !== undefined ? ` (about ${Number.isFinite(t.gamesNeeded) ? t.gamesNeeded.toLocaleString('en-US') : 'unboundedly many'} games to decide)` : ''}`);
      });
    }
  }
  if (m.complete) lines.push(`complete: ${m.games} games per variant${m.stoppedEarly ? ' (the stopping rule was met)' : ''}: salvo merge ${planPath} PARTS --out DIR writes the report`);
  else if (rule && m.nextRound !== undefined) {
    const inNext = m.missing.filter((b) => b.round === m.nextRound);
    lines.push(`incomplete: round ${m.nextRound} lacks ${inNext.length} batch${inNext.length === 1 ? '' : 'es'}, ${missingRanges(inNext)}`);
    lines.push(`next: round ${m.nextRound}: salvo run --plan ${planPath} --shard i/n --round ${m.nextRound} (every i of n), then merge --status again`);
  } else lines.push(`incomplete: missing ${m.missing.length} batches, ${missingRanges(m.missing)}`);
  const side0 = (m.totals.summaries[0]?.wins.length ?? 0) > 0;
  if (side0) {
    lines.push(`${m.complete ? 'estimate' : 'provisional estimate'} (side 0 win rate, 95% interval):`);
    pf.plan.variants.slice(0, 40).forEach((v, i) => {
      const s = m.totals.summaries[i];
      if (!s) return;
      const [lo, hi] = wilson(s.wins[0] ?? 0, s.games);
      lines.push(`  ${v.name}: ${s.games ? ((100 * s.wins[0]) / s.games).toFixed(1) : '-'}% [${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}] over ${s.games} games`);
    });
  }
  return lines.join('\n') + '\n';
}

function roundGames(st: MergeState): number {
  return st.pf.sprt?.roundGames ?? st.pf.stop?.roundGames ?? st.pf.even?.roundGames ?? st.pf.plan.games;
}
