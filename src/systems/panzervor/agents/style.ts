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
