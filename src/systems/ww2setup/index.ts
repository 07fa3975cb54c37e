/**
 * ww2setup: the WWII "1943" (WTJ) Standard Game Setup as a set-up generator (system kind
 * 'generator'). Seed 003_b3520e4f46d2df57.txt, spec shared/rules/ww2setup.md; coverage in RULES.md.
 *
 * Public API: generateSetup / sampleSetup (seeded set-up, canonical dice order), the exact twins
 * in exact.ts, the lull procedures in rules/lull.ts, the request sheet in rules/request-sheet.ts,
 * and `odds` (the exact mechanics for `salvo odds ww2setup` and `salvo cards ww2setup`).
 */
import { defineSystem } from '../../core/system.ts';
import { checkScenario, dataInUse } from './check.ts';
import { rulesData } from './data/rules.ts';
import { compile } from './engine.ts';
import { odds } from './odds.ts';
import { options } from './options.ts';
import { rulesSchema, scenarioSchema } from './schema.ts';

export const system = defineSystem({
  info: {
    id: 'ww2setup',
    name: 'WWII 1943 set-up generator (WTJ Standard Game Setup)',
    seedFile: '003_b3520e4f46d2df57.txt',
    spec: 'shared/rules/ww2setup.md',
    lengthUnit: 'turns to the first lull',
    kind: 'generator', information: 'perfect',
  },
  scenarioSchema,
  rulesData,
  rulesSchema,
  options,
  agents: [],
  defaultAgents: ['random', 'random'],
  dataInUse,
  checkScenario,
  compile: (input) => compile(input.scenario.body, input.data, input.options),
  odds,
});

export { generateSetup } from './engine.ts';
export { resolvePlan } from './check.ts';
export type { SetupPlan } from './model.ts';
export { sampleSetup } from './rules/sequence.ts';
export type { SetupResult } from './state.ts';
