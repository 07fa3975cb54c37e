/**
 * The GameSystem interface: the one small surface through which a rule system plugs into
 * the core. The core never imports a system; `src/systems/index.ts` is the only registry.
 *
 * The contract, in OpenSpiel's spirit:
 *  - a game is a sequence of DECISIONS; at each one exactly one side chooses among legal
 *    actions encoded as non-negative int32 (the system owns the encoding and describes it);
 *  - chance is resolved inside `apply` from the game's dice stream (ctx.dice);
 *  - hidden information stays hidden: agents see `observe(state, side)` only, never state;
 *  - simultaneous secret choices are sequential decisions whose earlier choices are hidden
 *    from the later chooser's observation;
 *  - state is plain data (structuredClone/JSON safe); `apply` may mutate it in place.
 */
import type { z } from 'zod';
import type { Rng } from './rng/rng.ts';
import type { Tally, MetricLayout } from './tally.ts';
import type { AgentFactory, ParamSpecs, ParamValue } from './agent.ts';
import type { OptionSpecs, OptionValue, OptionValuesOf } from './options.ts';
import type { DataTree, ProvenanceEntry } from './tables/provenance.ts';
import type { OddsModule } from './odds.ts';

/** Why a game ended. The first three are the rules' ends; `safety-cap` is the engine's. */
export type EndReason = 'victory' | 'forced-end' | 'turn-limit' | 'complete' | 'safety-cap';

export const END_REASONS: readonly EndReason[] = ['victory', 'forced-end', 'turn-limit', 'complete', 'safety-cap'];

export interface GameResult {
  /** Winning side index, or -1 for a draw (or no winner, for generator systems). */
  winner: number;
  reason: EndReason;
  /** System-specific detail, e.g. 'elimination', 'flag', 'points'. */
  detail: string;
  /** Game length in the system's unit (SystemInfo.lengthUnit), e.g. player turns. */
  length: number;
}

/** Per-game context handed to the system: the dice stream and the metric sink. */
export interface PlayContext {
  /** Dice and every other in-game chance event. */
  readonly dice: Rng;
  /** Counters for the analysis (efficiency rows and per-game scalars). */
  readonly tally: Tally;
  /** Optional transcript sink; when present the system may log what happened. */
  readonly log?: (line: string) => void;
}

/**
 * A scenario after the system has compiled it: tables resolved with overrides, options
 * merged with defaults, everything precomputed that can be (LOS tables, distances...).
 * Built once per worker and reused for every game: TripleA 2643's lesson.
 */
export interface CompiledGame<S = unknown, O = unknown> {
  readonly sides: readonly string[];
  readonly metrics: MetricLayout;
  /** Upper bound on decisions per game; exceeding it ends the game with reason 'safety-cap'. */
  readonly maxDecisions: number;
  /** Largest number of legal actions at any decision (sizes the shared action buffer). */
  readonly maxActions: number;

  /** Fresh game state. Uses `setup` for random set-up (deck order, placements). */
  newGame(setup: Rng, ctx: PlayContext): S;
  /** The game's end, or null while it goes on. */
  result(state: S): GameResult | null;
  /** Side that must decide now. */
  currentSide(state: S): number;
  /** Writes the legal actions into out[0..n) and returns n (n >= 1 while the game is on). */
  legalActions(state: S, out: Int32Array): number;
  /** Applies a legal action (mutating state). Chance draws come from ctx.dice. */
  apply(state: S, action: number, ctx: PlayContext): void;
  /** What `side` may know. Never exposes hidden information. */
  observe(state: S, side: number): O;
  /** Human-readable action for transcripts and errors. */
  describeAction(state: S, action: number): string;
  /** Game length so far in SystemInfo.lengthUnit (used when the safety cap ends a game). */
  length(state: S): number;
  /** Deep copy; acting on the copy must never change the original. */
  clone(state: S): S;
  /** Called once when the game has ended, before the tally is folded (per-game scalars). */
  finish?(state: S, result: GameResult, ctx: PlayContext): void;
  /** Invariants for the shared random-playout test; returns a list of violations (empty = fine). */
  checkInvariants?(state: S): string[];
  /**
   * Heuristic value of `state` for `side` in [0, 1], an estimated probability of winning (draws
   * count half). The generic `lookahead` and `mcts` agents score positions with it.
   */
  evaluate?(state: S, side: number): number;
  /**
   * A copy of `state` in which everything `side` may not see (hands, deck order, secret
   * choices of the other side) is resampled from `rng`, consistently with what `side` has
   * seen: `observe(copy, side)` equals `observe(state, side)`. Required when
   * SystemInfo.information is 'imperfect' and the generic search agents are to be offered.
   */
  determinize?(state: S, side: number, rng: Rng): S;
  /**
   * Optional per-turn lead measure of a two-sided game (reports' "Shape of a game": lead changes,
   * comebacks, the turn from which the winner led for good). Absent = not sampled, at no cost.
   * Systems attach it with `withLead(game, measure)` in their plug (src/systems/<id>/lead.ts).
   */
  readonly lead?: LeadMeasure<S>;
}

/**
 * Side A's lead in a game, in the system's own unit (material destroyed, victory points, wounds):
 * positive when side A (index 0) is ahead, negative when side B is. The runner samples it at the end
 * of every turn (when `turn(state)` changes; the game's `length` when no `turn` is given) and once
 * more when the game ends, allocating nothing.
 */
export interface LeadMeasure<S = unknown> {
  /** What the lead counts, in player words and plural: 'points of enemy tanks destroyed', 'wounds'. */
  readonly unit: string;
  /**
   * A comeback: the eventual winner trailed by at least this much at the end of some turn. A
   * sensible default per system (e.g. a tenth of the points fielded, one wound).
   */
  readonly comebackMargin: number;
  /** Side A's lead now (side A's score minus side B's). */
  value(state: S): number;
  /** The turn counter whose change marks a turn boundary (default: the game's `length`). */
  turn?(state: S): number;
  /** Unit of `turn`, plural, when it is not SystemInfo.lengthUnit ('rounds'). */
  readonly turnUnit?: string;
  /**
   * The side that moves first, when it is not the side of the game's first decision (one side
   * deploys first and the other moves first; a secret bid decides it): read after set-up and then
   * after every decision until it gives a side (-1 = not known yet).
   */
  firstMover?(state: S): number;
}

/** The same compiled game with a lead measure attached (the object itself, so class instances keep their methods). */
export function withLead<S, G extends CompiledGame<S>>(game: G, lead: LeadMeasure<S>): G & { readonly lead: LeadMeasure<S> } {
  return Object.assign(game, { lead });
}

/** What a scenario file carries after core validation (see src/scenario/schema.ts). */
export interface ScenarioInput<B = unknown> {
  /** Path of the file, for error messages. */
  readonly file: string;
  readonly system: string;
  readonly id: string;
  readonly name: string;
  /** The system-specific block, already validated against GameSystem.scenarioSchema. */
  readonly body: B;
  readonly options: Readonly<Record<string, OptionValue>>;
  /** House rules on the rules data: dotted path -> value. */
  readonly overrides: Readonly<Record<string, unknown>>;
}

export interface CompileInput<R = unknown, B = unknown, OS extends OptionSpecs = OptionSpecs> {
  readonly scenario: ScenarioInput<B>;
  /** Rules data with overrides applied and validated (plain values, no provenance keys). */
  readonly data: R;
  readonly options: OptionValuesOf<OS>;
}

/** Static description of a system. */
export interface SystemInfo {
  readonly id: string;
  readonly name: string;
  readonly seedFile: string;
  readonly spec: string;
  /** Unit of GameResult.length, e.g. 'player turns', 'turns', 'rounds'. */
  readonly lengthUnit: string;
  /** 'game' plays sides against each other; 'generator' has no decisions (ww2setup). */
  readonly kind: 'game' | 'generator';
  /**
   * OpenSpiel's GameType.information: 'imperfect' when some side may not see part of the
   * state (hands, secret choices); such a system hides it in `observe` and offers `determinize`.
   */
  readonly information: 'perfect' | 'imperfect';
  /**
   * The compiled games of this system offer `evaluate` and `determinize`, so the generic search
   * agents (`lookahead`, `mcts`, src/agents/) are offered for it (listed, accepted by --agents).
   * Declared here because agents are listed and checked before any scenario is compiled; a
   * compiled game that lacks either hook makes those agents fail with a clear error.
   */
  readonly search?: boolean;
}

/**
 * A rule system, typed over its rules data R, scenario block B, option specs OS, state S and
 * observation O. Declare it with `defineSystem(...)` so every type is inferred from the schemas
 * and specs: no casts between the core and the system.
 */
export interface GameSystem<R = any, B = any, OS extends OptionSpecs = OptionSpecs, S = any, O = any> {
  readonly info: SystemInfo;
  /** Schema of the scenario file's `scenario:` block. */
  readonly scenarioSchema: z.ZodType<B>;
  /** Default rules data with provenance (`$prov` keys, see tables/provenance.ts). */
  readonly rulesData: DataTree;
  /** Schema the rules data must satisfy after house-rule overrides. */
  readonly rulesSchema: z.ZodType<R>;
  /** Named options: every ambiguity of the spec and every optional rule. */
  readonly options: OS;
  readonly agents: readonly AgentFactory<S, O, ParamSpecs>[];
  /** Names of the two agents used when a scenario and the command line name none. */
  readonly defaultAgents: readonly string[];
  /**
   * The fast policy of the generic search agent `mcts` (src/agents/mcts.ts): an agent choice naming
   * one of the system's own agents ('marksman', 'gunline:aggression=0.5'), which plays the search's
   * rollouts and gives its priors (its `rank`, when it has one, else its choice). Absent: the
   * system's first default agent when it is one of its own (src/agents/resolve.ts searchPolicyOf),
   * else uniformly random rollouts and no priors. Only meaningful when `info.search` is true.
   */
  readonly searchPolicy?: string;
  /**
   * The generic agents' parameter defaults on this system (e.g. `{ control: 'firebase', depth: 8 }`
   * for `mcts`), keyed by agent name: what `mcts` plays when a user names it bare. They replace the
   * agent's own defaults at resolution (src/agents/resolve.ts), so `salvo list`, the ladder's budgets
   * and the skill check's game count all see them.
   */
  readonly searchDefaults?: Readonly<Record<string, Readonly<Record<string, ParamValue>>>>;
  /**
   * The agents the generic `mcts` switches between (policy switching, src/agents/switching.ts):
   * agent choices naming the system's own agents, parameter variants included
   * ('gunline:aggression=0.8'). Absent: every agent of the system but `random`.
   */
  readonly searchPortfolio?: readonly string[];
  /**
   * Data roots a scenario actually uses (e.g. 'tanks.firefly', 'cards.move'), so reports list
   * the placeholder values in play and not the whole library.
   */
  dataInUse(body: B, data: R): string[];
  /**
   * Checks that need the rules data (unknown unit ids...). Returns errors as
   * [path inside the scenario file, message]; empty when the scenario is sound.
   */
  checkScenario?(body: B, data: R, options: OptionValuesOf<OS>): Array<[string, string]>;
  compile(input: CompileInput<R, B, OS>): CompiledGame<S, O>;
  /** Exact mechanics for `salvo odds` / `salvo cards` (optional; see core/odds.ts). */
  readonly odds?: OddsModule;
}

/** Any registered system, as the registry and the core hold it. */
export type AnySystem = GameSystem<any, any, any, any, any>;

/** Declares a system with every type inferred from its schemas and specs. */
export function defineSystem<R, B, const OS extends OptionSpecs, S, O>(system: GameSystem<R, B, OS, S, O>): GameSystem<R, B, OS, S, O> {
  return system;
}

/** The option values type of a system declared with defineSystem. */
export type SystemOptions<G> = G extends GameSystem<any, any, infer OS, any, any> ? OptionValuesOf<OS> : never;

export type { ProvenanceEntry };
