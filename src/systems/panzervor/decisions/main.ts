/**
 * The main decision, when nothing else is pending: the phase's (seed p8). In the Action Phase the
 * active player plays an Action card or passes to the Event Phase; in the Event Phase an Event
 * card, or passes to the End Phase. In both, Combat Sense, Recovery and Aide (seed p13, A-07) and
 * the scenario cards (p14). Whatever they start (the card's tanks, Maintenance, Recovery, an extra
 * Action card in the Event Phase) is a decision of its own, pushed as its frame.
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import type { PlayContext } from '../../../core/system.ts';
import { A_PASS, Action, Push, K, SLOT_AIDE, SLOT_COMBAT_SENSE } from '../actions.ts';
import { EV_DRAW, EV_MAINT, K_EVENT, SC_DRAW, SC_EXTRA_ACTION, type PvStatic } from '../model.ts';
import { X_EVENTS } from '../metrics.ts';
import { actionCardOptions, eventPlayable, scenarioCardOptions, specialOptions } from '../rules/cards.ts';
import { exhaust, faceVal } from '../rules/crew.ts';
import { drawCard } from '../rules/deck.ts';
import { enterEndPhase, enterEventPhase } from '../rules/turn.ts';
import { PHASE_EVENT, REC_ABILITY, REC_CARD, isOver, type PvState } from '../state.ts';
import { playActionCard } from './sequence.ts';

export const main: Decision<PvStatic, PvState> = {
  legal(G, s, out) {
    let n = 0;
    out[n++] = A_PASS;
    if (s.phase === PHASE_EVENT) {
      if (s.eventsPlayed < G.rules.eventCardsPerTurn) {
        const h = s.hand[s.active];
        for (let k = 0; k < G.nK; k++) if (h[k] > 0 && G.kType[k] === K_EVENT && eventPlayable(G, s, k)) out[n++] = Action.encode.card(k);
      }
    } else n = actionCardOptions(G, s, out, n);
    n = specialOptions(G, s, out, n);
    return scenarioCardOptions(G, s, out, n);
  },

  apply(G, s, a, ctx) {
    const event = s.phase === PHASE_EVENT;
    if (a === A_PASS) {
      if (event) enterEndPhase(G, s, ctx);
      else enterEventPhase(s);
      return;
    }
    const kind = Action.kindIndexOf(a);
    if (kind === K.card) {
      if (event) playEvent(G, s, ctx, Action.read.card.type(a));
      else playActionCard(G, s, ctx, Action.read.card.type(a));
    } else if (kind === K.ability) useSpecial(G, s, ctx, Action.read.ability.character(a), Action.read.ability.slot(a));
    else playScenarioCard(G, s, ctx, Action.read.scenarioCard.index(a));
  },
};

/** Event card k (seed p8): Morale Boost draws (Enforcement cards drawn are discarded, not replaced, but count); Maintenance/Repair and Recovery choose next. */
function playEvent(G: PvStatic, s: PvState, ctx: PlayContext, k: number): void {
  s.hand[s.active][k]--;
  s.handSize[s.active]--;
  s.eventsPlayed++;
  ctx.tally.addScalar(X_EVENTS);
  s.inPlay = k;
  switch (G.kKind[k]) {
    case EV_DRAW:
      for (let i = 0; i < G.kDraw[k]; i++) {
        drawCard(G, s, ctx, s.active, false);
        if (isOver(s)) break;
      }
      s.discard[k]++;
      s.inPlay = -1;
      return;
    case EV_MAINT:
      Push.maintenance(s.pending, s.active);
      return;
    default:
      Push.recovery(s.pending, s.active, REC_CARD, -1);
  }
}

/** An Action card more in the phase: in the Action Phase the main decision offers it; in the Event Phase it is a decision of its own. */
function extraActionCard(s: PvState): void {
  if (s.phase === PHASE_EVENT) Push.extraAction(s.pending, s.active, -1);
}

/** Combat Sense (one Action card more, once per turn whoever holds it: seed p13, FAQ), Aide (draw n), Recovery (choose next). */
function useSpecial(G: PvStatic, s: PvState, ctx: PlayContext, c: number, slot: number): void {
  if (slot === SLOT_COMBAT_SENSE) {
    s.csUsed = true;
    s.allowance++;
    exhaust(G, s, ctx, c);
    extraActionCard(s);
    return;
  }
  if (slot === SLOT_AIDE) {
    const n = faceVal(s, G.cAide, c);
    exhaust(G, s, ctx, c);
    for (let i = 0; i < n; i++) {
      drawCard(G, s, ctx, s.active, false);
      if (isOver(s)) return;
    }
    return;
  }
  // Recovery ability: choose the target next; the user is exhausted now (and cannot recover itself).
  exhaust(G, s, ctx, c);
  Push.recovery(s.pending, s.active, REC_ABILITY, c);
}

/** Scenario card i of the active player, used once (seed p14; generic effects, RULES.md p6). */
function playScenarioCard(G: PvStatic, s: PvState, ctx: PlayContext, i: number): void {
  const side = s.active;
  const list = s.scenarioCards[side];
  list.splice(list.indexOf(i), 1);
  const sc = G.scenarioCards[side][i];
  if (sc.effect === SC_DRAW) {
    for (let j = 0; j < sc.value; j++) {
      drawCard(G, s, ctx, side, false);
      if (isOver(s)) return;
    }
  } else if (sc.effect === SC_EXTRA_ACTION) {
    s.allowance++;
    extraActionCard(s);
  } else {
    for (const t of G.sideTanks[side]) if (s.alive[t]) s.immobile[t] = 0;
  }
}
