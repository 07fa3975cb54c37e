/**
 * Artillery Barrages (seed table T3, notes and die-roll modifiers T4; spec §3.4, §3.5): the
 * modified die, the number of barrages for a rate and N sub-units (integer hundredths, so the
 * rounding is exact, oracle O-B5), and the dummy request chits.
 */
import type { SetupPlan } from '../model.ts';
import type { Ww2Options } from '../options.ts';

/** Barrages for a rate in hundredths and N sub-units, with the rounding option (spec §3.4, A7). */
export function barrageCount(rate100: number, N: number, rounding: Ww2Options['rounding']): number {
  const x = rate100 * N; // hundredths of a barrage, an exact integer
  const q = Math.floor(x / 100);
  const rem = x - q * 100;
  switch (rounding) {
    case 'halfUp':
      return rem >= 50 ? q + 1 : q;
    case 'halfEven':
      return rem > 50 ? q + 1 : rem < 50 ? q : q % 2 === 0 ? q : q + 1;
    case 'floor':
      return q;
  }
}

/** The modified barrage die, clamped or rejected (spec §6 A5). */
export function effectiveBarrageDie(die: number, mod: number, plan: Pick<SetupPlan, 'dieMin' | 'dieMax' | 'options'>, who = 'a side'): number {
  const e = die + mod;
  if (e >= plan.dieMin && e <= plan.dieMax) return e;
  if (plan.options.barrageBounds === 'strict') throw new Error(`barrage roll of ${who}: die ${die} ${mod >= 0 ? '+' : '-'} ${Math.abs(mod)} = ${e} is outside the table (${plan.dieMin}..${plan.dieMax}); barrageBounds is 'strict'`);
  return e < plan.dieMin ? plan.dieMin : plan.dieMax;
}

/** Dummy chits a side takes (spec §3.5, A19). */
export function dummyChits(policy: 'max' | 'none' | number, barrages: number, airstrikes: number, cap: Ww2Options['dummyChitsCap']): { cap: number | null; taken: number } {
  const c = cap === 'barrages' ? barrages : cap === 'barragesPlusAirstrikes' ? barrages + airstrikes : null;
  const most = c ?? barrages + airstrikes;
  const taken = policy === 'none' ? 0 : policy === 'max' ? most : Math.min(policy, most);
  return { cap: c, taken };
}

/** Checks a dummy request against the cap (oracle O-B3): null when allowed, else the message. */
export function checkDummyRequest(requested: number, barrages: number, airstrikes: number, cap: Ww2Options['dummyChitsCap']): string | null {
  if (!Number.isInteger(requested) || requested < 0) return `dummy chits must be a whole number >= 0, got ${requested}`;
  const c = cap === 'barrages' ? barrages : cap === 'barragesPlusAirstrikes' ? barrages + airstrikes : Infinity;
  return requested > c ? `at most ${c} dummy chits (the real chits of the barrage roll${cap === 'barragesPlusAirstrikes' ? ' plus airstrikes' : ''}), ${requested} requested` : null;
}
