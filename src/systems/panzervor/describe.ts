/** Human-readable action codes for transcripts and error messages. */
import { DIR_NAMES } from '../../core/geometry/hex/index.ts';
import {
  A_PASS, CAT_ABIL, CAT_CARD, CAT_DISCARD, CAT_EAVES, CAT_MAINT, CAT_PLACE, CAT_PLACE_CHAR, CAT_REACT, CAT_RECOVER, CAT_SCARD, CAT_STEP,
  CAT_TANK, CAT_TARGET, CAT_TURRET, CAT_USE, MAINT_REPAIR, MAINT_TAKE, SLOT_AIDE, SLOT_COMBAT_SENSE, STEP_ABILITY_BASE, STEP_FORWARD,
  STEP_REVERSE, catOf, decodeReact, payloadOf, turnOfStep,
} from './codes.ts';
import { pendingFreeChar } from './engine.ts';
import { S_ABIL, S_ACTION, S_EAVES, S_EVENT, S_MAINT, S_MOVE, S_REACT, S_RECOVER, S_TANK, S_TARGET, S_TURRET, type PvState } from './state.ts';
import { AK_MOVE_OR_ATTACK, tankName, type PvStatic } from './static.ts';

export { tankName };


export function describeAction(G: PvStatic, s: PvState, a: number): string {
  const cat = catOf(a);
  const p = payloadOf(a);
  const who = G.sideNames[s.decider] ?? `side ${s.decider}`;
  if (a === A_PASS) {
    switch (s.step) {
      case S_ACTION: return `${who}: pass (no more Action cards)`;
      case S_EVENT: return `${who}: end the Event Phase`;
      case S_TANK: return `${who}: no more tanks on this card`;
      case S_MOVE: return `${who}: stop ${tankName(G, s.mvTank)} in ${G.grid.id(s.hex[s.mvTank])} facing ${DIR_NAMES[s.facing[s.mvTank]]}`;
      case S_TURRET: return `${who}: keep the turret`;
      case S_TARGET: return `${who}: no attack`;
      case S_REACT: return `${who}: no Reaction`;
      case S_EAVES: return `${who}: no Eavesdropping`;
      case S_ABIL: return `${who}: keep the character (no ability on this roll)`;
      case S_MAINT: case S_RECOVER: return `${who}: nothing to choose`;
      default: return `${who}: pass`;
    }
  }
  switch (cat) {
    case CAT_CARD: return `${who}: play ${G.kName[p]}`;
    case CAT_ABIL: {
      const c = p >> 2;
      const slot = p & 3;
      const what = slot === SLOT_COMBAT_SENSE ? 'Combat Sense' : slot === SLOT_AIDE ? 'Aide' : 'Recovery';
      return `${who}: ${G.cName[c]} uses ${what}`;
    }
    case CAT_SCARD: return `${who}: play scenario card ${G.scenarioCards[s.decider][p]?.name ?? p}`;
    case CAT_TANK: {
      const t = p >> 1;
      const mode = s.step === S_TANK && G.kKind[s.card] === AK_MOVE_OR_ATTACK ? (p & 1 ? ' to fire' : ' to move') : '';
      return `${who}: ${tankName(G, t)} acts${mode}`;
    }
    case CAT_STEP: {
      const t = s.mvTank;
      if (p >= STEP_ABILITY_BASE) return `${who}: ${G.cName[p - STEP_ABILITY_BASE]} adds a movement bonus to ${tankName(G, t)}`;
      if (p === STEP_FORWARD) return `${who}: ${tankName(G, t)} forward to ${G.grid.id(G.grid.neighbour(s.hex[t], s.facing[t]))}`;
      if (p === STEP_REVERSE) return `${who}: ${tankName(G, t)} reverses to ${G.grid.id(G.grid.neighbour(s.hex[t], (s.facing[t] + 3) % 6))}`;
      const k = turnOfStep(p);
      return `${who}: ${tankName(G, t)} turns ${k > 0 ? 'right' : 'left'} ${Math.abs(k)} hex-side${Math.abs(k) > 1 ? 's' : ''} to ${DIR_NAMES[(((s.facing[t] + k) % 6) + 6) % 6]}`;
    }
    case CAT_TARGET: {
      const t = s.acted[s.acted.length - 1];
      const tgt = p >> 1;
      const gun = G.nG[t] > 1 ? ` with its ${G.gRole[2 * t + (p & 1)]} gun` : '';
      return `${who}: ${tankName(G, t)} fires at ${tankName(G, tgt)}${gun} (distance ${G.grid.distance(s.hex[t], s.hex[tgt])})`;
    }
    case CAT_REACT: {
      const r = decodeReact(a);
      return r.firer >= 0 ? `${who}: ${G.kName[r.card]} by ${tankName(G, r.firer)}` : `${who}: ${G.kName[r.card]}`;
    }
    case CAT_USE: return `${who}: ${G.cName[p]} uses an ability on this roll`;
    case CAT_TURRET: return `${who}: turret of ${tankName(G, s.mvTank)} to offset ${p}`;
    case CAT_MAINT: {
      const kind = p >> 16;
      const x = p & 0xffff;
      if (kind === MAINT_REPAIR) return `${who}: Repair ${tankName(G, x)}`;
      if (kind === MAINT_TAKE) return `${who}: Maintenance, take ${G.kName[x]} from the discard pile`;
      return `${who}: remove the wreck of ${tankName(G, x)}`;
    }
    case CAT_RECOVER: {
      const c = p >> 10;
      const t = (p & 1023) - 1;
      return t < 0 ? `${who}: Recovery turns ${G.cName[c]} face up` : `${who}: Recovery places ${G.cName[c]} on ${tankName(G, t)}`;
    }
    case CAT_DISCARD: return `${who}: discard ${G.kName[p]}`;
    case CAT_PLACE: {
      const t = s.placeQueue[s.placeNext];
      return `${who}: place ${tankName(G, t)} in ${G.grid.id(p >> 3)} facing ${DIR_NAMES[p & 7]}`;
    }
    case CAT_EAVES: return `${who}: ${G.kName[p]} cancels the Reaction`;
    case CAT_PLACE_CHAR: return `${who}: place ${G.cName[pendingFreeChar(G, s)]} on ${tankName(G, p)}`;
    default: return `${who}: action ${a}`;
  }
}

