/**
 * Brawler (spec §7.4-1): closes in. Drives toward the nearest enemy, prefers end hexes at 1-2
 * hexes (damage +2/+1) in the target's side or rear arc, uses Full Speed Ahead and Moving Shot to
 * get there, fires when pHit x pKill >= fireAt, reacts with Emergency Braking / Poor Line of Sight
 * when the incoming kill chance is >= reactAt, and discards Sighted Fire first.
 */
import { HeuristicAgent } from './heuristic.ts';
import { FLAG_PLAYER, FLANK_PARAM, SETUP_PARAM, pvAgent, withFlank, withSetup } from './style.ts';

export const brawler = pvAgent({
  name: 'brawler',
  description: 'Aggressive closer: drives at the nearest enemy, fires at short range into side and rear arcs (spec §7.4).',
  params: {
    closeWeight: { default: 0.25, min: 0, max: 5, description: 'value lost per hex of distance to the nearest enemy' },
    lambda: { default: 0.15, min: 0, max: 5, description: 'weight of the threat to the own tank after the action' },
    fireAt: { default: 0.15, min: 0, max: 1, description: 'smallest pHit x pKill worth an attack-only card' },
    reactAt: { default: 0.3, min: 0, max: 1, description: 'incoming pHit x pKill that triggers Emergency Braking / Poor Line of Sight / Ricochet' },
    quickShotAt: { default: 0.15, min: 0, max: 1, description: 'kill chance of a Quick Shot worth playing' },
    setup: SETUP_PARAM,
    flank: FLANK_PARAM,
  },
  create: (_game, side, p) =>
    new HeuristicAgent(
      side,
      withFlank(withSetup({
        lambda: p.lambda,
        closeWeight: p.closeWeight,
        minGain: 0.05,
        fireAt: p.fireAt,
        reactAt: p.reactAt,
        quickShotAt: p.quickShotAt,
        flagWeight: FLAG_PLAYER.flagWeight,
        ownFlagWeight: FLAG_PLAYER.ownFlagWeight,
        longRange: 0,
        reactOnlyForFlag: false,
        defensiveAt: 0,
        defensiveLambda: 0,
        discardFirst: 'sighted',
        holdReaction: 0,
        rangeWeight: 0.05,
        setupDepth: -0.2,
      }, p.setup), p.flank),
    ),
});
