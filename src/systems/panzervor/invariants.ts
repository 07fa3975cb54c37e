/** Invariants for the shared random-playout battery (returns violations; empty = fine). */
import { Frames, openWindowOf, sealedAbilityAt } from './actions.ts';
import { frameArg, frameSide, sideToAct } from '../../core/decision/stack.ts';
import { AB_DEF_ATTACK, AB_DEF_DAMAGE, FACE_BACK, INOP_NONE, SEALED, S_ABIL, S_EAVES, S_MOVE, S_OVER, S_REACT, STAG, W1, W2, W3, type PvState } from './state.ts';
import type { PvStatic } from './model.ts';

export function checkInvariants(G: PvStatic, s: PvState): string[] {
  const out: string[] = [];
  // Pending decisions: a Reaction window is on top exactly at S_REACT, an Eavesdropping answer over
  // its window exactly at S_EAVES, nothing otherwise; the deciding side is the top frame's.
  // At S_ABIL the deciding side's ability frame is on top (about s.layer and s.abRole), over the
  // attacker's sealed choice when the defender decides under 'simultaneous', and nothing else.
  const p = s.pending;
  const sealed = sealedAbilityAt(p) >= 0;
  const wantDepth = s.step === S_REACT ? 1 : s.step === S_EAVES ? 2 : s.step === S_ABIL ? (sealed ? 2 : 1) : 0;
  if (p.depth !== wantDepth) out.push(`step ${s.step} with ${p.depth} pending frames (${Frames.describe(p)})`);
  else if (s.step === S_REACT && !Frames.isTop(p, 'reaction')) out.push(`S_REACT without a reaction frame (${Frames.describe(p)})`);
  else if (s.step === S_EAVES && !Frames.isTop(p, 'eavesdrop')) out.push(`S_EAVES without an eavesdrop frame (${Frames.describe(p)})`);
  else if (s.step === S_ABIL) {
    if (!Frames.isTop(p, 'ability')) out.push(`S_ABIL without an ability frame (${Frames.describe(p)})`);
    else {
      const L = Frames.arg(p, 'ability', 'layer');
      const role = Frames.arg(p, 'ability', 'role');
      if (L !== s.layer || role !== s.abRole) out.push(`ability frame (layer ${L}, role ${role}) is not the current roll (layer ${s.layer}, role ${s.abRole})`);
      if (sealed) {
        const attSide = s.aAtt[L] >= 0 ? G.tSide[s.aAtt[L]] : -1;
        if (G.opt.abilityOrder !== 'simultaneous' || (role !== AB_DEF_ATTACK && role !== AB_DEF_DAMAGE)) out.push(`a sealed ability choice under the ${G.opt.abilityOrder} order, role ${role} deciding (${Frames.describe(p)})`);
        if (frameArg(p, 0, 1) !== L || frameSide(p, 1) !== attSide || (s.aDecided[L] & SEALED) === 0) out.push(`sealed ability choice not the attacker's of layer ${L} (${Frames.describe(p)})`);
      }
    }
  }
  if (wantDepth > 0) {
    if (s.step !== S_ABIL) {
      const w = openWindowOf(p);
      if (w !== W1 && w !== W2 && w !== W3) out.push(`pending decision without an open window (${Frames.describe(p)})`);
    }
    if (sideToAct(p, -1) !== s.decider) out.push(`top frame side ${sideToAct(p, -1)} is not the decider ${s.decider}`);
  }
  // One tank per hex (a wreck may share, Wreckage; a moving tank may pass through, Cutting Through).
  const seen = new Map<number, number>();
  for (let t = 0; t < G.nT; t++) {
    if (!s.alive[t]) {
      if (s.hex[t] >= 0 && !s.wreck[t]) out.push(`destroyed tank ${G.tLabel[t]} still on the map without a wreck`);
      continue;
    }
    if (s.hex[t] < 0) {
      if (s.step !== 1) out.push(`tank ${G.tLabel[t]} alive but off the map after set-up`);
      continue;
    }
    if (G.enterCost[s.hex[t]] < 0) out.push(`tank ${G.tLabel[t]} stands on prohibited terrain ${G.grid.id(s.hex[t])}`);
    if (s.facing[t] < 0 || s.facing[t] > 5) out.push(`tank ${G.tLabel[t]} has facing ${s.facing[t]}`);
    const other = seen.get(s.hex[t]);
    if (other !== undefined) {
      const passing = G.opt.cuttingThrough && s.step === S_MOVE && (s.mvTank === t || s.mvTank === other);
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
  if (s.step === S_OVER && s.winner < -1) out.push('bad winner');
  if (s.actionsPlayed > s.allowance) out.push(`${s.actionsPlayed} Action cards played with an allowance of ${s.allowance}`);
  if (s.eventsPlayed > G.rules.eventCardsPerTurn) out.push(`${s.eventsPlayed} Event cards played this turn`);
  if (s.reactUsed > G.rules.reactionsPerAction) out.push(`${s.reactUsed} Reactions against one action`);
  return out;
}
