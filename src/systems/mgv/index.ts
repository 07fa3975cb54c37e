/**
 * Invisible Enemy / MGV combat (system id `mgv`): the first continuous-table system.
 * Seed 002_5c83dc8c877efd25.txt; spec /work/shared/rules/mgv.md. See RULES.md for coverage.
 */
import { defineSystem } from '../../core/system.ts';
import { agents, defaultAgents, searchDefaults, searchPolicy, searchPortfolio } from './agents/index.ts';
import { checkScenario } from './check.ts';
import { MGV_RULES_DATA } from './data/rules.ts';
import { compile } from './engine.ts';
import { withMgvLead } from './lead.ts';
import type { Model } from './model.ts';
import type { MgvObservation } from './observe.ts';
import { mgvOdds } from './odds.ts';
import { MGV_OPTIONS } from './options.ts';
import { rulesSchema, scenarioSchema } from './schema.ts';
import type { MgvState } from './state.ts';

export type { MgvObservation, MgvState, Model };

export const system = defineSystem({
  info: {
    id: 'mgv',
    name: 'Invisible Enemy (MGV combat)',
    seedFile: '002_5c83dc8c877efd25.txt',
    spec: 'rules/mgv.md',
    lengthUnit: 'turns',
    kind: 'game', information: 'imperfect', search: true,
  },
  scenarioSchema,
  rulesData: MGV_RULES_DATA,
  rulesSchema,
  options: MGV_OPTIONS,
  agents,
  defaultAgents,
  searchDefaults,
  searchPolicy,
  searchPortfolio,
  dataInUse(sc): string[] {
    const roots = ['ratioColumns', 'kinetic', 'thermal', 'missile', 'photon', 'weapons', 'modifiers', 'crit', 'death', 'repair', 'speedLevels', 'turnCost', 'base', 'terrainRules', 'pentawing', 'victory'];
    const models = new Set(sc.units.map((u) => u.model));
    for (const m of models) roots.push(`mgvs.${m}`);
    const types = new Set(sc.terrain.map((t) => t.type));
    for (const t of types) roots.push(`terrain.${t}`);
    const payloads = new Set(sc.units.map((u) => u.payload.type));
    if (payloads.has('jammer')) roots.push('jamming');
    if (payloads.has('engineering')) roots.push('engineering');
    if (payloads.size > 1 || !payloads.has('none')) roots.push('payloads');
    if (!sc.board) roots.push('board');
    return roots;
  },
  checkScenario,
  compile: ({ scenario, data, options }) => withMgvLead(compile(data, scenario.body, options)),
  odds: mgvOdds,
});
