/**
 * What makes the three Panzer Vor! heuristics differ (spec §7.4): a style, a set of named numbers
 * read by the one decision procedure of heuristic.ts. `pvAgent` declares an agent with typed
 * parameters.
 */
import { agentOf } from '../../../core/agent.ts';
import type { PvObservation } from '../observe.ts';
import { MATCH_FLAG } from '../model.ts';
import type { PvState } from '../state.ts';
import type { ScreenPlan } from './setup.ts';

export interface Style {
  /** Weight of the one-ply threat to the own tank after the action (spec §7.4: lambda ~ 0.5). */
  readonly lambda: number;
  /** Pull toward the enemy: value lost per hex of distance to the nearest enemy. */
  readonly closeWeight: number;
  /** Play a card only when its value exceeds this (points). */
  readonly minGain: number;
  /** Smallest kill chance of a planned attack that is worth an attack-only card. */
  readonly fireAt: number;
  /** Incoming kill chance that triggers Emergency Braking / Poor Line of Sight / Ricochet. */
  readonly reactAt: number;
  /** Kill chance of a Quick Shot worth playing. */
  readonly quickShotAt: number;
  /** Multiplier of the enemy flag tank's value (Flag Battles). */
  readonly flagWeight: number;
  /** Multiplier of the threat to the own flag tank. */
  readonly ownFlagWeight: number;
  /** Sighted Fire is kept for shots beyond this distance (0 = no preference). */
  readonly longRange: number;
  /** Spend Reactions only to protect the flag tank, or when a kill is nearly certain. */
  readonly reactOnlyForFlag: boolean;
  /** From this many Enforcement cards drawn, with the points lead, use defensiveLambda (0 = never). */
  readonly defensiveAt: number;
  readonly defensiveLambda: number;
  /** Which cards go first at the hand limit. */
  readonly discardFirst: 'sighted' | 'move' | 'none';
  /** Value of holding the last Reaction card. */
  readonly holdReaction: number;
  /** Stay back at set-up (marksman) or close in (brawler): value per hex of distance to the enemy. */
  readonly setupDepth: number;
  /** Set-up value lost per placed enemy tank whose front arc holds the hex (setup.ts frontArcsOn; 0 or none: ignored). */
  readonly flank?: number;
  /** Keep targets in range: value lost per hex the nearest enemy lies beyond the tank's longest gun. */
  readonly rangeWeight: number;
  /**
   * With a Ricochet in hand, no Emergency Braking / Poor Line of Sight at W2: the action's one
   * Reaction (seed p12) is kept for the Ricochet, which cancels the hit at W3 and is spent only if
   * the roll hits (reactions.ts). None or false: the W2 card is played.
   */
  readonly ricochetFirst?: boolean;
  /**
   * The crew as a card engine (seed p13): Combat Sense whenever an own crew can turn it face up
   * again at once with Recovery (Miho and Saori: the second Action card is free, and the exhausted
   * Recovery crew turns to Aide), and Aide whatever the hand size (heuristic.ts). None or false:
   * Combat Sense for a shot only, Aide only while the hand keeps within the limit.
   */
  readonly crewEngine?: boolean;
  /**
   * Run the clock (seed p14, Forced End): with a points lead, play the cards that draw (Morale
   * Boost, Reconnaissance, Aide) whatever the hand size: every card drawn brings the stagnant
   * match's end, which the lead wins, nearer (heuristic.ts clock). None or false: only while the
   * hand keeps within the limit.
   */
  readonly runClock?: boolean;
  /**
   * Weight of the chance that the opponent holds a Quick Shot in the price of a move or a moving
   * shot (heuristic.ts qsRate; W1 after the move, W2 before the roll). Standing still does not take
   * the card out of the opponent's hand, it only puts the shot off, and a shot from where the tank
   * stands meets the same W2 Quick Shot (seed p12). None: 1 (priced in full).
   */
  readonly quickShotWeight?: number;
  /** The anvil's set-up when the enemy moves first (setup.ts decideScreenPlacement); none: the style's own. */
  readonly screen?: ScreenPlan;
}

/** The anvil's set-up (anvil.ts): one tank forward, 3 hexes from the enemy's zone, the others back at 2 hexes from it. */
export const ANVIL_SCREEN: ScreenPlan = { forward: 1, forwardDepth: -1, backDepth: 1, csWeight: 3, standoff: 3, support: 2, supportWeight: 2 };

/** The `setup` parameter of the scripted agents: their own set-up, or the anvil's when the enemy moves first. */
export const SETUP_PARAM = {
  default: 'own',
  values: ['own', 'anvil'],
  description: "set-up: 'own' (the style's) or 'anvil' (when the enemy moves first: one expendable tank forward as bait, the others back; anvil.ts)",
} as const;

/** The style with the anvil's set-up when `setup` is 'anvil'. */
export function withSetup(style: Style, setup: string): Style {
  return setup === 'anvil' ? { ...style, screen: ANVIL_SCREEN } : style;
}

/** The `flank` parameter of the scripted agents: set-up value lost per placed enemy tank whose front arc holds the hex. */
export const FLANK_PARAM = {
  default: 0,
  min: 0,
  max: 5,
  description: 'set-up value lost per placed enemy tank whose front arc holds the hex (out of fixed guns\' arcs, onto side armour); 0 = ignored',
} as const;

/** The style with a flanking set-up weight (none when 0: the style's set-up unchanged). */
export function withFlank(style: Style, flank: number): Style {
  return flank > 0 ? { ...style, flank } : style;
}

/**
 * The play fixes of the second mover in fake-battle (issue 19, Team A; docs/agents.md): parameters
 * of the marksman and the anvil, each off by default (the agents' play unchanged).
 */
export const PLAY_PARAMS = {
  ricochetFirst: { default: 0, min: 0, max: 1, description: 'with 1 and a Ricochet in hand, no Emergency Braking / Poor Line of Sight at W2: the one Reaction of the action (p12) is kept for the Ricochet at W3; 0 = the W2 card is played' },
  crewEngine: { default: 0, min: 0, max: 1, description: 'with 1, Combat Sense whenever an own Recovery crew can turn it face up again at once, and Aide whatever the hand size (p13); 0 = Combat Sense for a shot only, Aide within the hand limit' },
  runClock: { default: 0, min: 0, max: 1, description: 'with 1 and a points lead, Morale Boost, Reconnaissance and Aide whatever the hand size: cards drawn bring the Forced End (p14), which the lead wins, nearer; 0 = within the hand limit only' },
  quickShotWeight: { default: 1, min: 0, max: 2, description: "weight of the opponent's likely Quick Shot in the price of a move or a moving shot (1 = in full; standing still only puts the card off, and a standing shot meets it at W2 too)" },
} as const;

/** The style with the play fixes of PLAY_PARAMS set (the style unchanged at their defaults). */
export function withPlay(style: Style, p: { ricochetFirst: number; crewEngine: number; runClock: number; quickShotWeight: number }): Style {
  if (p.ricochetFirst < 1 && p.crewEngine < 1 && p.runClock < 1 && p.quickShotWeight === 1) return style;
  return {
    ...style,
    ...(p.ricochetFirst >= 1 ? { ricochetFirst: true } : {}),
    ...(p.crewEngine >= 1 ? { crewEngine: true } : {}),
    ...(p.runClock >= 1 ? { runClock: true } : {}),
    ...(p.quickShotWeight !== 1 ? { quickShotWeight: p.quickShotWeight } : {}),
  };
}

/**
 * The flag weights of the styles that are not about flags (brawler, marksman): in a Flag Battle
 * the match is lost with the flag tank (p14), so any player aims at the enemy's first and shields
 * his own. The brawler and the marksman of issue 19 weighed both as ordinary tanks: as Ooarai in
 * saunders-flag they shot the nearest Sherman and left the 38(t) exposed. (Elimination matches
 * ignore the weights.)
 */
export const FLAG_PLAYER = { flagWeight: 3, ownFlagWeight: 2 } as const;

/** Value multiplier of target tgt: the enemy flag tank counts flagWeight times in a Flag Battle. */
export function targetWeight(o: PvObservation, style: Style, tgt: number): number {
  return o.G.matchType === MATCH_FLAG && o.G.tFlag[tgt] ? style.flagWeight : 1;
}

/** Declares a Panzer Vor! agent: its parameters are typed from their specs (`p.lambda` is a number). */
export const pvAgent = agentOf<PvState, PvObservation>();
