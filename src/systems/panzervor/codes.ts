/**
 * Action codes: non-negative int32 = (category << 20) | payload. Each decision offers a small set
 * of them; `describeAction` (describe.ts) turns them into text.
 */
export const CAT_SHIFT = 20;
const PAYLOAD = (1 << CAT_SHIFT) - 1;

/** Pass / done / stop / decline / keep, depending on the decision. */
export const A_PASS = 0;
export const CAT_CARD = 1; // play a card of type k (Action at S_ACTION, Event at S_EVENT)
export const CAT_ABIL = 2; // special ability: character * 4 + slot (SLOT_*)
export const CAT_SCARD = 3; // scenario card index
export const CAT_TANK = 4; // tank * 2 + mode (0 move / default, 1 attack for Move or Fire)
export const CAT_STEP = 5; // movement step (STEP_*), or STEP_ABILITY_BASE + character
export const CAT_TARGET = 6; // target * 2 + gun
export const CAT_REACT = 7; // card * 1024 + (firer + 1) * 2 + gun (firer -1 = not a Quick Shot)
export const CAT_USE = 8; // roll ability: character
export const CAT_TURRET = 9; // new turret offset 0..5
export const CAT_MAINT = 10; // kind * 65536 + x (MAINT_*)
export const CAT_RECOVER = 11; // character * 1024 + (tank + 1), tank -1 = turn face up in place
export const CAT_DISCARD = 12; // card type
export const CAT_PLACE = 13; // hex * 8 + facing
export const CAT_EAVES = 14; // card type
export const CAT_PLACE_CHAR = 15; // tank

export const SLOT_COMBAT_SENSE = 0;
export const SLOT_RECOVERY = 1;
export const SLOT_AIDE = 2;

export const STEP_FORWARD = 0;
export const STEP_REVERSE = 1;
/** Turns: payload 2..6 for k = -2, -1, +1, +2, +3 hex-sides (positive = clockwise). */
export const STEP_TURN_BASE = 2;
export const TURN_KS = [-2, -1, 1, 2, 3] as const;
export const STEP_ABILITY_BASE = 16;

export const MAINT_REPAIR = 0;
export const MAINT_TAKE = 1;
export const MAINT_WRECK = 2;

export function code(cat: number, payload: number): number {
  return (cat << CAT_SHIFT) | payload;
}

export function catOf(a: number): number {
  return a >>> CAT_SHIFT;
}

export function payloadOf(a: number): number {
  return a & PAYLOAD;
}

export function turnCode(k: number): number {
  return STEP_TURN_BASE + (k < 0 ? k + 2 : k + 1);
}

export function turnOfStep(step: number): number {
  return TURN_KS[step - STEP_TURN_BASE];
}

export function reactCode(card: number, firer: number, gun: number): number {
  return code(CAT_REACT, card * 1024 + (firer + 1) * 2 + gun);
}

export function decodeReact(a: number): { card: number; firer: number; gun: number } {
  const p = payloadOf(a);
  const card = Math.floor(p / 1024);
  const rest = p % 1024;
  return { card, firer: (rest >> 1) - 1, gun: rest & 1 };
}
