/**
 * The adjacent window of close quarters combat ([9.1] 2, [9.2], Figs. 10-13): a phase-player unit
 * has declared that it enters the adjacent enemy hex; each anti-phase unit in that hex may fire at
 * it now (it may then not fire in the same-hex window), or one of them may counter-enter its hex
 * (option `cqcCounterEntry`), where the CQC is then fought. Once the window closes the unit enters
 * (Fig. 10: unless immobilized or destroyed), minefields attack it ([19.1.2]) and the same-hex
 * window opens before its attack. A unit joining an ongoing CQC (its side already in the hex,
 * [9.1.2]) draws fire only here: no same-hex window, no counter-entry ([9.3.3]).
 */
import { Arg, Frames, Push } from '../actions.ts';
import type { Engine, PendingDecision } from '../engine.ts';
import { K_DEFENSIVE, hexHasSide } from '../rules/combat.ts';
import { mineAttack, stillMoving } from '../rules/hazards.ts';
import { entryStepCost } from '../rules/movement.ts';
import { stackPoints } from '../rules/rolls.ts';
import type { Model } from '../model.ts';
import { ATTACKED, BROKEN, DEAD, DONE, FIRED_ADJ, IMMOBILE, clearFlag, placeUnit, type MakState } from '../state.ts';
import { pushCqcAttack } from './cqc-attack.ts';
import { openCqcSame } from './cqc-same.ts';
import { fireIn, nextSerial, shotsAt, withPass } from './shots.ts';

const NAME = 'CQC adjacent window';

/**
 * Unit u, adjacent to the enemy hex h, declares that it enters it for CQC (decided by the other
 * side). `t3` is the serial of the T3 window opened when u entered its hex in this activation (-1
 * none): with option `t3IsCqcAdjacentShot` (Fig. 10, [9.2] "a unit that engages in case 1 cannot
 * attack in case 2") the units of h that fired in it have made their adjacent-window attack.
 */
export function openCqcAdjacent(E: Engine, s: MakState, u: number, h: number, t3: number): void {
  if (t3 >= 0 && E.m.opt.t3IsCqcAdjacentShot) {
    const firers = E.m.sideUnits[1 - s.phaseSide];
    for (let i = 0; i < firers.length; i++) if (s.hex[firers[i]] === h && s.dfStamp[firers[i]] === t3) s.status[firers[i]] |= FIRED_ADJ;
  }
  Push.cqcAdjacent(s.pending, 1 - s.phaseSide, u, h, nextSerial(s));
}

/** May f leave its hex for `to` to fight there: no unit of its side there, and within stacking. */
function counterFits(m: Model, s: MakState, f: number, to: number): boolean {
  return !hexHasSide(m, s, to, m.uside[f]) && stackPoints(m.ustack[f]) <= m.data.rules.stackLimit;
}

function scan(E: Engine, s: MakState, out: Int32Array | null, firstOnly: boolean): number {
  const { m, A } = E;
  const P = s.pending;
  const a = Arg.cqcAdjacent.unit(P), h = Arg.cqcAdjacent.hex(P), serial = Arg.cqcAdjacent.serial(P);
  const st = s.status;
  const firers = m.sideUnits[1 - s.phaseSide];
  // Joining an ongoing CQC ([9.1.2], [9.3.3]): defensive fire at the adjacent hex only, no counter-entry (engine reading).
  const joining = hexHasSide(m, s, h, s.phaseSide);
  let n = 0;
  for (let i = 0; i < firers.length; i++) {
    const f = firers[i];
    if (st[f] & (DEAD | FIRED_ADJ) || s.dfStamp[f] === serial || s.hex[f] !== h) continue;
    n = shotsAt(E, s, f, s.carrier[a] >= 0 ? s.carrier[a] : a, K_DEFENSIVE, out, n, firstOnly);
    if (firstOnly && n > 0) return n;
    if (!joining && m.opt.cqcCounterEntry && !(st[f] & (IMMOBILE | BROKEN)) && m.uveh[f] === 0 && s.carrier[f] < 0 && s.load[f] === 0 && counterFits(m, s, f, s.hex[a])) {
      if (out) out[n] = A.encode.counter(f);
      n++;
      if (firstOnly) return n;
    }
  }
  return n;
}

export const cqcAdjacent: PendingDecision = {
  legal: (E, s, out) => withPass(E, out, scan(E, s, out, false)),
  apply(E, s, action, ctx) {
    const { m, A } = E;
    const P = s.pending;
    const k = A.kindIndexOf(action);
    if (k === A.kindIndex.fire) {
      s.status[A.read.fire.unit(action)] |= FIRED_ADJ;
      fireIn(E, s, ctx, Arg.cqcAdjacent.serial(P), NAME, action, K_DEFENSIVE);
    } else if (k === A.kindIndex.counter) {
      // [9.1] 2: the anti-phase unit moves into the approaching unit's hex; the CQC is fought there.
      const f = A.read.counter.unit(action);
      const u = Arg.cqcAdjacent.unit(P);
      const h = s.hex[u];
      Frames.pop(P);
      clearFlag(s, FIRED_ADJ);
      if (ctx.log) ctx.log(`${m.uid[f]} counter-enters ${m.grid.id(h)}: the CQC is fought there ([9.1] 2)`);
      placeUnit(m, s, f, h);
      s.status[u] |= DONE | ATTACKED;
      s.mover = -1;
      pushCqcAttack(s, u, h);
    } else E.finish(s, ctx);
  },
  /** The unit enters the hex, unless stopped in the adjacent one (Fig. 10) or nobody is left there. */
  close(E, s, ctx) {
    const { m } = E;
    const a = Arg.cqcAdjacent.unit(s.pending), h = Arg.cqcAdjacent.hex(s.pending);
    if (s.status[a] & (DEAD | IMMOBILE) || !hexHasSide(m, s, h, 1 - s.phaseSide)) {
      clearFlag(s, FIRED_ADJ);
      s.status[a] |= DONE;
      s.mover = -1;
      return;
    }
    const from = s.hex[a];
    const joining = hexHasSide(m, s, h, s.phaseSide); // an ongoing CQC ([9.1.2], [9.3.3])
    s.mp[a] = Math.max(0, s.mp[a] - entryStepCost(m, s, a, h));
    s.status[a] |= DONE | ATTACKED;
    s.mover = -1;
    // Minefields attack a unit entering close quarters combat like any move ([19.1.2]).
    if (s.mine[from] !== 0 && mineAttack(m, s, ctx, a, from) !== 0 && !stillMoving(s, a)) {
      clearFlag(s, FIRED_ADJ);
      return;
    }
    placeUnit(m, s, a, h);
    if (ctx.log) ctx.log(`${m.uid[a]} enters ${m.grid.id(h)}`);
    if (s.mine[h] !== 0 && mineAttack(m, s, ctx, a, h) !== 0 && s.status[a] & DEAD) {
      clearFlag(s, FIRED_ADJ);
      return;
    }
    pushCqcAttack(s, a, h);
    // The same-hex window comes before the entering unit's attack, except when it joins an ongoing
    // CQC: "Same-hex defensive attacks are prohibited" ([9.3.3]).
    if (!joining) openCqcSame(s, a, h);
  },
  offers: (E, s) => scan(E, s, null, true) > 0,
};
