/**
 * Side A's lead in Maschinen Krieger, for the reports' "Shape of a game": O.G.P. (the enemy VP
 * destroyed, immobilised or disarmed, [18.2]) less the VP of artillery used, mercenary minus
 * strahl, sampled at the end of every turn. The scenario's extra VP are added only when the game
 * ends (engine.ts endGame), so they are left out of the running lead. A comeback: the winner
 * trailed by at least a fifth of the smaller force's VP.
 */
import { withLead, type LeadMeasure } from '../../core/system.ts';
import type { MakGame } from './index.ts';
import type { Model } from './model.ts';
import type { MakState } from './state.ts';

/** Share of the smaller side's VP fielded that makes a deficit a comeback when overturned. */
export const COMEBACK_SHARE = 0.2;

export function makLead(m: Pick<Model, 'nu' | 'uside' | 'uvp' | 'upilot' | 'body'>): LeadMeasure<MakState> {
  const first = m.body.firstPlayer === 'mercenary' ? 0 : 1;
  const fielded = [0, 0];
  // Pilot tokens ([18.2.2]) are not part of the force fielded: their VP are their unit's pilot's.
  for (let u = 0; u < m.nu; u++) if (m.upilot[u] === 0) fielded[m.uside[u]] += m.uvp[u];
  return {
    unit: 'O.G.P. (enemy VP destroyed, immobilised or disarmed)',
    comebackMargin: Math.max(1, Math.round(COMEBACK_SHARE * Math.min(fielded[0], fielded[1]))),
    value: (s) => s.ogp[0] - s.artVp[0] - (s.ogp[1] - s.artVp[1]),
    turn: (s) => s.turn,
    // The scenario's first player (its troop phase comes first), whatever is decided before it.
    firstMover: () => first,
  };
}

/** The compiled game with its lead measure (the plug's one hookup line). */
export function withMakLead<G extends MakGame>(game: G): G & { readonly lead: LeadMeasure<MakState> } {
  return withLead(game, makLead(game.E.m));
}
