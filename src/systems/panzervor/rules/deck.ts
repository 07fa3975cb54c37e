/**
 * The deck (seed p6, p8, p12, p14; spec §3.9.5, §3.13.3, §3.14, §3.15): drawing, Enforcement cards
 * (resolved only in the Draw Phase, always counted), the stagnant-match Forced End, empty decks and
 * random choices.
 */
import type { PlayContext } from '../../../core/system.ts';
import { END_POINTS, INOP_NONE, INOP_THIS_TURN, STAG, type PvState } from '../state.ts';
import { EN_DESPERATE, K_ENFORCEMENT, tankName, type PvStatic } from '../model.ts';
import { X_ENF, X_RESHUFFLES } from '../metrics.ts';

export function addToHand(s: PvState, side: number, k: number): void {
  s.hand[side][k]++;
  s.handSize[side]++;
}

/** The match ends at once (seed p14): the decision in progress, if any, is the last one. */
export function endGame(s: PvState, winner: number, reason: number): void {
  s.winner = winner;
  s.endReason = reason;
}

/** Forced End (seed p14): the side that destroyed more Point Value wins; equal is a draw. */
export function forcedEnd(s: PvState): void {
  const a = s.pointsKilled[0];
  const b = s.pointsKilled[1];
  endGame(s, a > b ? 0 : b > a ? 1 : -1, END_POINTS);
}

/**
 * Draws one card for `side` (spec §3.9.5, §3.13.3, §3.15). Enforcement cards are resolved only in
 * the Draw Phase, always counted, and arm the Forced End at the threshold.
 */
export function drawCard(G: PvStatic, s: PvState, ctx: PlayContext, side: number, inDrawPhase: boolean): void {
  if (s.deck.length === 0) {
    refillDeck(G, s, ctx);
    if (s.deck.length === 0) return;
  }
  const c = s.deck.pop()!;
  if (c >= STAG) {
    // The armed stagnation card is drawn again: the match ends at once (seed p14).
    s.enfPile[c - STAG]++;
    if (ctx.log) ctx.log(`${G.sideNames[side]} draws ${G.kName[c - STAG]} again: Forced End, points ${s.pointsKilled[0]} to ${s.pointsKilled[1]}`);
    forcedEnd(s);
    return;
  }
  if (G.kType[c] !== K_ENFORCEMENT) {
    if (ctx.log) ctx.log(`${G.sideNames[side]} draws ${G.kName[c]}`);
    addToHand(s, side, c);
    return;
  }
  if (s.stagArmed && G.opt.stagnationEndingCard === 'anyEnforcement') {
    s.enfPile[c]++;
    if (ctx.log) ctx.log(`${G.sideNames[side]} draws ${G.kName[c]}: Forced End, points ${s.pointsKilled[0]} to ${s.pointsKilled[1]}`);
    forcedEnd(s);
    return;
  }
  s.enfDrawn++;
  ctx.tally.addScalar(X_ENF);
  if (ctx.log) ctx.log(`${G.sideNames[side]} draws Enforcement card ${G.kName[c]} (${s.enfDrawn} drawn)${inDrawPhase ? '' : ': discarded without effect'}`);
  if (inDrawPhase) resolveEnforcement(G, s, ctx, side, c);
  if (G.opt.stagnation && !s.stagArmed && s.enfDrawn >= G.opt.stagnationThreshold) {
    // Back into the deck (not the discards), deck shuffled; when drawn again the match ends.
    s.deck.push(c + STAG);
    ctx.dice.shuffle(s.deck);
    s.stagArmed = true;
    if (ctx.log) ctx.log(`stagnant match: ${G.kName[c]} is shuffled back into the deck (${s.deck.length} cards); when drawn again the match ends`);
  } else {
    s.enfPile[c]++;
  }
}

export function refillDeck(G: PvStatic, s: PvState, ctx: PlayContext): void {
  const mode = G.opt.onDeckEmpty;
  if (mode === 'skipDraw') return;
  for (let k = 0; k < G.nK; k++) {
    for (let i = 0; i < s.discard[k]; i++) s.deck.push(k);
    s.discard[k] = 0;
    if (mode === 'reshuffleDiscardsAndEnforcement') {
      for (let i = 0; i < s.enfPile[k]; i++) s.deck.push(k);
      s.enfPile[k] = 0;
    }
  }
  if (s.deck.length > 0) {
    ctx.dice.shuffle(s.deck);
    ctx.tally.addScalar(X_RESHUFFLES);
    if (ctx.log) ctx.log(`the deck is empty: the discard pile is reshuffled into a new deck of ${s.deck.length} cards`);
  }
}

export function resolveEnforcement(G: PvStatic, s: PvState, ctx: PlayContext, side: number, c: number): void {
  if (G.kKind[c] === EN_DESPERATE) {
    s.desperate = true;
    if (ctx.log) ctx.log(`${G.sideNames[side]} may make no movement or attack this turn`);
    return;
  }
  // Tread Damage: a random own tank on the map (seed p12, spec §3.14).
  const cands = G.sideTanks[side];
  let n = 0;
  for (const t of cands) if (s.alive[t]) n++;
  if (n === 0) return;
  let pick = randomChoice(G, ctx, n);
  for (const t of cands) {
    if (!s.alive[t]) continue;
    if (pick-- === 0) {
      if (G.opt.treadDamageEffect === 'immobile') s.immobile[t] = 1;
      else if (s.inop[t] === INOP_NONE) s.inop[t] = INOP_THIS_TURN;
      if (ctx.log) ctx.log(`Tread Damage hits ${tankName(G, t)}: ${G.opt.treadDamageEffect === 'immobile' ? 'Immobile' : 'Inoperative this turn'}`);
      return;
    }
  }
}

/** Random choice among k candidates: one die re-rolled above k (seed p6), uniform above 6. */
export function randomChoice(G: PvStatic, ctx: PlayContext, k: number): number {
  if (k <= 1) return 0;
  if (G.opt.randomChoice === 'd6reroll' && k <= 6) {
    for (;;) {
      const v = 1 + ctx.dice.int(6);
      if (v <= k) return v - 1;
    }
  }
  return ctx.dice.int(k);
}
