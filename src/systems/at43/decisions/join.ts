/**
 * A lone hero joins a unit (seed p.76), in the control phase before the objectives are counted:
 * his side may keep him alone or put him at the head of an officer-less unit of his category and
 * Type whose cohesion he satisfies (rules/heroes.ts). Frame `join` (the hero's unit), one per
 * lone hero with a unit to join; then the objectives.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { A, F } from '../actions.ts';
import { finishControl, nextJoin, type At43Engine } from '../engine.ts';
import { MAX_UNITS } from '../model.ts';
import { joinTargets, joinUnit } from '../rules/heroes.ts';
import type { At43State } from '../state.ts';

const JOIN = new Int32Array(MAX_UNITS);
const STAY = A.encode.join(0);

export const join: Decision<At43Engine, At43State> = {
  legal(E, s, out) {
    const k = joinTargets(E.m, s, F.arg(s.pending, 'join', 'hero'), JOIN);
    let n = 0;
    out[n++] = STAY;
    for (let i = 0; i < k; i++) out[n++] = A.encode.join(JOIN[i] + 1);
    return n;
  },
  apply(E, s, a, ctx) {
    const t = A.read.join.target(a);
    if (t > 0) joinUnit(E.m, s, F.arg(s.pending, 'join', 'hero'), t - 1, ctx);
    E.D.finish(E, s, ctx);
  },
  /** The next lone hero with a unit to join decides; after the last, the objectives are counted. */
  close(E, s, ctx) {
    if (!nextJoin(E, s, F.arg(s.pending, 'join', 'hero') + 1)) finishControl(E, s, ctx);
  },
};
