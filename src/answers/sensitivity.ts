/**
 * Sensitivity of a verdict to every numeric rules value in play: each value one step down and
 * one step up (whole values ±1, others ±10%), every version paired with the rules as they are on
 * the same games (common random numbers), ranked by the larger of the two changes of the
 * verdict's rate. Cost grows with the number of values, so it screens in two passes (group
 * screening in the spirit of fishtest's cheap-then-confirm and of Morris' elementary effects,
 * one step per factor around the design point): a first pass plays every version on few games,
 * the second replays the top candidates on many more (games 0..n−1 again, so the first pass's
 * games are a subset of the second's). Each pass is one plan whose variants are the versions,
 * played as an experiment plays its variants: compiled once per worker, every batch of game
 * indices played by every version.
 *
 * A step stays inside the value's domain: one the rules data rejects is skipped as invalid, and
 * a step that takes a count to 0 where its schema's minimum is 0 (no action card a turn, no die,
 * no card drawn) is skipped as "to zero": it removes a rule instead of varying it, and such
 * versions can stall every game until the engine's safety cap. Values whose steps changed no
 * game's outcome are reported together, as unchanged.
 */
import type { ProvenanceEntry, ProvenanceKind } from '../core/tables/provenance.ts';
import { InputError } from '../scenario/errors.ts';
import { numberDomainAt } from '../scenario/zod-walk.ts';
import type { VariantSpec } from '../run/plan.ts';
import type { PairTable } from '../run/summary.ts';
import { pairedDiff, type PairedDiff } from '../analysis/paired.ts';
import { valueLabel } from './labels.ts';
import { sideWords } from '../report/text.ts';
import { changedGames, measureCode, measureRate, playVersions, versionSpecs, type Measure, type Version } from './probe.ts';
import type { Subject } from './subject.ts';

export interface SensitivityRequest {
  readonly measure: Measure;
  /** Only values of these provenance kinds (default: all). */
  readonly only?: readonly ProvenanceKind[];
  /** Games of the screening pass. */
  readonly screenGames?: number;
  /** Games of the confirmation pass. */
  readonly confirmGames?: number;
  /** Values carried to the confirmation pass. */
  readonly confirmTop?: number;
  /** Relative step of values that are not whole numbers (default 0.1). */
  readonly relativeStep?: number;
  readonly workers?: number;
  readonly onPass?: (pass: 1 | 2, versions: number, games: number) => void;
  /** Games played so far of the games both passes will play (the second pass's total is an upper bound until the first ends). */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface StepEffect extends PairedDiff {
  readonly to: number;
  /** Games whose outcome differs from the rules as they are. */
  readonly changed: number;
}

export type SkipReason = 'invalid' | 'to zero';

export interface SkippedStep {
  readonly step: 'down' | 'up';
  readonly to: number;
  readonly reason: SkipReason;
}

export interface SensitivityRow {
  readonly path: string;
  readonly label: string;
  readonly value: number;
  readonly provenance: ProvenanceKind;
  readonly ref: string;
  readonly down?: StepEffect;
  readonly up?: StepEffect;
  /** The larger |change| of the two steps (rate points as a fraction). */
  readonly effect: number;
  /** Whether either step's 95% interval excludes no change. */
  readonly significant: boolean;
  /** No step changed the outcome of any game (the row is reported with the other unchanged values). */
  readonly unchanged: boolean;
  /** 1 = screening pass only, 2 = confirmed on the larger pass. */
  readonly pass: 1 | 2;
  /** Steps that would make the rules data invalid (e.g. below a minimum). */
  readonly invalid: readonly ('down' | 'up')[];
  /** Steps not played, with the reason. */
  readonly skipped: readonly SkippedStep[];
}

/** A value none of whose steps could be played. */
export interface SkippedValue {
  readonly path: string;
  readonly label: string;
  readonly value: number;
  readonly provenance: ProvenanceKind;
  readonly skipped: readonly SkippedStep[];
}

export interface SensitivityResult {
  readonly measure: Measure;
  readonly measureName: string;
  readonly base: { p: number; lo: number; hi: number; games: number };
  readonly rows: readonly SensitivityRow[];
  /** Values with no playable step (every step invalid or to zero). */
  readonly skippedValues: readonly SkippedValue[];
  readonly valuesInPlay: number;
  readonly screened: number;
  readonly screenGames: number;
  readonly confirmGames: number;
  /** Versions played by each pass (the rules as they are included). */
  readonly screenVersions: number;
  readonly confirmVersions: number;
  readonly gamesPlayed: number;
  readonly elapsedMs: number;
}

/** The value one step away: ±1 for whole numbers, ±relative·|v| otherwise (±relative when 0 is not whole). */
export function stepOf(value: number, dir: -1 | 1, relative = 0.1): number {
  if (Number.isInteger(value)) return value + dir;
  const step = Math.abs(value) * relative || relative;
  return Number((value + dir * step).toPrecision(6));
}

/**
 * Whether a step takes a count to zero: a nonzero value whose schema's minimum is 0 (a count of
 * cards, dice, actions) stepped to 0 or below. Values that may be negative (modifiers, sizes) and
 * values with no schema minimum vary through zero as any other number.
 */
export function stepToZero(value: number, to: number, min: number | undefined): boolean {
  return min === 0 && value > 0 && to <= 0;
}

interface Candidate {
  readonly entry: ProvenanceEntry;
  readonly value: number;
  readonly down?: { to: number; spec: VariantSpec };
  readonly up?: { to: number; spec: VariantSpec };
  readonly skipped: SkippedStep[];
}

/** Every numeric value in play with its two steps compiled (steps outside the value's domain are skipped, with the reason). */
function candidates(subject: Subject, req: SensitivityRequest): { cands: Candidate[]; skipped: SkippedValue[] } {
  const cands: Candidate[] = [];
  const skipped: SkippedValue[] = [];
  const schema = subject.loaded.system.rulesSchema;
  for (const e of subject.loaded.provenance) {
    if (typeof e.value !== 'number' || !Number.isFinite(e.value)) continue;
    if (req.only && !req.only.includes(e.provenance.kind)) continue;
    const min = numberDomainAt(schema, e.path.split('.'))?.min;
    const c: { entry: ProvenanceEntry; value: number; down?: Candidate['down']; up?: Candidate['up']; skipped: SkippedStep[] } = { entry: e, value: e.value, skipped: [] };
    for (const [dir, key] of [[-1, 'down'], [1, 'up']] as const) {
      const to = stepOf(e.value, dir, req.relativeStep);
      if (stepToZero(e.value, to, min)) {
        c.skipped.push({ step: key, to, reason: 'to zero' });
        continue;
      }
      try {
        const [spec] = versionSpecs(subject, [{ name: `${e.path}=${to}`, sets: [{ path: `overrides.${e.path}`, value: to }] }]);
        c[key] = { to, spec };
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        c.skipped.push({ step: key, to, reason: 'invalid' });
      }
    }
    if (c.down || c.up) cands.push(c);
    else skipped.push({ path: e.path, label: valueLabel(e.path, subject.loaded.data), value: e.value, provenance: e.provenance.kind, skipped: c.skipped });
  }
  return { cands, skipped };
}

export async function sensitivity(subject: Subject, req: SensitivityRequest): Promise<SensitivityResult> {
  const t0 = performance.now();
  const screenGames = req.screenGames ?? 500;
  const confirmGames = Math.max(screenGames, req.confirmGames ?? 4000);
  const top = req.confirmTop ?? 20;
  const { cands, skipped: skippedValues } = candidates(subject, req);
  if (cands.length === 0) throw new InputError('command line', [{ path: '--only', message: 'no numeric rules value in play matches (or none can be stepped inside its domain)' }]);
  const [baseSpec] = versionSpecs(subject, [{ name: 'as bundled', sets: [] } satisfies Version]);
  const code = measureCode(req.measure);
  let gamesPlayed = 0;
  const versionsOf = [0, 0];
  // Progress over both passes: the second pass is sized when the first ends (at most 1 + 2·top versions).
  const versionsIn = (cs: readonly Candidate[]) => 1 + cs.reduce((n, c) => n + (c.down ? 1 : 0) + (c.up ? 1 : 0), 0);
  const confirming = confirmGames > screenGames;
  let planned = versionsIn(cands) * screenGames + (confirming ? Math.min(versionsIn(cands), 1 + 2 * top) * confirmGames : 0);

  const run = async (cs: readonly Candidate[], games: number, pass: 1 | 2) => {
    const specs: VariantSpec[] = [baseSpec];
    const index: Array<{ down?: number; up?: number }> = [];
    for (const c of cs) {
      const ix: { down?: number; up?: number } = {};
      if (c.down) ix.down = specs.push(c.down.spec) - 1;
      if (c.up) ix.up = specs.push(c.up.spec) - 1;
      index.push(ix);
    }
    req.onPass?.(pass, specs.length, games);
    versionsOf[pass - 1] = specs.length;
    const before = gamesPlayed;
    const onProgress = req.onProgress && ((done: number) => req.onProgress!(before + done, planned));
    const res = await playVersions(subject, [], { games, workers: req.workers, onProgress }, specs);
    gamesPlayed += games * specs.length;
    const rows = cs.map((c, i) => row(c, index[i].down !== undefined ? res[index[i].down!] : undefined, index[i].up !== undefined ? res[index[i].up!] : undefined, pass));
    return { base: res[0], rows };
  };
  const effectOf = (to: number, pairs: PairTable): StepEffect => ({ to, changed: changedGames(pairs), ...pairedDiff(pairs, code) });
  const row = (c: Candidate, down: { pairs: PairTable } | undefined, up: { pairs: PairTable } | undefined, pass: 1 | 2): SensitivityRow => {
    const d = down && c.down ? effectOf(c.down.to, down.pairs) : undefined;
    const u = up && c.up ? effectOf(c.up.to, up.pairs) : undefined;
    const effect = Math.max(Math.abs(d?.diff ?? 0), Math.abs(u?.diff ?? 0));
    const significant = !!((d && (d.lo > 0 || d.hi < 0)) || (u && (u.lo > 0 || u.hi < 0)));
    const unchanged = (d?.changed ?? 0) === 0 && (u?.changed ?? 0) === 0;
    return {
      path: c.entry.path,
      label: valueLabel(c.entry.path, subject.loaded.data),
      value: c.value,
      provenance: c.entry.provenance.kind,
      ref: c.entry.provenance.ref,
      down: d,
      up: u,
      effect,
      significant,
      unchanged,
      pass,
      invalid: c.skipped.filter((s) => s.reason === 'invalid').map((s) => s.step),
      skipped: c.skipped,
    };
  };

  const first = await run(cands, screenGames, 1);
  // Screening score: the larger step's upper 95% bound of |change| (noise cannot hide a candidate);
  // a value that changed no game's outcome is not confirmed.
  const score = (r: SensitivityRow) => (r.unchanged ? -1 : Math.max(...[r.down, r.up].filter((x): x is StepEffect => !!x).map((x) => Math.max(Math.abs(x.lo), Math.abs(x.hi)))));
  const order = first.rows.map((r, i) => [score(r), i] as const).filter(([s]) => s >= 0).sort((a, b) => b[0] - a[0]);
  const chosen = confirming ? order.slice(0, top).map(([, i]) => i) : [];
  planned = gamesPlayed + (chosen.length ? versionsIn(chosen.map((i) => cands[i])) * confirmGames : 0);
  let base = first.base;
  const rows = [...first.rows];
  if (chosen.length) {
    const second = await run(chosen.map((i) => cands[i]), confirmGames, 2);
    base = second.base;
    chosen.forEach((i, j) => (rows[i] = second.rows[j]));
  }
  rows.sort((a, b) => Number(a.unchanged) - Number(b.unchanged) || b.pass - a.pass || b.effect - a.effect);
  const rate = measureRate(base, req.measure);
  return {
    measure: req.measure,
    measureName: req.measure.kind === 'draw' ? 'draw rate' : `${sideWords(subject.sides[req.measure.side])} win rate`,
    base: { p: rate.p, lo: rate.lo, hi: rate.hi, games: base.games },
    rows,
    skippedValues,
    valuesInPlay: subject.loaded.provenance.filter((e) => typeof e.value === 'number').length,
    screened: cands.length,
    screenGames,
    confirmGames,
    screenVersions: versionsOf[0],
    confirmVersions: versionsOf[1],
    gamesPlayed,
    elapsedMs: performance.now() - t0,
  };
}
