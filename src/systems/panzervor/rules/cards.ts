/**
 * What may be played now (seed p8 Action and Event Phases, p13 Characters, p14 Scenario Cards;
 * spec §3.9, §3.10.4, A-04, A-07, A-10, A-15): which tanks may act on an Action card and how,
 * whether a card is playable at all, and the options of Maintenance/Repair, Recovery, the special
 * abilities and the scenario cards. A card or ability is offered only when it has a use (RULES.md).
 */
import { Action, MAINT_REPAIR, MAINT_TAKE, MAINT_WRECK, SLOT_AIDE, SLOT_COMBAT_SENSE, SLOT_RECOVERY } from '../actions.ts';
import { AK_ATTACK, AK_MOVE, AK_MOVE_OR_ATTACK, AK_MOVE_THEN_ATTACK, AK_SMOKE, EV_DRAW, EV_MAINT, K_ACTION, K_ENFORCEMENT, SC_EXTRA_ACTION, SC_REPAIR, type PvStatic } from '../model.ts';
import { FACE_BACK, FACE_REMOVED, PHASE_ACTION, type PvState } from '../state.ts';
import { faceFlag, faceVal, hasChar } from './crew.ts';
import { canAct, hasTarget } from './fire.ts';

/** How many tanks may act on card k (seed p9-p10; Move cards per option moveCardTanks, A-04). */
export function maxTanks(G: PvStatic, k: number): number {
  if (G.kKind[k] === AK_MOVE && G.opt.moveCardTanks === 'all') return G.nT;
  if (G.kKind[k] === AK_MOVE_OR_ATTACK || G.kKind[k] === AK_MOVE_THEN_ATTACK || G.kKind[k] === AK_SMOKE) return 1;
  return G.kTanks[k];
}

function mayMove(s: PvState, t: number): boolean {
  return canAct(s, t) && !s.immobile[t];
}

/** Modes (bit 0 move, bit 1 attack) in which tank t may use card k now (Inoperative, Immobile: seed p8, A-10). */
export function tankModes(G: PvStatic, s: PvState, t: number, k: number): number {
  if (G.tSide[t] !== s.active || !canAct(s, t) || s.acted.includes(t)) return 0;
  const kind = G.kKind[k];
  const only = G.kSame[k] && s.volleyTarget >= 0 ? s.volleyTarget : -1;
  switch (kind) {
    case AK_MOVE:
      return mayMove(s, t) ? 1 : 0;
    case AK_ATTACK:
      return hasTarget(G, s, t, G.kAtk[k], G.kNoRoll[k] === 1, only) ? 2 : 0;
    case AK_MOVE_OR_ATTACK:
      return (mayMove(s, t) ? 1 : 0) | (hasTarget(G, s, t, G.kAtk[k], false, -1) ? 2 : 0);
    case AK_MOVE_THEN_ATTACK:
      if (mayMove(s, t)) return 1;
      return G.opt.immobileMoveAndAttack === 'attackOnly' && hasTarget(G, s, t, G.kAtk[k], G.kNoRoll[k] === 1, -1) ? 2 : 0;
    default:
      return 1; // smokescreen
  }
}

/** Some tank of the active player may use Action card k now. */
export function cardPlayable(G: PvStatic, s: PvState, k: number): boolean {
  const side = s.active;
  for (const t of G.sideTanks[side]) if (tankModes(G, s, t, k) !== 0) return true;
  return false;
}

export function anyActionCardPlayable(G: PvStatic, s: PvState): boolean {
  const h = s.hand[s.active];
  for (let k = 0; k < G.nK; k++) if (h[k] > 0 && G.kType[k] === K_ACTION && cardPlayable(G, s, k)) return true;
  return false;
}

/** Event card k has a use now (Morale Boost always; Maintenance/Repair and Recovery with a target). */
export function eventPlayable(G: PvStatic, s: PvState, k: number): boolean {
  switch (G.kKind[k]) {
    case EV_DRAW:
      return true;
    case EV_MAINT:
      return maintOptions(G, s, null) > 0;
    default:
      return recoveryOptions(G, s, -1, null) > 0;
  }
}

/** Maintenance/Repair options (spec §3.9.3): repair an own Immobile tank, take a discard, remove a wreck. */
export function maintOptions(G: PvStatic, s: PvState, out: Int32Array | null): number {
  let n = 0;
  for (const t of G.sideTanks[s.active]) if (s.alive[t] && s.immobile[t]) { if (out) out[n] = Action.encode.maintenance(t, MAINT_REPAIR); n++; }
  for (let k = 0; k < G.nK; k++) if (s.discard[k] > 0 && G.kType[k] !== K_ENFORCEMENT) { if (out) out[n] = Action.encode.maintenance(k, MAINT_TAKE); n++; }
  if (G.opt.wreckage) for (let t = 0; t < G.nT; t++) if (!s.alive[t] && s.wreck[t]) { if (out) out[n] = Action.encode.maintenance(t, MAINT_WRECK); n++; }
  return n;
}

/**
 * Recovery targets (seed p8): an own face-down character on the map (turn it up), or an own removed
 * character placed on an own tank (A-15: a tank without a character by default). `user` is the
 * character using the Recovery ability (it cannot recover itself), -1 for the card.
 */
export function recoveryOptions(G: PvStatic, s: PvState, user: number, out: Int32Array | null): number {
  let n = 0;
  const side = s.active;
  for (let c = 0; c < G.nC; c++) {
    if (G.cSide[c] !== side || c === user) continue;
    if (s.chFace[c] === FACE_BACK && s.chTank[c] >= 0) {
      if (out) out[n] = Action.encode.recover(0, c);
      n++;
    } else if (s.chFace[c] === FACE_REMOVED) {
      for (const t of G.sideTanks[side]) {
        if (!s.alive[t]) continue;
        if (G.opt.recoveryTarget === 'emptyTankOnly' && hasChar(G, s, t)) continue;
        if (out) out[n] = Action.encode.recover(t + 1, c);
        n++;
      }
    }
  }
  return n;
}

/** Special abilities (Combat Sense, Recovery, Aide) usable now by the active player (seed p13, A-07), written to out from n. */
export function specialOptions(G: PvStatic, s: PvState, out: Int32Array, n: number): number {
  if (s.phase === PHASE_ACTION && G.opt.specialAbilityPhases === 'eventOnly') return n;
  const side = s.active;
  let csUseful = -1; // computed lazily
  for (let c = 0; c < G.nC; c++) {
    if (G.cSide[c] !== side || s.chTank[c] < 0 || !s.alive[s.chTank[c]] || s.chFace[c] > FACE_BACK) continue;
    if (faceFlag(s, G.cCS, c) && !s.csUsed && !s.desperate && s.actionsPlayed >= s.allowance) {
      if (csUseful < 0) csUseful = anyActionCardPlayable(G, s) ? 1 : 0;
      if (csUseful === 1) out[n++] = Action.encode.ability(SLOT_COMBAT_SENSE, c);
    }
    if (faceFlag(s, G.cRec, c) && recoveryOptions(G, s, c, null) > 0) out[n++] = Action.encode.ability(SLOT_RECOVERY, c);
    if (faceVal(s, G.cAide, c) > 0) out[n++] = Action.encode.ability(SLOT_AIDE, c);
  }
  return n;
}

/** The active player's unused scenario cards that have a use now (seed p14), written to out from n. */
export function scenarioCardOptions(G: PvStatic, s: PvState, out: Int32Array, n: number): number {
  const side = s.active;
  for (const i of s.scenarioCards[side]) {
    const sc = G.scenarioCards[side][i];
    if (sc.effect === SC_EXTRA_ACTION && (s.desperate || s.actionsPlayed < s.allowance || !anyActionCardPlayable(G, s))) continue;
    if (sc.effect === SC_REPAIR && !G.sideTanks[side].some((t) => s.alive[t] && s.immobile[t])) continue;
    out[n++] = Action.encode.scenarioCard(i);
  }
  return n;
}

/** Action cards of the active player playable now (an allowance left, no Desperate Situation), written to out from n. */
export function actionCardOptions(G: PvStatic, s: PvState, out: Int32Array, n: number): number {
  if (!s.desperate && s.actionsPlayed < s.allowance) {
    const h = s.hand[s.active];
    for (let k = 0; k < G.nK; k++) if (h[k] > 0 && G.kType[k] === K_ACTION && cardPlayable(G, s, k)) out[n++] = Action.encode.card(k);
  }
  return n;
}
