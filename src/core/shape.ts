/**
 * The shape of one game, followed on the fly from a system's lead measure (CompiledGame.lead):
 * side A's lead is sampled at the end of every turn and once at the end of the game, and only a
 * few numbers are kept (no per-game arrays, nothing allocated after construction):
 *  - lead changes: how often the side ahead changed (a level score changes nothing: ahead, level,
 *    then behind is one change);
 *  - the deepest deficit of each side (for comebacks: the winner trailed by at least the margin);
 *  - for each side, the turn since which it has been ahead at every sample (-1 = not ahead now);
 *  - the side that acted first (the measure's `firstMover`, else the side of the first decision).
 * The runner folds these into the integer summary (src/run/summary.ts addShape).
 */
import type { LeadMeasure } from './system.ts';

/** What the runner reads from a tracker once the game has ended. */
export interface GameShape {
  readonly measure: { readonly comebackMargin: number };
  readonly firstSide: number;
  readonly samples: number;
  readonly changes: number;
  readonly minLead: number;
  readonly maxLead: number;
  readonly aheadSinceA: number;
  readonly aheadSinceB: number;
}

export class ShapeTracker<S = unknown> implements GameShape {
  /** Side that took the game's first decision (-1 before it). */
  firstSide = -1;
  /** Lead samples taken this game. */
  samples = 0;
  /** Changes of the side ahead. */
  changes = 0;
  /** Lowest and highest lead sampled (side B's and side A's best). */
  minLead = 0;
  maxLead = 0;
  /** Turn since which side A (resp. B) has been ahead at every sample; -1 when not ahead at the last one. */
  aheadSinceA = -1;
  aheadSinceB = -1;
  private turnNow = 0;
  /** Sign of the last non-zero lead sampled (0 = level so far). */
  private leader = 0;

  constructor(
    readonly measure: LeadMeasure<S>,
    private readonly length: (state: S) => number,
  ) {}

  /**
   * The turn counter: the measure's, else the game's length. Called through the measure itself
   * (a bound copy would be a new function per tracker, which keeps the per-decision call from
   * being inlined).
   */
  private turnOf(state: S): number {
    const m = this.measure;
    return m.turn !== undefined ? m.turn(state) : this.length(state);
  }

  /** Before the first decision of a game. */
  start(state: S): void {
    this.firstSide = this.measure.firstMover !== undefined ? this.measure.firstMover(state) : -1;
    this.samples = 0;
    this.changes = 0;
    this.minLead = 0;
    this.maxLead = 0;
    this.aheadSinceA = -1;
    this.aheadSinceB = -1;
    this.leader = 0;
    this.turnNow = this.turnOf(state);
  }

  /** After each applied decision of `side`: samples the lead when a turn has ended. */
  step(state: S, side: number): void {
    if (this.firstSide < 0) this.firstSide = this.measure.firstMover !== undefined ? this.measure.firstMover(state) : side;
    const t = this.turnOf(state);
    if (t === this.turnNow) return;
    // The turn that just ended is the one the sample belongs to.
    this.sample(this.measure.value(state), this.turnNow);
    this.turnNow = t;
  }

  /** Once the game has ended: the last sample (the final position), then the tracker is read. */
  end(state: S): this {
    this.sample(this.measure.value(state), this.turnOf(state));
    return this;
  }

  /** Records side A's lead `lead` at the end of turn `turn` (exposed for tests). */
  sample(lead: number, turn: number): void {
    if (this.samples === 0 || lead < this.minLead) this.minLead = lead;
    if (this.samples === 0 || lead > this.maxLead) this.maxLead = lead;
    this.samples++;
    const sign = lead > 0 ? 1 : lead < 0 ? -1 : 0;
    if (sign !== 0 && this.leader !== 0 && sign !== this.leader) this.changes++;
    if (sign !== 0) this.leader = sign;
    if (sign > 0) {
      if (this.aheadSinceA < 0) this.aheadSinceA = turn;
    } else this.aheadSinceA = -1;
    if (sign < 0) {
      if (this.aheadSinceB < 0) this.aheadSinceB = turn;
    } else this.aheadSinceB = -1;
  }
}

/** A tracker for the game's lead measure, or undefined when the system declares none. */
export function shapeTrackerFor<S>(game: { readonly lead?: LeadMeasure<S>; length(state: S): number }): ShapeTracker<S> | undefined {
  return game.lead === undefined ? undefined : new ShapeTracker(game.lead, (s) => game.length(s));
}
