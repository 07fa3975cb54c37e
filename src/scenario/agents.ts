/** Agent choices: names resolved against a system's agents plus the core's random baseline. */
import { parseAgentChoice, randomAgent, resolveAgentParams, type AgentChoice, type AgentFactory } from '../core/agent.ts';
import { suggest } from '../core/options.ts';
import type { GameSystem } from '../core/system.ts';
import type { InputIssue } from './errors.ts';
import type { AgentChoiceInput } from './schema.ts';

export function agentChoiceFromInput(a: AgentChoiceInput): AgentChoice {
  return typeof a === 'string' ? parseAgentChoice(a) : { name: a.name, params: a.params ?? {} };
}

export function availableAgents(system: GameSystem): AgentFactory[] {
  const list = [...system.agents];
  if (!list.some((f) => f.name === randomAgent.name)) list.unshift(randomAgent);
  return list;
}

export function findAgent(system: GameSystem, name: string): AgentFactory | undefined {
  return availableAgents(system).find((f) => f.name === name);
}

export function checkAgentChoices(system: GameSystem, choices: readonly AgentChoice[], path: string): InputIssue[] {
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
