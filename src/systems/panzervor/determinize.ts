/**
 * What one side of Panzer Vor! may not see, resampled (observe.ts says what is hidden):
 *  - the opponent's hand: only its size is known. The unseen cards, the opponent's hand plus the
 *    draw pile, are dealt again at random, keeping the hand size. Enforcement cards never enter
 *    a hand (they are resolved or discarded when drawn, seed p12), so they stay in the pile;
 *  - the order of the draw pile (nobody sees it): shuffled, the armed stagnation card included;
 *  - under abilityOrder 'simultaneous' (spec §6 A-02), the attacker's secret character choice
 *    (the `sealed` argument of the defender's ability decision), when the opponent is the
 *    attacker: drawn uniformly among 'no ability' and the characters the attacker could
 *    decisively use (decisiveChars, which the defender can work out too).
 * Everything else (board, discards, Enforcement pile, own hand, scenario cards) is public.
 */
import type { Rng } from '../../core/rng/rng.ts';
import { Frames, NO_SEAL, sealedChoice } from './actions.ts';
import { decisiveChars } from './rules/attack.ts';
import { AB_ATT_ATTACK, AB_ATT_DAMAGE, AB_DEF_DAMAGE, SEALED, STAG, cloneState, type PvState } from './state.ts';
import { K_ENFORCEMENT, type PvStatic } from './model.ts';

export function determinize(G: PvStatic, s: PvState, side: number, rng: Rng): PvState {
  const d = cloneState(s);
  const opp = 1 - side;
  // The unseen cards that may be in a hand: the opponent's hand and the pile's ordinary cards.
  const pool: number[] = [];
  const pileOnly: number[] = [];
  const hand = d.hand[opp];
  for (let k = 0; k < hand.length; k++) for (let i = 0; i < hand[k]; i++) pool.push(k);
  for (const c of d.deck) {
    if (c >= STAG || G.kType[c] === K_ENFORCEMENT) pileOnly.push(c);
    else pool.push(c);
  }
  rng.shuffle(pool);
  hand.fill(0);
  const size = d.handSize[opp];
  for (let i = 0; i < size; i++) hand[pool[i]]++;
  d.deck.length = 0;
  for (let i = size; i < pool.length; i++) d.deck.push(pool[i]);
  for (const c of pileOnly) d.deck.push(c);
  rng.shuffle(d.deck);
  // A secret simultaneous ability choice of the opposing attacker (sealed in the defender's ability
  // decision). A roll whose choice was sealed and already revealed draws too (its choice is public
  // by then, and the draw goes nowhere): the draws stay those of the searches recorded so far.
  const pending = sealedChoice(d.pending) !== NO_SEAL;
  for (let L = 0; L < 2; L++) {
    if ((d.aDecided[L] & SEALED) === 0 || d.aAtt[L] < 0 || G.tSide[d.aAtt[L]] === side) continue;
    const role = L === d.layer && d.abRole === AB_DEF_DAMAGE ? AB_ATT_DAMAGE : AB_ATT_ATTACK;
    const cands: number[] = [];
    const n = decisiveChars(G, d, L, role, cands);
    const k = rng.int(n + 1);
    if (pending && Frames.arg(d.pending, 'ability', 'layer') === L) Frames.setArg(d.pending, 'ability', 'sealed', k === n ? -1 : cands[k]);
  }
  return d;
}
