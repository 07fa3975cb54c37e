import { describe, expect, it } from 'vitest';
import { cloneDecisionStack, decisionFrames, newDecisionStack, sideToAct } from '../../../src/core/decision/stack.ts';

const F = decisionFrames({ reaction: ['firer', 'target', 'gun'], defensiveFire: ['mover', 'hex'], secret: [] });

describe('decision stack', () => {
  it('answers who decides: the top frame, else the phase player', () => {
    const s = newDecisionStack();
    expect(sideToAct(s, 0)).toBe(0);
    expect(F.top(s)).toBeNull();
    F.push(s, 'defensiveFire', 1, 4, 117);
    F.push(s, 'reaction', 0, 2, 5, 1);
    expect(sideToAct(s, 1)).toBe(0);
    expect(F.top(s)).toBe('reaction');
    expect(F.arg(s, 'reaction', 'target')).toBe(5);
    expect(F.has(s, 'defensiveFire')).toBe(true);
    expect(F.describe(s)).toBe('reaction(firer=2, target=5, gun=1) by side 0 ▸ defensiveFire(mover=4, hex=117) by side 1');
    F.pop(s);
    expect(F.isTop(s, 'defensiveFire')).toBe(true);
    F.setArg(s, 'defensiveFire', 'hex', 118);
    expect(F.arg(s, 'defensiveFire', 'hex')).toBe(118);
    expect(() => F.arg(s, 'reaction', 'gun')).toThrow(/not 'reaction'/);
    F.pop(s);
    expect(() => F.pop(s)).toThrow(/empty/);
  });

  it('reuses its storage: push/pop cycles never grow the word array past the deepest stack', () => {
    const s = newDecisionStack();
    for (let i = 0; i < 1000; i++) {
      F.push(s, 'defensiveFire', 1, i, i);
      F.push(s, 'reaction', 0, i, i, 0);
      F.pop(s);
      F.pop(s);
    }
    expect(s.words.length).toBe(16);
  });

  it('is plain data: clones and JSON round trips are independent and equal', () => {
    const s = newDecisionStack();
    F.push(s, 'reaction', 1, 1, 2, 0);
    const c = cloneDecisionStack(s);
    const j = JSON.parse(JSON.stringify(s));
    F.pop(c);
    expect(F.top(s)).toBe('reaction');
    // After a pop the capacity stays: the clone still serialises exactly like the original.
    F.pop(s);
    expect(JSON.stringify(cloneDecisionStack(s))).toBe(JSON.stringify(s));
    expect(F.arg(j, 'reaction', 'target')).toBe(2);
  });

  it('refuses frames with too many arguments', () => {
    expect(() => decisionFrames({ big: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).toThrow(/at most 6/);
  });
});
