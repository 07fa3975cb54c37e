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
  /** A read-only view of the state with `secret` blanked (attCore = -1). Do not mutate. */
  readonly state: Readonly<MgvState>;
}

const HIDDEN = Object.freeze({ attCore: -1 });

const VIEW = Symbol('mgv-view');

export function observe(m: Model, s: MgvState, side: number): MgvObservation {
  // O(1) view: the live state as prototype, with `secret` shadowed by a blank own property.
  // The view reads through to the live state, so one view per state object serves every
  // decision; it is kept on the state under a symbol key (never cloned, never serialised).
  let view = (s as unknown as Record<symbol, MgvState>)[VIEW];
  if (!view || Object.getPrototypeOf(view) !== s) {
    view = Object.create(s) as MgvState;
    Object.defineProperty(view, 'secret', { value: HIDDEN, enumerable: true });
    Object.defineProperty(s, VIEW, { value: view, enumerable: false, configurable: true, writable: true });
  }
  return { side, model: m, state: view };
}
