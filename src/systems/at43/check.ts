/**
 * The AT-43 scenario checks that need the rules data (checkScenario): known profiles, officers,
 * weapons and heroes, a hero's category, Type and vehicle (p.76), fewer special weapon bearers
 * than fighters, placements on the table, and the model's capacity (units, fighters).
 */
import type { At43Options } from './options.ts';
import type { At43Rules, At43Scenario } from './schema.ts';

export function checkAt43Scenario(sc: At43Scenario, data: At43Rules, opts: At43Options): Array<[string, string]> {
  const errs: Array<[string, string]> = [];
  const ids = new Set<string>();
  let total = 0;
  let pilots = 0;
  if (sc.sides[0].id === sc.sides[1].id) errs.push(['sides.1.id', `expected two different side ids, got '${sc.sides[1].id}' twice`]);
  if (sc.objectives.length > 6) errs.push(['objectives', 'expected at most 6 objectives']);
  if (sc.firstRoundAuthorityWinner && !sc.sides.some((s) => s.id === sc.firstRoundAuthorityWinner)) errs.push(['firstRoundAuthorityWinner', `unknown side '${sc.firstRoundAuthorityWinner}'`]);
  if (opts['artillery.enabled'] && !data.weapons[data.artillery.weapon]) errs.push(['options.artillery.enabled', `the artillery weapon '${data.artillery.weapon}' is not in the rules data`]);
  if (opts['therian.routines']) errs.push(['options.therian.routines', 'the Therian routines module is not modelled; expected false']);
  sc.sides.forEach((side, si) =>
    side.units.forEach((u, k) => {
      const p = `sides.${si}.units.${k}`;
      total++;
      if (ids.has(u.id)) errs.push([`${p}.id`, `duplicate unit id '${u.id}'`]);
      ids.add(u.id);
      const prof = data.profiles[u.profile];
      if (!prof) return errs.push([`${p}.profile`, `unknown profile '${u.profile}'; expected one of ${Object.keys(data.profiles).join(', ')}`]);
      if (u.officer && !data.officers[u.officer]) errs.push([`${p}.officer`, `unknown officer '${u.officer}'; expected one of ${Object.keys(data.officers).join(', ')}`]);
      for (const w of [...(u.weapons ?? []), ...u.specialWeapons.map((x) => x.weapon)]) if (!data.weapons[w]) errs.push([`${p}`, `unknown weapon '${w}'; expected one of ${Object.keys(data.weapons).join(', ')}`]);
      for (const w of [...prof.weapons, ...prof.ccWeapons]) if (!data.weapons[w]) errs.push([`${p}.profile`, `profile '${u.profile}' names unknown weapon '${w}'`]);
      if (u.hero) {
        // a hero leads a unit of his category and Type (p.76), aboard his AFV only units of that AFV
        const h = data.heroes[u.hero];
        if (!h) errs.push([`${p}.hero`, `unknown hero '${u.hero}'; expected one of ${Object.keys(data.heroes).join(', ')}`]);
        else if (prof.category === 'strider' || prof.category === 'vehicle') {
          if (u.profile !== h.vehicle) errs.push([`${p}.hero`, `${h.name} aboard his AFV may only lead ${h.vehicle} units, not ${u.profile}`]);
        } else if (prof.category !== h.category || prof.type !== h.type) errs.push([`${p}.hero`, `${h.name} (${h.category}, Type ${h.type}) may only lead ${h.category} units of Type ${h.type}; ${u.profile} is ${prof.category} Type ${prof.type}`]);
        if (!u.officer) errs.push([`${p}.officer`, `a hero is an officer: give the unit his officer profile (e.g. officer: sergeant)`]);
        if (h?.onFoot && (prof.category === 'strider' || prof.category === 'vehicle')) {
          pilots++;
          const foot = data.profiles[h.onFoot];
          if (!foot) errs.push([`${p}.hero`, `${h.name}'s on-foot profile '${h.onFoot}' is not in the rules data`]);
          else if (foot.category !== h.category || foot.type !== h.type) errs.push([`${p}.hero`, `${h.name}'s on-foot profile '${h.onFoot}' is ${foot.category} Type ${foot.type}; expected ${h.category} Type ${h.type}`]);
        }
      }
      const sp = u.specialWeapons.reduce((a, x) => a + x.count, 0);
      if (sp >= u.count) errs.push([`${p}.specialWeapons`, `expected fewer special weapon bearers than fighters (${u.count})`]);
      const r = prof.baseRadius;
      if (u.x < r || u.y < r || u.x > sc.table.width - r || u.y > sc.table.depth - r) errs.push([p, `placement (${u.x}, ${u.y}) is off the ${sc.table.width} × ${sc.table.depth} cm table`]);
    }),
  );
  if (total + pilots > 24) errs.push(['sides', `expected at most 24 units in all (a hero pilot's unit on foot included), got ${total + pilots}`]);
  const fighters = sc.sides.reduce((a, sd) => a + sd.units.reduce((b, u) => b + u.count, 0), 0);
  if (fighters > 384) errs.push(['sides', `expected at most 384 fighters in all, got ${fighters}`]);
  return errs;
}
