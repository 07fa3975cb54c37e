/**
 * Agent resolution: which agents a system offers and how a choice written by a user
 * ('mcts:iterations=400') becomes a playing agent.
 *
 * A system's agents are, in this order: its own (src/systems/<id>/agents), the core's `random`
 * baseline (when the system does not list it itself), and the generic search agents of this folder
 * (`lookahead`, `mcts`) when the system declares `info.search`: its compiled games offer `evaluate`
 * and `determinize`. The flag is static because agents are listed (`salvo list`) and checked
 * (scenario files, --agents) before any scenario is compiled; createAgent() then checks the compiled
 * game itself, and test/agents/resolution.test.ts checks the flag against every bundled scenario.
 *
 * Resolution lives above the core (src/core knows the Agent interface, not the agents): the core
 * never imports src/agents/.
 */
import { agentListChoices, formatAgentChoice, parseAgentChoice, randomAgent, resolveAgentParams, type Agent, type AgentChoice, type AgentEnv, type AgentFactory, type ParamSpec, type ParamValue } from '../core/agent.ts';
import type { InputIssue } from '../core/errors.ts';
import { suggest } from '../core/options.ts';
import type { AnySystem, CompiledGame } from '../core/system.ts';
import { GENERIC_AGENTS } from './index.ts';

/** Does the system offer the generic search agents? */
export function offersSearch(system: AnySystem): boolean {
  return system.info.kind === 'game' && system.info.search === true;
}

/** Every agent of a system: its own, then `random`, then the generic ones it qualifies for (with the system's defaults). */
export function availableAgents(system: AnySystem): AgentFactory[] {
  const list: AgentFactory[] = [...system.agents];
  if (!list.some((f) => f.name === randomAgent.name)) list.unshift(randomAgent);
  if (offersSearch(system)) for (const g of GENERIC_AGENTS) if (!list.some((f) => f.name === g.name)) list.push(withSystemDefaults(system, g));
  return list;
}

/** Generic factories with a system's defaults, made once per system and agent. */
const tuned = new WeakMap<AnySystem, Map<string, AgentFactory>>();

/**
 * A generic agent with the parameter defaults the system declares for it (GameSystem.searchDefaults):
 * the same factory with those specs' defaults replaced; the agent itself is unchanged. An unknown
 * parameter name is a programming error of the system.
 */
export function withSystemDefaults(system: AnySystem, g: AgentFactory): AgentFactory {
  const defaults = system.searchDefaults?.[g.name];
  if (defaults === undefined) return g;
  let bySystem = tuned.get(system);
  if (bySystem === undefined) tuned.set(system, (bySystem = new Map()));
  let f = bySystem.get(g.name);
  if (f === undefined) {
    const params: Record<string, ParamSpec> = { ...g.params };
    for (const [k, v] of Object.entries(defaults)) {
      const spec = params[k];
      if (spec === undefined) throw new Error(`${system.info.id}: searchDefaults.${g.name}.${k}: agent '${g.name}' has no parameter '${k}' (known: ${Object.keys(g.params).join(', ')})`);
      params[k] = { ...spec, default: v };
    }
    bySystem.set(g.name, (f = { ...g, params }));
  }
  return f;
}

export function findAgent(system: AnySystem, name: string): AgentFactory | undefined {
  return availableAgents(system).find((f) => f.name === name);
}

/** Problems of one choice: an unknown name (with a suggestion), bad parameters, a bad agent named by a parameter. */
function choiceErrors(system: AnySystem, c: AgentChoice): string[] {
  const f = findAgent(system, c.name);
  if (!f) {
    const names = availableAgents(system).map((a) => a.name);
    return [`unknown agent '${c.name}' for ${system.info.id}${suggest(c.name, names)}; known agents: ${names.join(', ')}`];
  }
  const [values, errors] = resolveAgentParams(f, c.params);
  for (const [k, spec] of Object.entries(f.params)) {
    const v = values[k];
    if (spec.agentList && typeof v === 'string') {
      for (const c of agentListChoices(v)) {
        let inner: AgentChoice;
        try {
          inner = parseAgentChoice(c);
        } catch (e) {
          errors.push(`agent '${f.name}' parameter '${k}': ${(e as Error).message}`);
          continue;
        }
        if (inner.name === f.name) errors.push(`agent '${f.name}' parameter '${k}' cannot name '${f.name}' itself`);
        else for (const e of choiceErrors(system, inner)) errors.push(`agent '${f.name}' parameter '${k}': ${e}`);
      }
      continue;
    }
    if (!spec.agent || typeof v !== 'string' || v === '') continue;
    const inner = parseAgentChoice(v);
    if (inner.name === f.name) errors.push(`agent '${f.name}' parameter '${k}' cannot name '${f.name}' itself`);
    else for (const e of choiceErrors(system, inner)) errors.push(`agent '${f.name}' parameter '${k}': ${e}`);
  }
  return errors;
}

/** Input issues of agent choices (unknown names with a suggestion, bad parameters), at `path.i`. */
export function checkAgentChoices(system: AnySystem, choices: readonly AgentChoice[], path: string): InputIssue[] {
  const issues: InputIssue[] = [];
  choices.forEach((c, i) => {
    for (const e of choiceErrors(system, c)) issues.push({ path: `${path}.${i}`, message: e });
  });
  return issues;
}

/** A resolved choice: its factory and parameter values (resolve once, create per game and side). */
export interface ResolvedAgent {
  readonly factory: AgentFactory;
  readonly params: Record<string, ParamValue>;
}

/** Resolves a choice against the system's agents; throws with the reasons when it is bad. */
export function resolveAgent(system: AnySystem, choice: AgentChoice | string): ResolvedAgent {
  const c = typeof choice === 'string' ? parseAgentChoice(choice) : choice;
  const errors = choiceErrors(system, c);
  if (errors.length) throw new Error(errors.join('; '));
  const factory = findAgent(system, c.name)!;
  return { factory, params: resolveAgentParams(factory, c.params)[0] };
}

/**
 * The policy `mcts` searches with on a system: its declared `searchPolicy`, else its first default
 * agent when that is one of its own scripted agents (the pairing a designer runs first), else none
 * (uniformly random rollouts).
 */
export function searchPolicyOf(system: AnySystem): string | undefined {
  if (!offersSearch(system)) return undefined;
  if (system.searchPolicy) return system.searchPolicy;
  const first = system.defaultAgents[0];
  const own = first !== undefined && system.agents.some((f) => f.name === parseAgentChoice(first).name && f.name !== randomAgent.name);
  return own ? first : undefined;
}

/**
 * The agents `mcts` switches between on a system: its declared `searchPortfolio`, else every agent
 * of its own but `random` (in the system's order).
 */
export function searchPortfolioOf(system: AnySystem): readonly string[] {
  if (!offersSearch(system)) return [];
  if (system.searchPortfolio) return system.searchPortfolio;
  return system.agents.map((f) => f.name).filter((n) => n !== randomAgent.name);
}

/** The environment resolution hands to a factory: the system's search policy and a way to build its agents. */
export function agentEnv(system: AnySystem, game: CompiledGame): AgentEnv {
  const resolved = new Map<string, ResolvedAgent>();
  const env: AgentEnv = {
    searchPolicy: searchPolicyOf(system),
    portfolio: searchPortfolioOf(system),
    agent(choice, side) {
      // Resolved once per choice: a search agent builds policy instances for every simulation.
      const key = typeof choice === 'string' ? choice : formatAgentChoice(choice);
      let r = resolved.get(key);
      if (r === undefined) resolved.set(key, (r = resolveAgent(system, choice)));
      return r.factory.create(game, side, r.params, env);
    },
  };
  return env;
}

/** The agent of `choice` (a name with parameters, or text like 'mcts:iterations=400') for one side of a compiled game. */
export function createAgent(system: AnySystem, game: CompiledGame, side: number, choice: AgentChoice | string): Agent {
  const { factory, params } = resolveAgent(system, choice);
  return factory.create(game, side, params, agentEnv(system, game));
}

/**
 * Makers of the agents of one pairing on one compiled game: choices resolved once, then an agent
 * per side for every game (the runner's batch loop).
 */
export function agentMakers(system: AnySystem, game: CompiledGame, choices: readonly (AgentChoice | string)[]): Array<(side: number) => Agent> {
  const env = agentEnv(system, game);
  return choices.map((c) => {
    const { factory, params } = resolveAgent(system, c);
    return (side: number) => factory.create(game, side, params, env);
  });
}
