/**
 * The scenario checks that need the rules data (models, terrain types, payload capacities, the
 * base footprint): errors as [path, message], reported by the loader as `file:line: path: message`.
 */
import { basesOverlap, footprintInsideTable, footprintOverlapsShape, pointInShape } from '../../core/geometry/table/index.ts';
import { shapeOf } from './model.ts';
import type { MgvOptions } from './options.ts';
import type { MgvRules, MgvScenario } from './schema.ts';

/** Scenario checks that need the rules data; errors as [path, message]. */
export function checkScenario(sc: MgvScenario, data: MgvRules, options: MgvOptions): Array<[string, string]> {
  const errs: Array<[string, string]> = [];
  const sides = sc.sides.map((s) => s.id);
  if (new Set(sides).size !== 2) errs.push(['sides', `expected two sides with different ids, got ${sides.join(', ')}`]);
  const width = sc.board?.width ?? data.board.width;
  const height = sc.board?.height ?? data.board.height;
  const models = Object.keys(data.mgvs);
  const types = Object.keys(data.terrain);
  const ids = new Set<string>();
  const fp = options.footprint === 'circle' ? { kind: 'circle' as const, radius: data.base.radius } : { kind: 'rect' as const, length: data.base.length, width: data.base.width };
  if (options.allowSplitPayload) errs.push(['options.allowSplitPayload', 'split payloads are not modelled; expected false']);
  sc.terrain.forEach((t, k) => {
    if (!data.terrain[t.type]) errs.push([`terrain.${k}.type`, `unknown terrain type '${t.type}'; expected one of ${types.join(', ')}`]);
    if (t.owner !== undefined && !sides.includes(t.owner)) errs.push([`terrain.${k}.owner`, `unknown side '${t.owner}'; expected one of ${sides.join(', ')}`]);
  });
  sc.units.forEach((u, k) => {
    const p = `units.${k}`;
    if (ids.has(u.id)) errs.push([`${p}.id`, `duplicate unit id '${u.id}'`]);
    ids.add(u.id);
    const side = sides.indexOf(u.side);
    if (side < 0) errs.push([`${p}.side`, `unknown side '${u.side}'; expected one of ${sides.join(', ')}`]);
    const m = data.mgvs[u.model];
    if (!m) {
      errs.push([`${p}.model`, `unknown MGV model '${u.model}'; expected one of ${models.join(', ')}`]);
      return;
    }
    if (!u.weapon && !(side >= 0 && sc.sides[side].weapon)) errs.push([`${p}.weapon`, `no main weapon: expected one of kinetic, missile, photon, thermal (on the unit or its side)`]);
    const pl = u.payload;
    if (pl.type !== 'none') {
      if (m.payload <= 0) errs.push([`${p}.payload`, `the ${u.model} cannot carry a payload (capacity 0)`]);
      if (pl.points < 1 || pl.points > m.payload) errs.push([`${p}.payload.points`, `expected 1..${m.payload} payload points for a ${u.model}, got ${pl.points}`]);
      if (pl.type === 'weapon' && !pl.weapon) errs.push([`${p}.payload.weapon`, 'a weapon payload needs weapon: kinetic, missile, photon or thermal']);
      if (pl.type !== 'weapon' && pl.weapon) errs.push([`${p}.payload.weapon`, `only a weapon payload takes a weapon type (this one is '${pl.type}')`]);
      if (pl.facing !== undefined && m.bay !== 'any') {
        const want = m.bay === 'rear' ? 'rear' : 'front';
        if (pl.facing !== want) errs.push([`${p}.payload.facing`, `the ${u.model}'s payload bay faces ${m.bay}; expected facing: ${want} (or omit it)`]);
      }
    }
    if (!footprintInsideTable(u.x, u.y, u.heading, fp, 0, 0, width, height)) errs.push([p, `base at (${u.x}, ${u.y}) is off the ${width}" x ${height}" table`]);
    sc.terrain.forEach((t) => {
      const tt = data.terrain[t.type];
      if (tt && tt.move === 'impassable' && footprintOverlapsShape(u.x, u.y, u.heading, fp, shapeOf(t))) errs.push([p, `base at (${u.x}, ${u.y}) overlaps impassable terrain '${t.id}' (${t.type})`]);
    });
    const dep = side >= 0 ? sc.sides[side].deployment : undefined;
    if (dep && !pointInShape(shapeOf(dep), u.x, u.y)) errs.push([p, `base at (${u.x}, ${u.y}) is outside the ${u.side} deployment zone`]);
  });
  for (let a = 0; a < sc.units.length; a++)
    for (let b = a + 1; b < sc.units.length; b++) {
      const A = sc.units[a];
      const B = sc.units[b];
      if (basesOverlap(A.x, A.y, A.heading, fp, B.x, B.y, B.heading, fp)) errs.push([`units.${b}`, `base ${B.id} overlaps base ${A.id}`]);
    }
  for (const s of sides) if (!sc.units.some((u) => u.side === s)) errs.push(['units', `side '${s}' has no MGV`]);
  if (sc.victory.mode === 'missionStrike' && !sc.victory.strikeZone) errs.push(['victory.strikeZone', 'missionStrike victory needs a strikeZone (rect, circle or polygon)']);
  return errs;
}
