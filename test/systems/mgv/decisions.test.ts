/** The typed frame readers and pushers of actions.ts (FA, FP) agree with the core's Frames. */
import { describe, expect, it } from 'vitest';
import { newDecisionStack } from '../../../src/core/decision/stack.ts';
import { DK, FA, FP, Frames, MAIN, decisionOf } from '../../../src/systems/mgv/actions.ts';
import { compile, doc, newState } from './helpers.ts';

describe('FA / FP', () => {
  it('read and push exactly as Frames.arg and Frames.push, and refuse a frame of another kind', () => {
    const a = newDecisionStack();
    const b = newDecisionStack();
    Frames.push(a, 'attack', 1);
    Frames.push(a, 'missileSplit', 0, 2, 3, 4, 5, 6, 1);
    FP.attack(b, 1);
    FP.missileSplit(b, 0, 2, 3, 4, 5, 6, 1);
    expect(b).toEqual(a);
    for (const name of Frames.spec.missileSplit) expect(FA.missileSplit[name](b)).toBe(Frames.arg(a, 'missileSplit', name));
    expect(() => FA.move.unit(b)).toThrow(/top frame is missileSplit.*not 'move'/);
    expect(() => FA.move.unit(newDecisionStack())).toThrow(/not 'move'/);
    FP.move(b, 1, 3);
    expect(FA.move.unit(b)).toBe(3);
    // decisionOf: the top frame's id, MAIN when nothing is pending
    const { g } = compile(doc([{ id: 'a', side: 'A', model: 'Mako', x: 18, y: 3, weapon: 'kinetic' }, { id: 'b', side: 'B', model: 'Mako', x: 18, y: 33, heading: 180, weapon: 'kinetic' }]));
    const { s } = newState(g);
    expect(decisionOf(s)).toBe(MAIN);
    s.pending = b;
    expect(decisionOf(s)).toBe(DK.move);
  });
});
