/**
 * Flag commander (spec §7.4-3): objective-weighted for Flag Battles. The enemy flag tank is worth
 * `flagWeight` times its points; threats to the own flag tank weigh `ownFlagWeight` times more, so
 * it keeps out of sight or turns its front to the largest threat; Reactions are spent only to
 * protect the flag tank (or when a kill is nearly certain); with the points lead once
 * `defensiveAt` Enforcement cards are out, it turns defensive (lambda = defensiveLambda).
 */
import { HeuristicAgent } from './heuristic.ts';
import { FLANK_PARAM, SETUP_PARAM, pvAgent, withFlank, withSetup } from './style.ts';

export const flagCommander = pvAgent({
  name: 'flag-commander',
  description: 'Objective-weighted: hunts the enemy flag tank, shields its own, defensive near a points finish (spec §7.4).',
  params: {
    flagWeight: { default: 5, min: 1, max: 20, description: 'multiplier of the enemy flag tank\'s value' },
    ownFlagWeight: { default: 3, min: 1, max: 20, description: 'multiplier of the threat to the own flag tank' },
    lambda: { default: 0.5, min: 0, max: 5, description: 'weight of the threat to own tanks after the action' },
    defensiveAt: { default: 3, min: 0, max: 20, description: 'Enforcement cards drawn after which a points lead turns the agent defensive (0 = never)' },
    defensiveLambda: { default: 1.5, min: 0, max: 10, description: 'lambda when defensive' },
    setup: SETUP_PARAM,
    flank: FLANK_PARAM,
  },
  create: (_game, side, p) =>
    new HeuristicAgent(
      side,
      withFlank(withSetup({
        lambda: p.lambda,
        closeWeight: 0.05,
        minGain: 0.05,
        fireAt: 0.04,
        reactAt: 0.2,
        quickShotAt: 0.2,
        flagWeight: p.flagWeight,
        ownFlagWeight: p.ownFlagWeight,
        longRange: 8,
        reactOnlyForFlag: true,
        defensiveAt: p.defensiveAt,
        defensiveLambda: p.defensiveLambda,
        discardFirst: 'move',
        holdReaction: 0.8,
        rangeWeight: 0.1,
        setupDepth: 0.05,
      }, p.setup), p.flank),
    ),
});
