/**
 * Agent resolution: which agents a system offers and how a choice written by a user
 * ('mcts:iterations=400') becomes a playing agent.
 *
 * A system's agents are, in this order: its own (src/systems/<id>/agents), the core's `random`
 * baseline (when the system does not list it itself), and the generic search agents of
 * src/agents/ (`lookahead`, `mcts`) when the system declares `info.search`: its compiled games
 * offer `evaluate` and `determinize`. The flag is static because agents are listed (`salvo list`)
 * and checked (scenario files, --agents) before any scenario is compiled; createAgent() then
 * checks the compiled game itself, and test/agents/resolution.test.ts checks the flag against
 * every bundled scenario.
 */
import { GENERIC_AGENTS } from '../agents/index.ts';
import { parseAgentChoice, randomAgent, resolveAgentParams, type Agent, type AgentChoice, type AgentFactory } from './agent.ts';
import type { InputIssue } from './errors.ts';
import { suggest } from './options.ts';
import type { AnySystem, CompiledGame } from './system.ts';

/** Does the system offer the generic search agents? */
export function offersSearch(system: AnySystem): boolean {
  return system.info.kind === 'game' && system.info.search === true;
}

/** Every agent of a system: its own, then `random`, then the generic ones it qualifies for. */
export function availableAgents(system: AnySystem): AgentFactory[] {
  const list: AgentFactory[] = [...system.agents];
  if (!list.some((f) => f.name === randomAgent.name)) list.unshift(randomAgent);
  if (offersSearch(system)) for (const g of GENERIC_AGENTS) if (!list.some((f) => f.name === g.name)) list.push(g);
  return list;
}

export function findAgent(system: AnySystem, name: string): AgentFactory | undefined {
  return availableAgents(system).find((f) => f.name === name);
}

/** Input issues of agent choices (unknown names with a suggestion, bad parameters), at `path.i`. */
export function checkAgentChoices(system: AnySystem, choices: readonly AgentChoice[], path: string): InputIssue[] {
  const issues: InputIssue[] = [];
  const names = availableAgents(system).map((f) => f.name);
  choices.forEach((c, i) => {
    const f = findAgent(system, c.name);
    if (!f) {
      issues.push({ path: `${path}.${i}`, message: `unknown agent '${c.name}' for ${system.info.id}${suggest(c.name, names)}; known agents: ${names.join(', ')}` });
      return;
    }
    const [, errs] = resolveAgentParams(f, c.params);
    for (const e of errs) issues.push({ path: `${path}.${i}`, message: e });
  });
  return issues;
}

/** The agent of `choice` (a name with parameters, or text like 'mcts:iterations=400') for one side of a compiled game. */
export function createAgent(system: AnySystem, game: CompiledGame, side: number, choice: AgentChoice | string): Agent {
  const c = typeof choice === 'string' ? parseAgentChoice(choice) : choice;
  const f = findAgent(system, c.name);
  if (!f) throw new Error(`unknown agent '${c.name}' for ${system.info.id}; known agents: ${availableAgents(system).map((a) => a.name).join(', ')}`);
  const [params, errors] = resolveAgentParams(f, c.params);
  if (errors.length) throw new Error(errors.join('; '));
  return f.create(game, side, params);
}
