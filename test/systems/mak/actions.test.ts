/**
 * actions.ts: the typed frame readers and pushers (what is pushed the readers read back, by name; a
 * reader refuses a frame of another kind) and the hot codes (equal to the codec's own encoding).
 */
import { describe, expect, it } from 'vitest';
import { frameArg, frameSide, newDecisionStack, pushFrame, type DecisionStack } from '../../../src/core/decision/stack.ts';
import { Arg, Frames, Push } from '../../../src/systems/mak/actions.ts';
import { MAX_W } from '../../../src/systems/mak/model.ts';
import { setup } from './helpers.ts';

describe('Arg and Push (Frames.arg and Frames.push with the look-ups by name done once)', () => {
  it('every reader of every kind reads its own argument of the top frame', () => {
    for (const kind of Frames.kinds) {
      const P = newDecisionStack();
      Push.t3(P, 0, 7, 8, 9); // a frame below: only the top one is read
      const names = Frames.spec[kind];
      const values = names.map((_, i) => 10 + i);
      pushFrame(P, Frames.id[kind], 1, ...values);
      const readers: Readonly<Record<string, (stack: DecisionStack) => number>> = Arg[kind];
      names.forEach((name, i) => expect(readers[name](P)).toBe(values[i]));
      expect(Object.keys(readers)).toEqual([...names]);
    }
  });
  it('a pusher writes its kind, side and arguments in the spec order', () => {
    const P = newDecisionStack();
    Push.reply(P, 1, 3, 4, 5, 6, 1);
    expect(Frames.describe(P)).toBe('reply(attacker=3, target=4, hex=5, serial=6, group=1) by side 1');
    Push.cqcStrike(P, 0, 12, 1);
    expect([Frames.top(P), frameSide(P), frameArg(P, 0), frameArg(P, 1)]).toEqual(['cqcStrike', 0, 12, 1]);
  });
  it('a reader refuses a frame of another kind, and an empty stack', () => {
    const P = newDecisionStack();
    expect(() => Arg.t3.mover(P)).toThrow(/top frame is empty, not 't3'/);
    Push.pin(P, 0, 5, 2);
    expect(() => Arg.t3.mover(P)).toThrow(/top frame is pin, not 't3'/);
    expect(Arg.pin.left(P)).toBe(2);
  });
});

describe('hotCodes', () => {
  it('gives every move and attack code the codec gives', () => {
    const { game } = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }, { id: 'M2', type: 'InfSQ', at: '0403' }], strahl: [{ id: 'S1', type: 'PKA', at: '0603' }] });
    const { A, C, m } = game.E;
    expect([C.pass, C.endPhase]).toEqual([A.encode.pass(), A.encode.endPhase()]);
    for (let u = 0; u < m.nu; u++) {
      for (let d = 0; d < 6; d++) expect(C.move0[u] + d * C.moveDir).toBe(A.encode.move(u, d));
      for (let w = 0; w < MAX_W; w++) for (let t = 0; t < m.nu; t++) expect(C.attack0[u] + w * C.attackWeapon + t * C.attackTarget).toBe(A.encode.attack(u, w, t));
    }
  });
});
