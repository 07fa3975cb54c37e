/**
 * Panzer Vor! The Senshadou Boardgame (Kokusai Tsushinsha, 2014): card-driven tactical tank
 * combat on a hex map. Spec: /work/shared/rules/panzervor.md; coverage: RULES.md.
 */
import { defineSystem } from '../../core/system.ts';
import { agents, searchDefaults, searchPolicy, searchPortfolio } from './agents/index.ts';
import { checkScenario } from './check.ts';
import { rulesData } from './data/index.ts';
import { compile, type PvCompiledGame } from './engine.ts';
import { withPvLead } from './lead.ts';
import type { PvStatic } from './model.ts';
import type { PvObservation } from './observe.ts';
import { oddsModule } from './odds.ts';
import { options } from './options.ts';
import { rulesSchema, scenarioSchema } from './schema.ts';
import type { PvState } from './state.ts';

export type { PvCompiledGame, PvState, PvObservation, PvStatic };

export const system = defineSystem({
  info: {
    id: 'panzervor',
    name: 'Panzer Vor! The Senshadou Boardgame',
    seedFile: '001_ca03e5832a6dc339.txt',
    spec: 'panzervor.md',
    lengthUnit: 'player turns',
    kind: 'game', information: 'imperfect', search: true,
  },
  scenarioSchema,
  rulesData,
  rulesSchema,
  options,
  agents,
  defaultAgents: ['marksman', 'marksman'],
  searchPolicy,
  searchDefaults,
  searchPortfolio,
  dataInUse(b, d): string[] {
    const roots = new Set<string>(['rules', 'deck']);
    for (const side of [b.sides.A, b.sides.B]) {
      for (const u of side.units) {
        roots.add(`tanks.${u.tank}`);
        if (u.character) roots.add(`characters.${u.character.id}`);
      }
      for (const c of side.characters) roots.add(`characters.${c.id}`);
    }
    for (const [id, n] of Object.entries(d.deck.composition)) if (n > 0 && !b.deck.remove.includes(id)) roots.add(`cards.${id}`);
    roots.add(`terrain.${b.map.defaultTerrain}`);
    for (const t of Object.values(b.map.terrain)) roots.add(`terrain.${t}`);
    return [...roots];
  },
  checkScenario: (body, data, opts) => checkScenario(body, data, opts),
  compile: (input) => withPvLead(compile(input)),
  odds: oddsModule,
});
