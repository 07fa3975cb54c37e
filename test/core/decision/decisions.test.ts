import { describe, expect, it } from 'vitest';
import { defineDecisions, type Decision } from '../../../src/core/decision/decisions.ts';
import { decisionFrames, newDecisionStack, type DecisionStack } from '../../../src/core/decision/stack.ts';
import { Rng } from '../../../src/core/rng/rng.ts';
import type { PlayContext } from '../../../src/core/system.ts';
import { Tally } from '../../../src/core/tally.ts';

// A toy game: in the main flow a side moves (0) or shoots (1); a shot opens a reaction window for
// the other side (react = 2, pass = 3); closing the window logs, and a reaction opens a counter.
const F = decisionFrames({ reaction: ['shooter'], counter: ['reactor'] });
interface S {
  pending: DecisionStack;
  log: string[];
}
interface E {
  readonly name: string;
}
const main: Decision<E, S> = {
  legal: (_e, _s, out) => ((out[0] = 0), (out[1] = 1), 2),
  apply(_e, s, a) {
    s.log.push(a === 1 ? 'shoot' : 'move');
    if (a === 1) F.push(s.pending, 'reaction', 1, 0);
  },
};
const reaction: Decision<E, S> = {
  legal: (_e, _s, out) => ((out[0] = 2), (out[1] = 3), 2),
  apply(e, s, a, ctx) {
    s.log.push(a === 2 ? 'react' : 'pass');
    D.finish(e, s, ctx);
  },
  close(_e, s) {
    s.log.push(`close reaction to ${F.arg(s.pending, 'reaction', 'shooter')}`);
    if (s.log.includes('react')) F.push(s.pending, 'counter', 0, 1);
  },
};
const counter: Decision<E, S> = {
  legal: (_e, _s, out) => ((out[0] = 4), 1),
  apply(e, s, _a, ctx) {
    s.log.push(`counter by ${F.arg(s.pending, 'counter', 'reactor')}`);
    D.finish(e, s, ctx);
  },
};
const D = defineDecisions<E, S, typeof F.spec>(F, { main, reaction, counter });
const ctx: PlayContext = { dice: new Rng([1, 2, 3, 4]), tally: new Tally({ rowKeys: [], rows: [], columns: [], scalars: [] }) };
const E0: E = { name: 'toy' };

describe('defineDecisions', () => {
  it('dispatches on the top frame, main when nothing is pending', () => {
    const s: S = { pending: newDecisionStack(), log: [] };
    const out = new Int32Array(4);
    expect(D.currentKind(s)).toBe('main');
    expect(D.legal(E0, s, out)).toBe(2);
    D.apply(E0, s, 1, ctx);
    expect(D.currentKind(s)).toBe('reaction');
    expect(D.current(s)).toBe(reaction);
    expect(D.legal(E0, s, out)).toBe(2);
    expect([out[0], out[1]]).toEqual([2, 3]);
    D.apply(E0, s, 3, ctx);
    expect(s.log).toEqual(['shoot', 'pass', 'close reaction to 0']);
    expect(s.pending.depth).toBe(0);
  });

  it('finish removes the finished frame even when close pushed what follows above it', () => {
    const s: S = { pending: newDecisionStack(), log: [] };
    D.apply(E0, s, 1, ctx);
    D.apply(E0, s, 2, ctx);
    expect(s.pending.depth).toBe(1);
    expect(F.top(s.pending)).toBe('counter');
    expect(F.arg(s.pending, 'counter', 'reactor')).toBe(1);
    D.apply(E0, s, 4, ctx);
    expect(s.log).toEqual(['shoot', 'react', 'close reaction to 0', 'counter by 1']);
    expect(s.pending.depth).toBe(0);
    expect(() => D.finish(E0, s, ctx)).toThrow(/nothing pending/);
  });

  it('refuses a frame kind without a module and a module without a frame kind', () => {
    // @ts-expect-error counter is missing
    expect(() => defineDecisions<E, S, typeof F.spec>(F, { main, reaction })).toThrow(/'counter' has no decision module/);
    // @ts-expect-error ambush is no frame kind
    expect(() => defineDecisions<E, S, typeof F.spec>(F, { main, reaction, counter, ambush: main })).toThrow(/'ambush' is not a frame kind/);
  });

  it('a close that ended the game and cleared the stack leaves finish nothing to remove', () => {
    // counter's close ends the game: every pending frame is dropped (as a system's game end does)
    const ending = defineDecisions<E, S, typeof F.spec>(F, {
      main,
      reaction,
      counter: { ...counter, close: (_e, s) => ((s.pending.depth = 0), void s.log.push('game over')) },
    });
    const s: S = { pending: newDecisionStack(), log: [] };
    F.push(s.pending, 'reaction', 1, 0);
    F.push(s.pending, 'counter', 0, 1);
    expect(() => ending.finish(E0, s, ctx)).not.toThrow();
    expect(s.pending.depth).toBe(0);
    expect(s.log).toEqual(['game over']);
  });
});
