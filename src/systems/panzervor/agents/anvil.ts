/**
 * Anvil: the second mover's set-up (issue 19). When the enemy moves first, a side standing together
 * at the back of its zone is shot at before it can answer: fake-battle's Team A, placed so by every
 * scripted agent, wins about 20% of its games against brawler and 29% against marksman. The anvil
 * puts its tank least worth keeping (fewest points, no Combat Sense crew, smallest target, never the
 * flag tank; setup.ts isForward) forward as the bait, facing the enemy, as close as its zone allows
 * while 3 hexes from every hex the enemy may be placed on (out of the +2/+1 short-range damage band,
 * seed p11), and the others back, 2 hexes from it: the enemy closes on the bait and comes within
 * short range of the tanks behind it, which (Combat Sense: two Action cards a turn, seed p13) answer
 * first. After the set-up, and whenever its own side moves first, it plays as the marksman. The
 * other scripted agents take the same set-up with `setup=anvil`.
 */
import { HeuristicAgent } from './heuristic.ts';
import { MARKSMAN_DEFAULTS, marksmanStyle } from './marksman.ts';
import { ANVIL_SCREEN, FLANK_PARAM, PLAY_PARAMS, pvAgent, withPlay } from './style.ts';

export const anvil = pvAgent({
  name: 'anvil',
  description: 'Second mover\'s set-up: the most expendable tank forward as bait, the rest (Combat Sense crews) 2 hexes behind it; then plays as the marksman.',
  params: {
    forward: { default: ANVIL_SCREEN.forward, min: 0, max: 20, description: 'tanks placed at the front of the zone (at most all but one)' },
    forwardDepth: { default: ANVIL_SCREEN.forwardDepth, min: -10, max: 10, description: 'set-up value per hex of distance to the enemy for a forward tank (negative: close in)' },
    backDepth: { default: ANVIL_SCREEN.backDepth, min: -10, max: 10, description: 'set-up value per hex of distance to the enemy for the others (positive: stand back)' },
    standoff: { default: ANVIL_SCREEN.standoff, min: 0, max: 20, description: 'a forward tank stands at least this many hexes from every hex the enemy may be placed on (0 = no limit)' },
    support: { default: ANVIL_SCREEN.support, min: 0, max: 20, description: 'hexes from the forward tank the others prefer to stand at (0 = no preference)' },
    supportWeight: { default: ANVIL_SCREEN.supportWeight, min: 0, max: 10, description: 'set-up value lost per hex off that distance' },
    csWeight: { default: ANVIL_SCREEN.csWeight, min: 0, max: 20, description: 'points a Combat Sense crew adds to a tank\'s worth of keeping back' },
    flank: FLANK_PARAM,
    ...PLAY_PARAMS,
  },
  create: (_game, side, p) =>
    new HeuristicAgent(side, withPlay({
      ...marksmanStyle(MARKSMAN_DEFAULTS),
      ...(p.flank > 0 ? { flank: p.flank } : {}),
      screen: { forward: p.forward, standoff: p.standoff, forwardDepth: p.forwardDepth, backDepth: p.backDepth, support: p.support, supportWeight: p.supportWeight, csWeight: p.csWeight },
    }, p)),
});
