/**
 * Marksman (spec §7.4-2): expected-value greedy with a one-ply risk term. For every Action card
 * in hand x own tank x reachable end state x target it scores EK(attack) - lambda x threat(own tank
 * after the move) and plays the best if it beats minGain, else a move that lowers the threat while
 * keeping targets in range. Sighted Fire is kept for shots beyond `longRange` hexes; one Reaction
 * card is held when possible; Move cards are discarded first.
 */
import { HeuristicAgent } from './heuristic.ts';
import { FLAG_PLAYER, FLANK_PARAM, PLAY_PARAMS, SETUP_PARAM, pvAgent, withFlank, withPlay, withSetup, type Style } from './style.ts';

export const marksman = pvAgent({
  name: 'marksman',
  description: 'Expected-value greedy at long range, uses arcs and terrain, one-ply threat penalty lambda (spec §7.4).',
  params: {
    lambda: { default: 0.5, min: 0, max: 5, description: 'weight of the threat to the own tank after the action' },
    fireAt: { default: 0.04, min: 0, max: 1, description: 'smallest pHit x pKill worth an attack-only card' },
    reactAt: { default: 0.25, min: 0, max: 1, description: 'incoming pHit x pKill that triggers a defensive Reaction' },
    quickShotAt: { default: 0.2, min: 0, max: 1, description: 'kill chance of a Quick Shot worth playing' },
    longRange: { default: 8, min: 0, max: 30, description: 'Sighted Fire is kept for shots beyond this distance' },
    minGain: { default: 0.05, min: 0, max: 10, description: 'a card is played only when its value (points) exceeds this' },
    rangeWeight: { default: 0.1, min: 0, max: 5, description: 'value lost per hex the nearest enemy lies beyond gun range (keeps targets in range)' },
    setup: SETUP_PARAM,
    flank: FLANK_PARAM,
    ...PLAY_PARAMS,
  },
  create: (_game, side, p) => new HeuristicAgent(side, withPlay(withFlank(withSetup(marksmanStyle(p), p.setup), p.flank), p)),
});

/** The marksman's style for its parameter values (anvil.ts plays it after its own set-up). */
export function marksmanStyle(p: { lambda: number; minGain: number; fireAt: number; reactAt: number; quickShotAt: number; longRange: number; rangeWeight: number }): Style {
  return {
    lambda: p.lambda,
    closeWeight: 0,
    minGain: p.minGain,
    fireAt: p.fireAt,
    reactAt: p.reactAt,
    quickShotAt: p.quickShotAt,
    flagWeight: FLAG_PLAYER.flagWeight,
    ownFlagWeight: FLAG_PLAYER.ownFlagWeight,
    longRange: p.longRange,
    reactOnlyForFlag: false,
    defensiveAt: 0,
    defensiveLambda: 0,
    discardFirst: 'move',
    holdReaction: 0.5,
    rangeWeight: p.rangeWeight,
    setupDepth: 0.1,
  };
}

/** The marksman's parameter values by default. */
export const MARKSMAN_DEFAULTS = {
  lambda: marksman.params.lambda.default,
  minGain: marksman.params.minGain.default,
  fireAt: marksman.params.fireAt.default,
  reactAt: marksman.params.reactAt.default,
  quickShotAt: marksman.params.quickShotAt.default,
  longRange: marksman.params.longRange.default,
  rangeWeight: marksman.params.rangeWeight.default,
};
