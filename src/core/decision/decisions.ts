/**
 * One decision, one module: the behaviour half of TAG's IExtendedSequence beside the data half
 * (`decisionFrames`, stack.ts). A system declares each kind of pending decision once, in its own
 * file `src/systems/<id>/decisions/<kind>.ts`:
 *
 *   export const overwatch: Decision<Engine, At43State> = {
 *     legal(E, s, out) { ... return n; },          // the legal actions, into out[0..n)
 *     apply(E, s, a, ctx) { ... },                  // one of them, applied (may push or finish frames)
 *     close(E, s, ctx) { ... },                     // optional: what follows once it is complete
 *   };
 *
 * and binds them to its frames, with `main` for the normal flow (nothing pending):
 *
 *   export const D = defineDecisions(F, { main, overwatch, orders, wager });
 *   legalActions: (s, out) => D.legal(E, s, out),
 *   apply: (s, a, ctx) => D.apply(E, s, a, ctx),
 *
 * `D.legal` and `D.apply` dispatch on the top frame's kind through an array indexed by the frame's
 * id: no lookup by name, no allocation, no switch to keep in step with the frame list. A decision
 * ends with `D.finish(E, s, ctx)`: its `close` runs with its frame still on top (so it can read its
 * arguments; it may push the decisions that follow, or end the game and clear the stack), then that
 * frame is removed. The definition fails unless every frame kind has a module.
 */
import type { PlayContext } from '../system.ts';
import type { DecisionFrames, DecisionStack, FrameSpec } from './stack.ts';
import { FRAME_WORDS, removeFrame, topKindId } from './stack.ts';

/** One kind of decision: its legal actions, its apply, and what happens when it is complete. */
export interface Decision<E, S> {
  /** Writes the legal actions into out[0..n) and returns n (>= 1 while the game is on). */
  legal(E: E, s: S, out: Int32Array): number;
  /** Applies one of the legal actions (mutating s); chance comes from ctx.dice. */
  apply(E: E, s: S, action: number, ctx: PlayContext): void;
  /**
   * Runs when the decision is complete (`Decisions.finish`), with its frame still on top: resumes
   * the flow it interrupted. Absent: the frame is simply popped.
   */
  close?(E: E, s: S, ctx: PlayContext): void;
}

/** A state that keeps its pending decisions on a stack named `pending` (every system does). */
export interface WithPending {
  readonly pending: DecisionStack;
}

/** The decision modules of a system: `main`, plus one per frame kind. */
export type DecisionModules<E, S, K extends string> = { readonly main: Decision<E, S> } & { readonly [P in K]: Decision<E, S> };

export interface Decisions<E, S extends WithPending> {
  /** The module deciding now: the top frame's, or `main` when nothing is pending. */
  current(s: S): Decision<E, S>;
  /** Name of the decision deciding now ('main' when nothing is pending). */
  currentKind(s: S): string;
  legal(E: E, s: S, out: Int32Array): number;
  apply(E: E, s: S, action: number, ctx: PlayContext): void;
  /** Completes the top decision: its `close` (frame still on top), then that frame is removed. */
  finish(E: E, s: S, ctx: PlayContext): void;
}

/**
 * Binds decision modules to a system's frames. `modules` must name `main` and every frame kind of
 * `frames` (checked here, once, when the system's module loads).
 */
export function defineDecisions<E, S extends WithPending, const FS extends FrameSpec>(
  frames: DecisionFrames<FS>,
  modules: DecisionModules<E, S, keyof FS & string>,
): Decisions<E, S> {
  const extra = Object.keys(modules).filter((k) => k !== 'main' && !frames.kinds.includes(k));
  if (extra.length) throw new Error(`defineDecisions: ${extra.map((k) => `'${k}'`).join(', ')} is not a frame kind (known: ${frames.kinds.join(', ')})`);
  // byId[frame id] = its module; byId[frames.kinds.length] = main (the top id is -1 when empty).
  const byId: Decision<E, S>[] = frames.kinds.map((k) => {
    const d = (modules as Readonly<Record<string, Decision<E, S> | undefined>>)[k];
    if (d === undefined) throw new Error(`defineDecisions: frame kind '${k}' has no decision module`);
    return d;
  });
  const main = modules.main;
  const names = [...frames.kinds, 'main'];
  const mainId = frames.kinds.length;
  byId.push(main);
  const current = (s: S): Decision<E, S> => {
    const p = s.pending;
    return p.depth === 0 ? main : byId[p.words[(p.depth - 1) * FRAME_WORDS]];
  };
  // A system without frames (the duel) calls its main decision straight away.
  const noFrames = frames.kinds.length === 0;
  return {
    current,
    currentKind: (s) => names[s.pending.depth === 0 ? mainId : topKindId(s.pending)],
    legal: noFrames ? (E, s, out) => main.legal(E, s, out) : (E, s, out) => current(s).legal(E, s, out),
    apply: noFrames ? (E, s, action, ctx) => main.apply(E, s, action, ctx) : (E, s, action, ctx) => current(s).apply(E, s, action, ctx),
    finish(E, s, ctx) {
      const id = topKindId(s.pending);
      if (id < 0) throw new Error('defineDecisions: finish() with nothing pending');
      const index = s.pending.depth - 1;
      const close = byId[id].close;
      if (close !== undefined) close(E, s, ctx);
      // The finished frame goes, even when `close` pushed what follows above it; a close that
      // ended the game and cleared the stack has left nothing to remove.
      if (index < s.pending.depth) removeFrame(s.pending, index);
    },
  };
}
