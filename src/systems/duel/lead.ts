/**
 * Side A's lead in a duel, for the reports' "Shape of a game": wounds inflicted minus wounds taken
 * (RULES.md §4: a hit removes one wound), sampled at the end of every round. A comeback is a win
 * after trailing by a wound or more.
 */
import { withLead, type CompiledGame, type LeadMeasure } from '../../core/system.ts';
import { buildModel, type DuelModel } from './model.ts';
import type { Options } from './options.ts';
import type { Body, Rules } from './schema.ts';
import type { DuelState } from './state.ts';

export function duelLead(m: Pick<DuelModel, 'startWounds'>): LeadMeasure<DuelState> {
  const [a, b] = m.startWounds;
  return {
    unit: 'wounds',
    comebackMargin: 1,
    // (B's wounds lost) − (A's wounds lost)
    value: (s) => b - s.wounds[1] - (a - s.wounds[0]),
    turn: (s) => s.turn,
  };
}

/** The compiled game with its lead measure (the plug's one hookup line). */
export function withDuelLead<G extends CompiledGame<DuelState>>(game: G, rules: Rules, body: Body, opts: Options): G & { readonly lead: LeadMeasure<DuelState> } {
  return withLead(game, duelLead(buildModel(rules, body, opts)));
}
