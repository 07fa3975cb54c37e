/**
 * What a side may know. The table is open (positions, headings, markers, beacons) and, as
 * an [O] reading, so are the hit logs (the seed's heuristics adapt to visible infestations).
 * Hidden: the attacker's secret missile split while the defender chooses its own.
 */
import type { Model } from './model.ts';
import type { MgvState } from './state.ts';

export interface MgvObservation {
  readonly side: number;
  readonly model: Model;
  /**
   * The state as of this observe() call with `secret` blanked (attCore = -1). A shallow
   * snapshot: scalar fields are copied, arrays and units are the live ones. It is refreshed in
   * place at the next observe() of the same state, so read it during the decision. Do not mutate.
   */
  readonly state: Readonly<MgvState>;
}

const HIDDEN = Object.freeze({ attCore: -1 });

interface Views {
  readonly model: Model;
  readonly view: MgvState;
  readonly obs: MgvObservation[];
}

// The snapshot (and one observation object per side) of the state observed last is reused
// while the same state is observed (the game being played); another state gets new ones. The
// snapshot is a plain object of one fixed shape: never the state's prototype (a state used as
// a prototype would get a map of its own per game and turn every engine access to it
// megamorphic), and no per-state table (a WeakMap entry per game slows every scavenge).
let lastOwner: MgvState | null = null;
let lastViews: Views | null = null;

export function observe(m: Model, s: MgvState, side: number): MgvObservation {
  let v = lastViews;
  if (s !== lastOwner || v === null || v.model !== m) {
    v = { model: m, view: snapshot(s), obs: [] };
  } else refresh(v.view, s);
  lastOwner = s;
  lastViews = v;
  let o = v.obs[side];
  if (o === undefined) {
    o = Object.freeze({ side, model: m, state: v.view });
    v.obs[side] = o;
  }
  return o;
}

/** Every MgvState field but `secret` (kept in step with the interface by the type below). */
const COPIED = [
  'turn', 'slot', 'phaseNo', 'phaseSide', 'phaseType', 'used', 'winners', 'units', 'beacons', 'removed', 'opened', 'progress', 'defShown',
  'crits', 'chains', 'result', 'los', 'cover', 'tgt', 'pending',
] as const;
type Missing = Exclude<keyof MgvState, (typeof COPIED)[number] | 'secret'>;
// compile-time check: a new MgvState field must be added to COPIED and to refresh()
const allCopied: [Missing] extends [never] ? true : Missing = true;
void allCopied;

function snapshot(s: MgvState): MgvState {
  const v: MgvState = { ...s, secret: HIDDEN };
  refresh(v, s);
  return v;
}

function refresh(v: MgvState, s: MgvState): void {
  v.turn = s.turn;
  v.slot = s.slot;
  v.phaseNo = s.phaseNo;
  v.phaseSide = s.phaseSide;
  v.phaseType = s.phaseType;
  v.used = s.used;
  v.winners = s.winners;
  v.units = s.units;
  v.beacons = s.beacons;
  v.removed = s.removed;
  v.opened = s.opened;
  v.progress = s.progress;
  v.defShown = s.defShown;
  v.crits = s.crits;
  v.chains = s.chains;
  v.result = s.result;
  v.los = s.los;
  v.cover = s.cover;
  v.tgt = s.tgt;
  v.pending = s.pending;
  v.secret = HIDDEN;
}
