/**
 * duel: the smallest complete system, the template for new ones (copy this folder, rename the id
 * below, add one line to src/systems/index.ts: the conformance battery says what is still
 * missing) and a fast fixture for the core's tests. Two gunfighters alternate turns; on its turn a
 * side either takes aim (+1 to its next shot, up to a maximum) or fires (2d6 + aim >= target hits,
 * a hit removes one wound). Not a published game: every value is a placeholder. RULES.md maps
 * each rule to the file that implements it.
 */
import { defineSystem } from '../../core/system.ts';
import { agents, defaultAgents } from './agents/index.ts';
import { DATA_ROOTS, rulesData } from './data/rules.ts';
import { compile } from './engine.ts';
import { withDuelLead } from './lead.ts';
import { odds } from './odds.ts';
import { options } from './options.ts';
import { rulesSchema, scenarioSchema } from './schema.ts';

export { Action } from './actions.ts';
export type { DuelState } from './state.ts';
export type { DuelObservation } from './observe.ts';

export const system = defineSystem({
  info: { id: 'duel', name: 'Duel (example system)', seedFile: 'none (worked example)', spec: 'src/systems/duel/RULES.md', lengthUnit: 'rounds', kind: 'game', information: 'perfect', search: true },
  scenarioSchema,
  rulesData,
  rulesSchema,
  options,
  agents,
  defaultAgents,
  searchPolicy: 'trigger-happy',
  dataInUse: () => DATA_ROOTS,
  compile: ({ data, scenario, options: o }) => withDuelLead(compile(data, scenario.body, o), data, scenario.body, o),
  odds,
});
