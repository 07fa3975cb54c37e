/**
 * Side A's lead in AT-43, for the reports' "Shape of a game", sampled at the end of every round.
 * On a scenario won on victory points only (victory 'vp', seed "Victory points"): VP scored so
 * far, side A's minus side B's; a comeback is a win after trailing by at least the VP of the
 * richest objective. Otherwise ('annihilation', and 'vpOrAnnihilation', where games mostly end by
 * annihilation before any objective is held: in sector55 the VP lead stayed level in every game
 * of a 200-game run): army points destroyed (a unit's cost shared over its members, as the
 * engine's tie-break counts them), side A's minus side B's; a comeback is a win after trailing by
 * at least a fifth of the smaller army's cost. The first mover: the side that activates first in
 * round 1, as the winner of the authority test chose.
 */
import { withLead, type LeadMeasure } from '../../core/system.ts';
import type { At43Game } from './engine.ts';
import type { Model } from './model.ts';
import { PH_OVER, PH_TURN, type At43State } from './state.ts';

/** Share of the smaller army's cost that makes a deficit a comeback when overturned (annihilation scenarios). */
export const COMEBACK_SHARE = 0.2;

export function at43Lead(m: Pick<Model, 'units' | 'objectives' | 'victory'>): LeadMeasure<At43State> {
  if (m.victory === 'vp') {
    let richest = 1;
    for (const o of m.objectives) richest = Math.max(richest, o.vp);
    return { unit: 'victory points', comebackMargin: richest, value: (s) => s.vp[0] - s.vp[1], turn: (s) => s.round, firstMover };
  }
  const fielded = [0, 0];
  for (const u of m.units) fielded[u.side] += u.cost;
  const units = m.units;
  return {
    unit: 'army points destroyed',
    comebackMargin: Math.max(1, Math.round(COMEBACK_SHARE * Math.min(fielded[0], fielded[1]))),
    value(s) {
      // Points of side B destroyed minus points of side A destroyed.
      let lead = 0;
      for (let i = 0; i < units.length; i++) {
        const U = units[i];
        // fielded, not count: a unit's slots may include ones reserved for heroes (model.ts)
        const lost = U.fielded > 0 ? (U.cost * Math.max(0, U.fielded - s.members[U.index])) / U.fielded : 0;
        lead += U.side === 1 ? lost : -lost;
      }
      return lead;
    },
    turn: (s) => s.round,
    firstMover,
  };
}

/** Round 1's first side, chosen by the winner of the authority test (known once the activations start). */
function firstMover(s: At43State): number {
  return s.phase >= PH_TURN && s.phase !== PH_OVER ? s.first : -1;
}

/** The compiled game with its lead measure (the plug's one hookup line). */
export function withAt43Lead<G extends At43Game>(game: G): G & { readonly lead: LeadMeasure<At43State> } {
  return withLead(game, at43Lead(game.model));
}
