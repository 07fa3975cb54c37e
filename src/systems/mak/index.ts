/**
 * Maschinen Krieger / S.F.3.D II: Operation Faserei (Hobby Japan, 1985): tactical hex combat of
 * armoured suits with defensive fire at every hex entered and close quarters combat.
 * Spec: ../shared/rules/mak.md; coverage: RULES.md (every section, with where it is played).
 */
import { defineSystem } from '../../core/system.ts';
import { agents, defaultAgents, searchDefaults, searchPolicy, searchPortfolio } from './agents/index.ts';
import { checkScenario } from './check.ts';
import { rulesData } from './data/index.ts';
import { compile } from './engine.ts';
import { withMakLead } from './lead.ts';
import { oddsModule } from './odds.ts';
import { options } from './options.ts';
import { rulesSchema, scenarioSchema } from './schema.ts';

export type { MakGame } from './engine.ts';
export type { MakObservation } from './observe.ts';
export type { MakState } from './state.ts';
export type { Model } from './model.ts';

export const system = defineSystem({
  info: {
    id: 'mak',
    name: 'Maschinen Krieger / S.F.3.D II',
    seedFile: '000_3059d6b1c2216493.txt',
    spec: 'mak.md',
    lengthUnit: 'turns',
    kind: 'game',
    information: 'imperfect',
    search: true,
  },
  scenarioSchema,
  rulesData,
  rulesSchema,
  options,
  agents,
  defaultAgents,
  searchPolicy,
  searchDefaults,
  searchPortfolio,
  dataInUse(body, data) {
    const roots = new Set<string>(['endurance', 'range', 'rules', 'movement']);
    for (const side of ['mercenary', 'strahl'] as const) for (const u of body.sides[side].units) {
      roots.add(`units.${u.type}`);
      if (u.pilot) roots.add(`pilots.${u.pilot}`);
    }
    roots.add(`terrain.${body.map.default}`);
    for (const h of Object.values(body.map.hexes)) for (const t of h.terrain) roots.add(`terrain.${t}`);
    for (const h of body.map.hexsides) roots.add(`hexsides.${h.feature}`);
    void data;
    return [...roots];
  },
  checkScenario,
  compile: ({ data, scenario, options: o }) => withMakLead(compile(data, scenario.body, o)),
  odds: oddsModule,
});
