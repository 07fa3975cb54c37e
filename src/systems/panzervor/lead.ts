/**
 * Side A's lead in Panzer Vor!, for the reports' "Shape of a game": points of enemy tanks
 * destroyed by side A minus by side B (the victory measure of a forced end, rulebook "Forced End
 * of the Battle"), sampled at the end of every player turn. A comeback: the winner trailed by at
 * least a fifth of the smaller force's points. The first mover is the scenario's `movesFirst` side.
 */
import { withLead, type LeadMeasure } from '../../core/system.ts';
import type { PvStatic } from './model.ts';
import type { PvState } from './state.ts';
import type { PvCompiledGame } from './engine.ts';

/** Share of the smaller side's points fielded that makes a deficit a comeback when overturned. */
export const COMEBACK_SHARE = 0.2;

export function pvLead(G: Pick<PvStatic, 'nT' | 'tSide' | 'tPts' | 'movesFirst'>): LeadMeasure<PvState> {
  const fielded = [0, 0];
  for (let t = 0; t < G.nT; t++) fielded[G.tSide[t]] += G.tPts[t];
  return {
    unit: 'points of enemy tanks destroyed',
    comebackMargin: Math.max(1, Math.round(COMEBACK_SHARE * Math.min(fielded[0], fielded[1]))),
    value: (s) => s.pointsKilled[0] - s.pointsKilled[1],
    turn: (s) => s.turn,
    // The scenario's movesFirst side, not the side that deploys first (placesFirst).
    firstMover: () => G.movesFirst,
  };
}

/** The compiled game with its lead measure (the plug's one hookup line). */
export function withPvLead<G extends PvCompiledGame>(game: G): G & { readonly lead: LeadMeasure<PvState> } {
  return withLead(game, pvLead(game.G));
}
