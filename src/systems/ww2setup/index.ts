/**
 * ww2setup: the WWII "1943" (WTJ) Standard Game Setup as a set-up generator (system kind
 * 'generator'). Seed 003_b3520e4f46d2df57.txt, spec shared/rules/ww2setup.md; coverage in RULES.md.
 *
 * Public API: generateSetup / sampleSetup (seeded set-up, canonical dice order), the exact twins
 * in exact-setup.ts, the lull procedures in lull.ts, the request sheet in request-sheet.ts, and
 * `odds` (the exact mechanics for `salvo odds ww2setup` and `salvo cards ww2setup`).
 */
import { defineSystem } from '../../core/system.ts';
import { rulesData } from './data.ts';
import { compileSetup } from './engine.ts';
import { odds } from './odds.ts';
import { options } from './options.ts';
import { rulesSchema } from './rules-schema.ts';
import { resolvePlan, scenarioSchema } from './scenario.ts';

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
  dataInUse(body, data) {
    const { plan } = resolvePlan(body, data, {});
    return plan ? [...plan.dataPaths] : [];
  },
  checkScenario(body, data, opts) {
    return resolvePlan(body, data, opts).errors;
  },
  compile(input) {
    const { plan, errors } = resolvePlan(input.scenario.body, input.data, input.options);
    if (!plan) throw new Error(errors.map(([p, m]) => `${p}: ${m}`).join('; '));
    return compileSetup(plan);
  },
  odds,
});

export { generateSetup, sampleSetup, type SetupResult } from './generate.ts';
export { resolvePlan, type SetupPlan } from './scenario.ts';
