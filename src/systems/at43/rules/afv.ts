/**
 * Damage to armoured fighting vehicles (seed p.51-53): each successful damage test rolls a
 * location; a destroyed part passes the damage to the frame; damage beyond a part's SP overflows
 * to the frame; 0 SP on a weapon makes it unusable, on the propulsion immobilises, on the frame
 * destroys the AFV. Parts live in a flat SP array: [o] frame, [o+1] propulsion, [o+2..] weapons.
 */
export const PART_PROPULSION = 0;
export const PART_FRAME = 1;
export const PART_WEAPON = 2;
export const SP_STRIDE = 6;

/** Weapon slot hit on a location 6 (chosen by the active player; modelled by a fixed policy). */
export function pickWeaponSlot(sp: ArrayLike<number>, o: number, nWeapons: number, policy: 'mostSP' | 'first'): number {
  let best = -1;
  for (let w = 0; w < nWeapons; w++) {
    const v = sp[o + 2 + w];
    if (v <= 0) continue;
    if (best < 0 || (policy === 'mostSP' && v > sp[o + 2 + best])) best = w;
  }
  return best;
}

/**
 * Applies `dmg` damage points at location `part` (PART_*) to the AFV whose parts start at `o`.
 * Returns true when the frame reaches 0 SP (the AFV is destroyed).
 */
export function applyAfvDamage(sp: number[] | Int32Array, o: number, nWeapons: number, part: number, dmg: number, policy: 'mostSP' | 'first'): boolean {
  let slot = o;
  if (part === PART_PROPULSION) slot = o + 1;
  else if (part === PART_WEAPON) {
    const w = pickWeaponSlot(sp, o, nWeapons, policy);
    slot = w < 0 ? o : o + 2 + w;
  }
  if (slot !== o && sp[slot] <= 0) slot = o; // a destroyed part passes the damage to the frame
  const loss = Math.min(dmg, sp[slot]);
  sp[slot] -= loss;
  const over = dmg - loss;
  if (over > 0 && slot !== o) sp[o] = Math.max(0, sp[o] - over);
  return sp[o] <= 0;
}
