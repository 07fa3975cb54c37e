/** Agent choices of scenario files; resolution itself lives in src/agents/resolve.ts. */
import { dirname } from 'node:path';
import { parseAgentChoice, type AgentChoice } from '../core/agent.ts';
import { expandParamSet, namesParamSet } from './param-set.ts';
import type { AgentChoiceInput } from './schema.ts';

export { availableAgents, findAgent, checkAgentChoices, createAgent, agentMakers, offersSearch } from '../agents/resolve.ts';

/**
 * A scenario's agent choice. `gunline@tuned.json` reads the parameter set relative to the scenario
 * file's folder; `file` undefined (an inline document compiled by a worker, which never reads files
 * and plays the plan's own agents) leaves such a choice unread: null.
 */
export function agentChoiceFromInput(a: AgentChoiceInput, file?: string): AgentChoice | null {
  const c = typeof a === 'string' ? (namesParamSet(a) ? { name: a, params: {} } : parseAgentChoice(a)) : { name: a.name, params: a.params ?? {} };
  if (!namesParamSet(c.name)) return c;
  return file === undefined ? null : expandParamSet(c, dirname(file));
}
