/**
 * A player's turn (seed p8 "Sequence of Play", spec §2.2): Draw -> Action -> Event -> End, then the
 * opponent's turn. The Action and Event Phases are the main decision (decisions/main.ts); the
 * End Phase's discards are a decision of their own (decisions/discard.ts).
 */
import type { PlayContext } from '../../../core/system.ts';
import { Push } from '../actions.ts';
import type { PvStatic } from '../model.ts';
import { END_TURN_LIMIT, INOP_NONE, INOP_THIS_TURN, PHASE_ACTION, PHASE_END, PHASE_EVENT, isOver, type PvState } from '../state.ts';
import { drawCard, endGame } from './deck.ts';

/**
 * The active player's turn begins (after the scenario's last turn the match ends, `maxTurns`):
 * the turn's allowances are reset, the own Smokescreen markers expire, and the Draw Phase draws
 * (Enforcement cards resolve at once and may end the match, seed p12, p14).
 */
export function startTurn(G: PvStatic, s: PvState, ctx: PlayContext): void {
  if (G.maxTurns > 0 && s.turn >= G.maxTurns) {
    endGame(s, -1, END_TURN_LIMIT);
    return;
  }
  s.turn++;
  s.phase = PHASE_ACTION;
  s.actionsPlayed = 0;
  s.allowance = G.rules.actionCardsPerTurn;
  s.eventsPlayed = 0;
  s.csUsed = false;
  s.desperate = false;
  s.missed = false;
  s.endDone[s.active] = false;
  for (let t = 0; t < G.nT; t++) s.rotUsed[t] = 0;
  // Smokescreen markers last until their owner's next turn.
  for (let i = s.smokeSide.length - 1; i >= 0; i--) {
    if (s.smokeSide[i] === s.active) {
      s.smokeSide.splice(i, 1);
      s.smokeHex.splice(i, 1);
    }
  }
  for (let i = 0; i < G.rules.drawsPerTurn; i++) {
    drawCard(G, s, ctx, s.active, true);
    if (isOver(s)) return;
  }
}

/** The Action Phase is over (a pass, or a miss under missEndsActionPhase, A-05): the Event Phase. */
export function enterEventPhase(s: PvState): void {
  s.phase = PHASE_EVENT;
}

/** The Event Phase is over: the End Phase discards down to the hand limit, then the turn ends. */
export function enterEndPhase(G: PvStatic, s: PvState, ctx: PlayContext): void {
  s.phase = PHASE_END;
  if (s.handSize[s.active] > G.rules.handLimit) {
    Push.discard(s.pending, s.active);
    return;
  }
  endTurn(G, s, ctx);
}

/** The turn ends: Inoperative-this-turn markers go, and the opponent's turn begins. */
export function endTurn(G: PvStatic, s: PvState, ctx: PlayContext): void {
  s.endDone[s.active] = true;
  for (let t = 0; t < G.nT; t++) if (s.inop[t] === INOP_THIS_TURN && G.tSide[t] === s.active) s.inop[t] = INOP_NONE;
  s.active = 1 - s.active;
  startTurn(G, s, ctx);
}
