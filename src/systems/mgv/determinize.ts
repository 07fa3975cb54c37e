/**
 * What one side of MGV combat may not see, resampled (observe.ts): only the attacker's secret
 * missile split (seed §5.2, spec §3.9: both sides split their dice in secret). While the defender
 * splits its defence dice, the attacker's core dice are drawn uniformly from 0..attack dice
 * (decisions/missile-split.ts redrawSecretSplit). Everything else on the table is open.
 */
import type { Rng } from '../../core/rng/rng.ts';
import { redrawSecretSplit } from './decisions/missile-split.ts';
import type { Model } from './model.ts';
import { cloneState, type MgvState } from './state.ts';

export function determinize(m: Model, s: MgvState, side: number, rng: Rng): MgvState {
  const d = cloneState(s);
  redrawSecretSplit(m, d, side, rng);
  return d;
}
