/**
 * The compiled, per-scenario static model: rules data and options resolved once per worker and
 * shared by every game (never mutated after compile). Bigger systems precompute here what does
 * not change during a game (boards, line-of-sight tables, unit profiles).
 */
import type { Options } from './options.ts';
import type { Body, Rules } from './schema.ts';

export interface DuelModel {
  readonly rules: Rules;
  readonly sides: readonly [string, string];
  readonly startWounds: readonly [number, number];
  readonly firstPlayer: Options['firstPlayer'];
}

export function buildModel(rules: Rules, body: Body, opts: Options): DuelModel {
  return {
    rules,
    sides: body.sides,
    startWounds: body.wounds ? [body.wounds[0], body.wounds[1]] : [rules.wounds, rules.wounds],
    firstPlayer: opts.firstPlayer,
  };
}
