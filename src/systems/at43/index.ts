/**
 * AT-43 (Rackham), system id `at43`: the second table system and the first with units of many
 * miniatures. Seed 004_9927b53f74174df2.txt; spec /work/shared/rules/at43.md; RULES.md maps every
 * seed section to implemented / option / omitted.
 */
import { defineSystem } from '../../core/system.ts';
import { AT43_RULES_DATA } from './data/rules.ts';
import { rulesSchema, scenarioSchema, type At43Rules, type At43Scenario } from './schema.ts';
import { AT43_OPTIONS } from './options.ts';
import { checkAt43Scenario } from './check.ts';
import { compile } from './engine.ts';
import { D } from './decisions/index.ts';
import { at43Odds } from './odds.ts';
import { AT43_AGENTS, DEFAULT_AGENTS, SEARCH_DEFAULTS, SEARCH_POLICY, SEARCH_PORTFOLIO } from './agents/index.ts';
import { withAt43Lead } from './lead.ts';

export const system = defineSystem({
  info: { id: 'at43', name: 'AT-43', seedFile: '004_9927b53f74174df2.txt', spec: 'rules/at43.md', lengthUnit: 'rounds', kind: 'game', information: 'imperfect', search: true },
  scenarioSchema,
  rulesData: AT43_RULES_DATA,
  rulesSchema,
  options: AT43_OPTIONS,
  agents: AT43_AGENTS,
  defaultAgents: DEFAULT_AGENTS,
  searchPolicy: SEARCH_POLICY,
  searchPortfolio: SEARCH_PORTFOLIO,
  searchDefaults: SEARCH_DEFAULTS,
  dataInUse(body: At43Scenario, data: At43Rules): string[] {
    const roots = ['utr', 'location', 'rangeBand', 'contact', 'cohesion', 'movement', 'runOver', 'cover', 'template', 'morale', 'lp', 'control', 'officerCost', 'artillery', `weapons.${data.artillery.weapon}`];
    const weapons = new Set<string>();
    for (const side of body.sides)
      for (const u of side.units) {
        roots.push(`profiles.${u.profile}`);
        if (u.officer) roots.push(`officers.${u.officer}`);
        if (u.hero) roots.push(`heroes.${u.hero}`);
        const foot = u.hero ? data.heroes[u.hero]?.onFoot : undefined;
        if (foot) roots.push(`profiles.${foot}`);
        const p = data.profiles[u.profile];
        for (const w of [...(u.weapons ?? p?.weapons ?? []), ...(p?.ccWeapons ?? []), ...u.specialWeapons.map((x) => x.weapon)]) weapons.add(w);
      }
    for (const w of weapons) roots.push(`weapons.${w}`);
    return [...new Set(roots)];
  },
  checkScenario: checkAt43Scenario,
  compile: ({ data, scenario, options }) => withAt43Lead(compile(data, scenario.body, options, D)),
  odds: at43Odds,
});
