/**
 * Side A's lead in MGV combat, for the reports' "Shape of a game": victory points as the spec
 * counts them at the turn limit (§3.16 [P], rules/victory.ts victoryPoints: the cost of enemy MGVs
 * eliminated, plus a share of the cost of those mission-killed), side A's minus side B's, sampled
 * at the end of every turn. Computed in place (victoryPoints returns a new pair). A comeback: the
 * winner trailed by at least a fifth of the smaller force's cost.
 */
import { withLead, type CompiledGame, type LeadMeasure } from '../../core/system.ts';
import { missionKilled } from './rules/victory.ts';
import type { Model } from './model.ts';
import type { MgvState } from './state.ts';

/** Share of the smaller side's cost fielded that makes a deficit a comeback when overturned. */
export const COMEBACK_SHARE = 0.2;

export function mgvLead(m: Model): LeadMeasure<MgvState> {
  const fielded = [0, 0];
  for (const u of m.units) fielded[u.side] += u.cost;
  const share = m.data.victory.missionKillShare;
  return {
    unit: 'victory points (enemy MGVs eliminated or mission-killed, by cost)',
    comebackMargin: Math.max(1, Math.round(COMEBACK_SHARE * Math.min(fielded[0], fielded[1]))),
    value(s) {
      let lead = 0;
      for (let i = 0; i < s.units.length; i++) {
        const u = s.units[i];
        // A loss of side B is side A's gain, and the other way round.
        const sign = m.units[i].side === 1 ? 1 : -1;
        if (!u.alive) lead += u.selfDestructed ? 0 : sign * m.units[i].cost;
        else if (missionKilled(m, s, i)) lead += sign * share * m.units[i].cost;
      }
      return lead;
    },
    turn: (s) => s.turn,
  };
}

/** The compiled game with its lead measure (the plug's one hookup line). */
export function withMgvLead<G extends CompiledGame<MgvState> & { readonly model: Model }>(game: G): G & { readonly lead: LeadMeasure<MgvState> } {
  return withLead(game, mgvLead(game.model));
}
