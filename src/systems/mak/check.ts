/**
 * The scenario checks that need the rules data ([2.0] unit library, [8.2] stacking), in one place:
 * errors as [path in the scenario file, message]; empty when the scenario is sound.
 */
import { parseHexId } from '../../core/geometry/hex/coords.ts';
import { stackPoints } from './rules/rolls.ts';
import type { RulesData, ScenarioBody } from './schema.ts';

export function checkScenario(body: ScenarioBody, data: RulesData, options: { readonly concealment: boolean }): Array<[string, string]> {
  const errs: Array<[string, string]> = [];
  // [15.0] is an optional rule the engine does not play (RULES.md): refuse it rather than ignore it.
  if (options.concealment) errs.push(['options.concealment', 'the optional concealment rule [15.0] is not played by the engine; expected false']);
  const map = body.map;
  const onMap = (id: string) => {
    const { col, row } = parseHexId(id);
    return col >= 1 && col <= map.cols && row >= 1 && row <= map.rows;
  };
  if (!data.terrain[map.default]) errs.push(['map.default', `unknown terrain '${map.default}' (known: ${Object.keys(data.terrain).join(', ')})`]);
  for (const [id, h] of Object.entries(map.hexes)) {
    if (!onMap(id)) errs.push([`map.hexes.${id}`, `hex off the ${map.cols} x ${map.rows} map`]);
    h.terrain.forEach((t, i) => { if (!data.terrain[t]) errs.push([`map.hexes.${id}.terrain.${i}`, `unknown terrain '${t}' (known: ${Object.keys(data.terrain).join(', ')})`]); });
  }
  map.roads.forEach((r, i) => r.forEach((id, j) => { if (!onMap(id)) errs.push([`map.roads.${i}.${j}`, `hex ${id} off the map`]); }));
  map.hexsides.forEach((h, i) => { if (!onMap(h.a) || !onMap(h.b)) errs.push([`map.hexsides.${i}`, 'hex off the map']); });
  const ids = new Set<string>();
  const pts = new Map<string, number>();
  for (const side of ['mercenary', 'strahl'] as const) {
    body.sides[side].units.forEach((u, i) => {
      const p = `sides.${side}.units.${i}`;
      if (ids.has(u.id)) errs.push([`${p}.id`, `unit id '${u.id}' used twice`]);
      ids.add(u.id);
      const d = data.units[u.type];
      if (!d) { errs.push([`${p}.type`, `unknown unit type '${u.type}' (known: ${Object.keys(data.units).join(', ')})`]); return; }
      if (d.type === 3) errs.push([`${p}.type`, `'${u.type}' is an aircraft; list it under sides.${side}.aircraft`]);
      if (!onMap(u.at)) errs.push([`${p}.at`, `hex ${u.at} off the map`]);
      if (u.pilot && !data.pilots[u.pilot]) errs.push([`${p}.pilot`, `unknown pilot '${u.pilot}' (known: ${Object.keys(data.pilots).join(', ')})`]);
      const key = `${side}:${u.at}`;
      pts.set(key, (pts.get(key) ?? 0) + stackPoints(d.type));
      if ((pts.get(key) ?? 0) > data.rules.stackLimit) errs.push([`${p}.at`, `more than ${data.rules.stackLimit} stack points of ${side} in ${u.at} ([8.2])`]);
    });
  }
  for (const side of ['mercenary', 'strahl'] as const) {
    body.sides[side].artillery.forEach((b, i) => {
      if (!data.artillery.types[b.type]) errs.push([`sides.${side}.artillery.${i}.type`, `unknown artillery type '${b.type}' (known: ${Object.keys(data.artillery.types).join(', ')})`]);
    });
    body.sides[side].aircraft.forEach((a, i) => {
      const d = data.units[a.type];
      if (!d || d.type !== 3 || d.form !== 'A') errs.push([`sides.${side}.aircraft.${i}.type`, `'${a.type}' is not an aircraft type (known: ${Object.entries(data.units).filter(([, u]) => u.type === 3 && u.form === 'A').map(([k]) => k).join(', ')})`]);
      if (a.pilot && !data.pilots[a.pilot]) errs.push([`sides.${side}.aircraft.${i}.pilot`, `unknown pilot '${a.pilot}'`]);
    });
  }
  return errs;
}
