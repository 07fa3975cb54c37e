/** Invariants for the shared random-playout battery (returns violations; empty = fine). */
import { Frames, NO_SEAL, openWindowOf } from './actions.ts';
import { sideToAct } from '../../core/decision/stack.ts';
import { AB_ATT_ATTACK, AB_ATT_DAMAGE, AB_DEF_ATTACK, AB_DEF_DAMAGE, FACE_BACK, INOP_NONE, PHASE_END, PHASE_EVENT, PHASE_SETUP, SEALED, STAG, W1, W2, W3, isOver, type PvState } from './state.ts';
import type { PvStatic } from './model.ts';

/** Who must take the pending decision, by its kind and arguments (actions.ts Frames), or -1 for none. */
function decider(G: PvStatic, s: PvState): number {
  const p = s.pending;
  switch (Frames.top(p)) {
    case 'place': return G.tSide[Frames.arg(p, 'place', 'tank')];
    case 'placeCharacter': return G.cSide[Frames.arg(p, 'placeCharacter', 'character')];
    case 'reaction': return 1 - s.active;
    case 'ability': {
      const L = Frames.arg(p, 'ability', 'layer');
      const role = Frames.arg(p, 'ability', 'role');
      const attSide = s.aAtt[L] >= 0 ? G.tSide[s.aAtt[L]] : -1;
      return role === AB_ATT_ATTACK || role === AB_ATT_DAMAGE ? attSide : 1 - attSide;
    }
    default: return s.active;
  }
}

export function checkInvariants(G: PvStatic, s: PvState): string[] {
  const out: string[] = [];
  // The pending decision: one at a time (each is pushed when reached and removed when complete),
  // none once the match is over; its side, its phase, and the attack it is about.
  const p = s.pending;
  const top = Frames.top(p);
  if (p.depth > 1) out.push(`${p.depth} pending decisions (${Frames.describe(p)})`);
  if (isOver(s) && p.depth > 0) out.push(`a decision pending after the end of the match (${Frames.describe(p)})`);
  else if (!isOver(s)) {
    if (p.depth > 0 && sideToAct(p, -1) !== decider(G, s)) out.push(`${top} decision by side ${sideToAct(p, -1)}, expected side ${decider(G, s)}`);
    const setup = top === 'place' || top === 'placeCharacter';
    if (setup !== (s.phase === PHASE_SETUP)) out.push(`${top ?? 'main'} decision in phase ${s.phase}`);
    if ((top === 'discard') !== (s.phase === PHASE_END)) out.push(`${top ?? 'main'} decision in phase ${s.phase} (discards are the End Phase's)`);
    if (top === 'extraAction' && s.phase !== PHASE_EVENT) out.push(`an extra Action card decision in phase ${s.phase}`);
    const card = top === 'tank' || top === 'move' || top === 'turret' || top === 'target' || top === 'reaction' || top === 'eavesdrop' || top === 'ability';
    if (card && s.card < 0) out.push(`${top} decision with no card in play`);
    if (top === null && s.card >= 0) out.push(`card ${G.kId[s.card]} in play with nothing pending`);
    if (top === 'reaction' || top === 'eavesdrop') {
      const w = openWindowOf(p);
      if (w !== W1 && w !== W2 && w !== W3) out.push(`${top} decision without an open window (${Frames.describe(p)})`);
    }
    if (top === 'ability') {
      const L = Frames.arg(p, 'ability', 'layer');
      const role = Frames.arg(p, 'ability', 'role');
      if (L !== s.layer || role !== s.abRole) out.push(`ability decision (layer ${L}, role ${role}) is not the current roll (layer ${s.layer}, role ${s.abRole})`);
      if (Frames.arg(p, 'ability', 'sealed') !== NO_SEAL) {
        if (G.opt.abilityOrder !== 'simultaneous' || (role !== AB_DEF_ATTACK && role !== AB_DEF_DAMAGE)) out.push(`a sealed ability choice under the ${G.opt.abilityOrder} order, role ${role} deciding (${Frames.describe(p)})`);
        if ((s.aDecided[L] & SEALED) === 0) out.push(`sealed ability choice of layer ${L} without its SEALED mark (${Frames.describe(p)})`);
      }
    }
  }
  // One tank per hex (a wreck may share, Wreckage; a moving tank may pass through, Cutting Through).
  const seen = new Map<number, number>();
  for (let t = 0; t < G.nT; t++) {
    if (!s.alive[t]) {
      if (s.hex[t] >= 0 && !s.wreck[t]) out.push(`destroyed tank ${G.tLabel[t]} still on the map without a wreck`);
      continue;
    }
    if (s.hex[t] < 0) {
      if (s.phase !== PHASE_SETUP) out.push(`tank ${G.tLabel[t]} alive but off the map after set-up`);
      continue;
    }
    if (G.enterCost[s.hex[t]] < 0) out.push(`tank ${G.tLabel[t]} stands on prohibited terrain ${G.grid.id(s.hex[t])}`);
    if (s.facing[t] < 0 || s.facing[t] > 5) out.push(`tank ${G.tLabel[t]} has facing ${s.facing[t]}`);
    const other = seen.get(s.hex[t]);
    if (other !== undefined) {
      const passing = G.opt.cuttingThrough && Frames.isTop(s.pending, 'move') && (s.mvTank === t || s.mvTank === other);
      if (!passing) out.push(`tanks ${G.tLabel[other]} and ${G.tLabel[t]} share hex ${G.grid.id(s.hex[t])}`);
    }
    seen.set(s.hex[t], t);
    if (s.rotUsed[t] > G.tRot[t] && G.opt.turretRotation) out.push(`turret of ${G.tLabel[t]} rotated ${s.rotUsed[t]} > ${G.tRot[t]} this turn`);
    if (s.inop[t] !== INOP_NONE && s.inop[t] !== 1 && s.inop[t] !== 2) out.push(`bad Inoperative marker on ${G.tLabel[t]}`);
  }
  // Cards: conservation and hand bookkeeping.
  let total = s.deck.length + (s.inPlay >= 0 ? 1 : 0);
  for (let side = 0; side < 2; side++) {
    let h = 0;
    for (let k = 0; k < G.nK; k++) {
      if (s.hand[side][k] < 0) out.push(`side ${side} holds ${s.hand[side][k]} of ${G.kId[k]}`);
      h += s.hand[side][k];
    }
    if (h !== s.handSize[side]) out.push(`side ${side} hand size ${s.handSize[side]} but holds ${h} cards`);
    total += h;
    // Hand limit after every End Phase: the side not on turn has finished one since its last draw.
    if (s.endDone[side] && side !== s.active && s.handSize[side] > G.rules.handLimit) out.push(`side ${side} holds ${s.handSize[side]} cards after its End Phase (limit ${G.rules.handLimit})`);
  }
  for (let k = 0; k < G.nK; k++) {
    if (s.discard[k] < 0 || s.enfPile[k] < 0 || s.removed[k] < 0) out.push(`negative pile count for ${G.kId[k]}`);
    total += s.discard[k] + s.enfPile[k] + s.removed[k];
  }
  if (total !== G.totalCards) out.push(`card conservation: ${total} cards accounted for, ${G.totalCards} in the game`);
  let armed = 0;
  for (const c of s.deck) if (c >= STAG) armed++;
  if (armed > 1 || (armed === 1 && !s.stagArmed)) out.push(`stagnation card marked ${armed} times (armed ${s.stagArmed})`);
  // Movement points never negative.
  if (s.mvMp < 0) out.push(`movement points ${s.mvMp} < 0`);
  // Characters: on alive tanks or off the map; one per tank unless the scenario put more.
  for (let c = 0; c < G.nC; c++) {
    const t = s.chTank[c];
    if (t >= 0 && (!s.alive[t] || s.chFace[c] > FACE_BACK)) out.push(`character ${G.cName[c]} on tank ${G.tLabel[t]} in state ${s.chFace[c]}`);
  }
  if (isOver(s) && s.winner < -1) out.push('bad winner');
  if (s.actionsPlayed > s.allowance) out.push(`${s.actionsPlayed} Action cards played with an allowance of ${s.allowance}`);
  if (s.eventsPlayed > G.rules.eventCardsPerTurn) out.push(`${s.eventsPlayed} Event cards played this turn`);
  if (s.reactUsed > G.rules.reactionsPerAction) out.push(`${s.reactUsed} Reactions against one action`);
  return out;
}
