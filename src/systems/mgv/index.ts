/**
 * Invisible Enemy / MGV combat (system id `mgv`): the first continuous-table system.
 * Seed 002_5c83dc8c877efd25.txt; spec /work/shared/rules/mgv.md. See RULES.md for coverage.
 */
import { sideToAct } from '../../core/decision/stack.ts';
import { defineSystem, type CompiledGame, type GameResult, type PlayContext } from '../../core/system.ts';
import { footprintInsideTable, basesOverlap, footprintOverlapsShape, pointInShape } from '../../core/geometry/table/index.ts';
import { MGV_RULES_DATA } from './data/rules.ts';
import { rulesSchema, scenarioSchema, type MgvRules, type MgvScenario } from './schema.ts';
import { MGV_OPTIONS, type MgvOptions } from './options.ts';
import { buildModel, shapeOf, type Model } from './model.ts';
import { cloneState, type MgvState } from './state.ts';
import { describe } from './actions.ts';
import { applyAction, legalActions, maxActionsOf, missionKilled, newGameState } from './engine.ts';
import { buildLayout, S_IDX } from './metrics.ts';
import { observe, type MgvObservation } from './observe.ts';
import { checkInvariants } from './invariants.ts';
import { agents } from './agents/index.ts';
import { mgvOdds } from './odds.ts';
import { evaluate } from './evaluate.ts';
import { determinize } from './determinize.ts';
import { withMgvLead } from './lead.ts';

export type { MgvObservation, MgvState, Model };

export function compileMgv(data: MgvRules, scenario: MgvScenario, options: MgvOptions): CompiledGame<MgvState, MgvObservation> & { model: Model } {
  const m = buildModel(data, scenario, options);
  const metrics = buildLayout(m.sides);
  return {
    model: m,
    sides: m.sides,
    metrics,
    maxDecisions: 400 * m.turnLimit * Math.max(2, m.units.length),
    maxActions: maxActionsOf(m),
    newGame: (_setup, ctx) => newGameState(m, ctx),
    result: (s) => s.result,
    // The side of the top pending frame (counter-jam, a missile split), else the side to decide.
    currentSide: (s) => sideToAct(s.pending, s.side),
    legalActions: (s, out) => legalActions(m, s, out),
    apply: (s, a, ctx) => applyAction(m, s, a, ctx),
    observe: (s, side) => observe(m, s, side),
    describeAction: (s, a) => describe(m, s, a),
    length: (s) => s.turn,
    clone: cloneState,
    finish: (s: MgvState, r: GameResult, ctx: PlayContext) => {
      ctx.tally.setScalar(S_IDX.turns, r.length);
      for (let i = 0; i < s.units.length; i++) {
        if (missionKilled(m, s, i)) ctx.tally.addScalar(m.units[i].side === 0 ? S_IDX.missionKilledA : S_IDX.missionKilledB);
      }
    },
    checkInvariants: (s) => checkInvariants(m, s),
    evaluate: (s, side) => evaluate(m, s, side),
    determinize: (s, side, rng) => determinize(m, s, side, rng),
  };
}

/** Scenario checks that need the rules data; errors as [path, message]. */
export function checkMgvScenario(sc: MgvScenario, data: MgvRules, options: MgvOptions): Array<[string, string]> {
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
  defaultAgents: ['standoff', 'standoff'],
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
  checkScenario: checkMgvScenario,
  compile: ({ scenario, data, options }) => withMgvLead(compileMgv(data, scenario.body, options)),
  odds: mgvOdds,
});
