/**
 * Agents decide. They see the legal actions, their own random stream and, on demand, an
 * observation (never the raw state). The same interface serves every system; heuristics
 * are small named policies with named parameters, so experiments can sweep them.
 */
import type { Rng } from './rng/rng.ts';
import type { CompiledGame } from './system.ts';

export interface DecisionContext<O = unknown, S = unknown> {
  readonly side: number;
  /** Legal actions in legal[0..n). */
  readonly legal: Int32Array;
  readonly n: number;
  /** The agent's own stream: an agent's randomness never shifts the game's dice. */
  readonly rng: Rng;
  /**
   * Choices made so far in this game by any side (decisions with more than one legal action;
   * forced moves are not counted), when the loop counts them. A search agent keeps its tree from
   * one of its decisions to the next only when exactly one choice (its own) was made in between.
   */
  readonly choices?: number;
  /** Observation for this side, built lazily (random agents never pay for it). */
  observe(): O;
  describe(action: number): string;
  /**
   * A state consistent with everything this side has seen, with what it may not see (hands,
   * secret splits, the deck order) resampled from `rng`: the input of information-set search.
   * Perfect-information systems give a plain copy. Throws when the system offers neither.
   */
  determinize(rng: Rng): S;
}

export interface Agent<O = unknown, S = unknown> {
  decide(ctx: DecisionContext<O, S>): number;
  /**
   * Optional: how much the agent likes each legal action, out[i] for ctx.legal[i] (higher is
   * better, any scale, allocation-free). The generic `mcts` takes its priors from it when this
   * agent is the system's search policy (GameSystem.searchPolicy); without it, only the agent's
   * choice is favoured.
   */
  rank?(ctx: DecisionContext<O, S>, out: Float64Array): void;
  /**
   * Optional: told of every choice another side makes (forced moves excluded), before it is
   * applied, so an agent may model its opponents (the generic `mcts` infers which policy they
   * play). `view` is this agent's own context aimed at the position: `view.side` is this agent's
   * side, `view.determinize` resamples what it may not see, `view.rng` is its own stream, and
   * `view.legal[0..view.n)` are the legal actions of `side`, who chose `action`. Must not change
   * the game: the loop calls it only for agents that define it.
   */
  seen?(view: DecisionContext<O, S>, side: number, action: number): void;
}

export type ParamValue = number | string | boolean;

export interface ParamSpec {
  readonly default: ParamValue;
  readonly description: string;
  readonly min?: number;
  readonly max?: number;
  readonly values?: readonly ParamValue[];
  /**
   * The value names another agent of the same system ('' = none), e.g. the rollout policy of
   * `mcts`: resolution checks the name like any agent choice.
   */
  readonly agent?: boolean;
  /**
   * The value names agents of the same system joined by '+', each with its parameters after '/'
   * instead of ':' ('brawler+marksman/lambda=1', e.g. the portfolio of `mcts`); '' = none.
   * Resolution checks every name like any agent choice.
   */
  readonly agentList?: boolean;
}

/** The agent choices of an `agentList` parameter value ('' = none). */
export function agentListChoices(value: string): string[] {
  return value === '' ? [] : value.split('+').map((x) => x.trim().replaceAll('/', ':'));
}

export type ParamSpecs = Readonly<Record<string, ParamSpec>>;

/** The value type of one parameter: its listed values, else the type of its default. */
export type ParamValueOf<P extends ParamSpec> = ParamValue extends P['default']
  ? ParamValue
  : P['values'] extends readonly (infer V)[]
  ? V
  : P['default'] extends boolean
    ? boolean
    : P['default'] extends number
      ? number
      : string;

/** Resolved parameters keyed and typed by their specs: a typo in a name fails to compile. */
export type ParamValuesOf<P extends ParamSpecs> = { readonly [K in keyof P]: ParamValueOf<P[K]> };

export interface AgentFactory<S = any, O = any, P extends ParamSpecs = ParamSpecs> {
  readonly name: string;
  readonly description: string;
  readonly params: P;
  /**
   * Called once per game and side. `env` is given by resolution (src/agents/resolve.ts): agents
   * that play other agents (a search agent's rollout policy) build them through it.
   */
  create(game: CompiledGame<S, O>, side: number, params: ParamValuesOf<P>, env?: AgentEnv): Agent<O, S>;
}

/** What resolution hands a factory besides its game and parameters. */
export interface AgentEnv {
  /** The system's search policy (GameSystem.searchPolicy), when it declares one. */
  readonly searchPolicy: string | undefined;
  /**
   * The agents the generic `mcts` switches between (GameSystem.searchPortfolio, else every scripted
   * agent of the system), as agent choices.
   */
  readonly portfolio?: readonly string[];
  /** An agent of the same system for `side` ('marksman', 'gunline:aggression=0.5'); throws on a bad choice. */
  agent(choice: AgentChoice | string, side: number): Agent;
}

/**
 * Declares an agent of a system with state S and observation O, inferring its parameter names:
 *   export const patient = agentOf<DuelState, DuelObservation>()({ name, params: { aimTo: {...} }, create: (g, side, p) => ... p.aimTo ... })
 */
export function agentOf<S, O>() {
  return <const P extends ParamSpecs>(f: AgentFactory<S, O, P>): AgentFactory<S, O, P> => f;
}

/** Uniform over the legal actions: the baseline and the fuzzer of every system. */
export const randomAgent: AgentFactory<unknown, unknown, {}> = {
  name: 'random',
  description: 'Uniformly random legal action at every decision (baseline and fuzzer).',
  params: {},
  create: () => ({ decide: (ctx) => ctx.legal[ctx.rng.int(ctx.n)] }),
};

/** An agent choice as written on the command line or in a scenario: name plus parameters. */
export interface AgentChoice {
  readonly name: string;
  readonly params: Readonly<Record<string, ParamValue>>;
}

/** Parses 'marksman' or 'marksman:lambda=1.5:fireAt=0.2'. */
export function parseAgentChoice(text: string): AgentChoice {
  const [name, ...kv] = text.trim().split(':');
  const params: Record<string, ParamValue> = {};
  for (const part of kv) {
    const eq = part.indexOf('=');
    if (eq < 0) throw new Error(`agent parameter '${part}' in '${text}' must look like key=value`);
    const k = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    params[k] = raw === 'true' ? true : raw === 'false' ? false : raw !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
  }
  return { name, params };
}

export function formatAgentChoice(c: AgentChoice): string {
  const kv = Object.entries(c.params).map(([k, v]) => `:${k}=${v}`);
  return c.name + kv.join('');
}

/** Resolves parameters against the factory's specs; returns [values, errors]. */
export function resolveAgentParams(f: AgentFactory, given: Readonly<Record<string, ParamValue>>): [Record<string, ParamValue>, string[]] {
  const out: Record<string, ParamValue> = {};
  const errors: string[] = [];
  for (const [k, spec] of Object.entries(f.params)) out[k] = spec.default;
  for (const [k, v] of Object.entries(given)) {
    const spec = f.params[k];
    if (!spec) {
      const known = Object.keys(f.params);
      errors.push(`agent '${f.name}' has no parameter '${k}'${known.length ? ` (known: ${known.join(', ')})` : ' (it takes none)'}`);
      continue;
    }
    if (typeof v !== typeof spec.default) {
      errors.push(`agent '${f.name}' parameter '${k}' must be a ${typeof spec.default}, got ${JSON.stringify(v)}`);
      continue;
    }
    if (typeof v === 'number' && ((spec.min !== undefined && v < spec.min) || (spec.max !== undefined && v > spec.max))) {
      errors.push(`agent '${f.name}' parameter '${k}' must be within [${spec.min ?? '-inf'}, ${spec.max ?? 'inf'}], got ${v}`);
      continue;
    }
    if (spec.values && !spec.values.includes(v)) {
      errors.push(`agent '${f.name}' parameter '${k}' must be one of ${spec.values.join(', ')}, got ${v}`);
      continue;
    }
    out[k] = v;
  }
  return [out, errors];
}
