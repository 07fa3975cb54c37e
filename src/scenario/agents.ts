/** Agent choices of scenario files; resolution itself lives in the core (src/core/agents.ts). */
import { parseAgentChoice, type AgentChoice } from '../core/agent.ts';
import type { AgentChoiceInput } from './schema.ts';

export { availableAgents, findAgent, checkAgentChoices, createAgent, offersSearch } from '../core/agents.ts';

export function agentChoiceFromInput(a: AgentChoiceInput): AgentChoice {
  return typeof a === 'string' ? parseAgentChoice(a) : { name: a.name, params: a.params ?? {} };
}
