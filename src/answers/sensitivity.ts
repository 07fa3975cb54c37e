/**
 * Sensitivity of a verdict to every numeric rules value in play: each value one step down and
 * one step up (whole values ±1, others ±10%), every version paired with the rules as they are on
 * the same games (common random numbers), ranked by the larger of the two changes of the
 * verdict's rate. Cost grows with the number of values, so it screens in two passes (group
 * screening in the spirit of fishtest's cheap-then-confirm and of Morris' elementary effects,
 * one step per factor around the design point): a first pass plays every version on few games,
 * the second replays the top candidates on many more (games 0..n−1 again, so the first pass's
 * games are a subset of the second's).
 */
import type { ProvenanceEntry, ProvenanceKind } from '../core/tables/provenance.ts';
import { InputError } from '../scenario/errors.ts';
import type { VariantSpec } from '../run/plan.ts';
import { valueLabel } from './labels.ts';
import { sideWords } from '../report/text.ts';
import { pairedDiff, type PairedDiff } from '../analysis/paired.ts';
import { measureCode, measureRate, playVersions, versionSpecs, type Measure, type Version } from './probe.ts';
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
}

export interface StepEffect extends PairedDiff {
  readonly to: number;
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
  /** 1 = screening pass only, 2 = confirmed on the larger pass. */
  readonly pass: 1 | 2;
  /** Steps that would make the rules data invalid (e.g. below a minimum). */
  readonly invalid: readonly ('down' | 'up')[];
}

export interface SensitivityResult {
  readonly measure: Measure;
  readonly measureName: string;
  readonly base: { p: number; lo: number; hi: number; games: number };
  readonly rows: readonly SensitivityRow[];
  readonly valuesInPlay: number;
  readonly screened: number;
  readonly screenGames: number;
  readonly confirmGames: number;
  readonly gamesPlayed: number;
  readonly elapsedMs: number;
}

/** The value one step away: ±1 for whole numbers, ±relative·|v| otherwise (±relative when 0 is not whole). */
export function stepOf(value: number, dir: -1 | 1, relative = 0.1): number {
  if (Number.isInteger(value)) return value + dir;
  const step = Math.abs(value) * relative || relative;
  return Number((value + dir * step).toPrecision(6));
}

interface Candidate {
  readonly entry: ProvenanceEntry;
  readonly value: number;
  readonly down?: { to: number; spec: VariantSpec };
  readonly up?: { to: number; spec: VariantSpec };
  readonly invalid: ('down' | 'up')[];
}

/** Every numeric value in play with its two steps compiled (steps the rules data rejects are marked invalid). */
function candidates(subject: Subject, req: SensitivityRequest): Candidate[] {
  const out: Candidate[] = [];
  for (const e of subject.loaded.provenance) {
    if (typeof e.value !== 'number' || !Number.isFinite(e.value)) continue;
    if (req.only && !req.only.includes(e.provenance.kind)) continue;
    const c: { entry: ProvenanceEntry; value: number; down?: Candidate['down']; up?: Candidate['up']; invalid: ('down' | 'up')[] } = { entry: e, value: e.value, invalid: [] };
    for (const [dir, key] of [[-1, 'down'], [1, 'up']] as const) {
      const to = stepOf(e.value, dir, req.relativeStep);
      try {
        const [spec] = versionSpecs(subject, [{ name: `${e.path}=${to}`, sets: [{ path: `overrides.${e.path}`, value: to }] }]);
        c[key] = { to, spec };
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        c.invalid.push(key);
      }
    }
    if (c.down || c.up) out.push(c);
  }
  return out;
}

export async function sensitivity(subject: Subject, req: SensitivityRequest): Promise<SensitivityResult> {
  const t0 = performance.now();
  const screenGames = req.screenGames ?? 500;
  const confirmGames = Math.max(screenGames, req.confirmGames ?? 4000);
  const top = req.confirmTop ?? 20;
  const cands = candidates(subject, req);
  if (cands.length === 0) throw new InputError('command line', [{ path: '--only', message: 'no numeric rules value in play matches' }]);
  const [baseSpec] = versionSpecs(subject, [{ name: 'as bundled', sets: [] } satisfies Version]);
  const code = measureCode(req.measure);
  let gamesPlayed = 0;

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
    const res = await playVersions(subject, [], { games, workers: req.workers }, specs);
    gamesPlayed += games * specs.length;
    const rows = cs.map((c, i) => row(c, index[i].down !== undefined ? res[index[i].down!] : undefined, index[i].up !== undefined ? res[index[i].up!] : undefined, pass));
    return { base: res[0], rows };
  };
  const row = (c: Candidate, down: { pairs: number[][] } | undefined, up: { pairs: number[][] } | undefined, pass: 1 | 2): SensitivityRow => {
    const d = down && c.down ? { to: c.down.to, ...pairedDiff(down.pairs, code) } : undefined;
    const u = up && c.up ? { to: c.up.to, ...pairedDiff(up.pairs, code) } : undefined;
    const effect = Math.max(Math.abs(d?.diff ?? 0), Math.abs(u?.diff ?? 0));
    const significant = !!((d && (d.lo > 0 || d.hi < 0)) || (u && (u.lo > 0 || u.hi < 0)));
    return { path: c.entry.path, label: valueLabel(c.entry.path, subject.loaded.data), value: c.value, provenance: c.entry.provenance.kind, ref: c.entry.provenance.ref, down: d, up: u, effect, significant, pass, invalid: c.invalid };
  };

  const first = await run(cands, screenGames, 1);
  // Screening score: the larger step's upper 95% bound of |change| (noise cannot hide a candidate).
  const score = (r: SensitivityRow) => Math.max(...[r.down, r.up].filter((x): x is StepEffect => !!x).map((x) => Math.max(Math.abs(x.lo), Math.abs(x.hi))));
  const order = first.rows.map((r, i) => [score(r), i] as const).sort((a, b) => b[0] - a[0]);
  const chosen = confirmGames > screenGames ? order.slice(0, top).map(([, i]) => i) : [];
  let base = first.base;
  const rows = [...first.rows];
  if (chosen.length) {
    const second = await run(chosen.map((i) => cands[i]), confirmGames, 2);
    base = second.base;
    chosen.forEach((i, j) => (rows[i] = second.rows[j]));
  }
  rows.sort((a, b) => b.pass - a.pass || b.effect - a.effect);
  const rate = measureRate(base, req.measure);
  return {
    measure: req.measure,
    measureName: req.measure.kind === 'draw' ? 'draw rate' : `${sideWords(subject.sides[req.measure.side])} win rate`,
    base: { p: rate.p, lo: rate.lo, hi: rate.hi, games: base.games },
    rows,
    valuesInPlay: subject.loaded.provenance.filter((e) => typeof e.value === 'number').length,
    screened: cands.length,
    screenGames,
    confirmGames,
    gamesPlayed,
    elapsedMs: performance.now() - t0,
  };
}
