/**
 * Which Reaction cards may be played now (seed p12 "Reactions", spec §3.9.4, A-17): in window W1
 * (after an enemy tank's move), W2 (before its attack roll) or W3 (after a hit) by the opponent of
 * the active player, and Eavesdropping (WR) by the active player against that Reaction. One list
 * serves the decision (decisions/reaction.ts, eavesdrop.ts) and the test whether the window opens
 * at all (decisions/sequence.ts): a window whose player holds no playable card is skipped.
 */
import { Action } from '../actions.ts';
import { K_REACTION, RE_CANCEL_HIT, RE_CANCEL_REACTION, RE_MOD, RE_QUICK, type PvStatic } from '../model.ts';
import { W1, W2, W3, WR, type PvState } from '../state.ts';
import { NOT_ELIGIBLE, canAct, eligibility } from './fire.ts';

/** The enemy tank a Quick Shot in this window must target (spec §3.9.4): the tank that moved or is attacking, or -1. */
export function quickShotTarget(s: PvState, w: number): number {
  return w === W1 ? s.mvTank : w === W2 ? s.aAtt[0] : -1;
}

function quickShotFirerOk(G: PvStatic, s: PvState, w: number, f: number): boolean {
  if (G.opt.quickShotFirer === 'targetedTankOnly' && w === W2) return f === s.aTgt[0];
  return true;
}

/**
 * The Reaction cards of the active player's opponent playable in window w, written to out from
 * index n (a Quick Shot once per firing tank and gun); returns the new count. With out null:
 * 1 as soon as one is found, else 0.
 */
export function reactionOptions(G: PvStatic, s: PvState, w: number, out: Int32Array | null, n: number): number {
  const side = 1 - s.active;
  const h = s.hand[side];
  for (let k = 0; k < G.nK; k++) {
    if (h[k] === 0 || G.kType[k] !== K_REACTION || (G.kWin[k] & w) === 0) continue;
    const eff = G.kKind[k];
    if (eff === RE_MOD && w === W2 && !s.aNoRoll[0]) {
      if (!out) return 1;
      out[n++] = Action.encode.reaction(0, 0, k);
    } else if (eff === RE_CANCEL_HIT && w === W3) {
      if (!out) return 1;
      out[n++] = Action.encode.reaction(0, 0, k);
    } else if (eff === RE_QUICK && (w === W1 || w === W2)) {
      const tgt = quickShotTarget(s, w);
      for (const f of G.sideTanks[side]) {
        if (!canAct(s, f) || !quickShotFirerOk(G, s, w, f)) continue;
        for (let g = 0; g < G.nG[f]; g++) {
          if (eligibility(G, s, f, g, tgt, G.kRMod[k], false) === NOT_ELIGIBLE) continue;
          if (!out) return 1;
          out[n++] = Action.encode.reaction(g, f + 1, k);
        }
      }
    }
  }
  return n;
}

/** The Eavesdropping cards of the active player (WR), written to out from n; with out null, 1 as soon as one is found. */
export function eavesdropOptions(G: PvStatic, s: PvState, out: Int32Array | null, n: number): number {
  const h = s.hand[s.active];
  for (let k = 0; k < G.nK; k++) {
    if (h[k] > 0 && G.kType[k] === K_REACTION && G.kKind[k] === RE_CANCEL_REACTION && (G.kWin[k] & WR) !== 0) {
      if (!out) return 1;
      out[n++] = Action.encode.eavesdrop(k);
    }
  }
  return n;
}
