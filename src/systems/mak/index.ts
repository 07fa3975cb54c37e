/**
 * Maschinen Krieger / S.F.3.D II: Operation Faserei (Hobby Japan, 1985): tactical hex combat of
 * armoured suits with defensive fire at every hex entered and close quarters combat.
 * Spec: ../shared/rules/mak.md; coverage: RULES.md.
 */
import { randomAgent } from '../../core/agent.ts';
import { defineSystem, type CompiledGame, type GameResult } from '../../core/system.ts';
import { makeCodec } from './actions.ts';
import { assault } from './agents/assault.ts';
import { firebase } from './agents/firebase.ts';
import { rulesData } from './data/index.ts';
import { END_CONCEDE, END_ELIMINATION, apply, beginTurn, describe, legalActions, type Engine } from './engine.ts';
import { evaluate } from './evaluate.ts';
import { checkInvariants } from './invariants.ts';
import { M, layoutOf, rowOf } from './metrics.ts';
import { MAX_W, buildModel, type Model } from './model.ts';
import { determinize, observe, type MakObservation } from './observe.ts';
import { oddsModule } from './odds.ts';
import { options, type MakOptions } from './options.ts';
import { rulesSchema, scenarioSchema, type RulesData, type ScenarioBody } from './schema.ts';
import { cloneState, newState, type MakState } from './state.ts';
import { parseHexId } from '../../core/geometry/hex/coords.ts';
import { stackPoints } from './rules/rolls.ts';
import { rollPilots } from './rules/pilots.ts';
import { withMakLead } from './lead.ts';

export type { MakState, MakObservation, Model };

export interface MakGame extends CompiledGame<MakState, MakObservation> {
  readonly E: Engine;
}

export function compileMak(data: RulesData, body: ScenarioBody, opt: MakOptions): MakGame {
  const m = buildModel(data, body, opt);
  const A = makeCodec(m.nu, m.nb, m.na, m.n);
  const moveBase = A.encode.move(0, 0);
  if (m.nu > 1 && A.encode.move(1, 1) !== moveBase + 1 + m.nu) throw new Error('mak: unexpected move code layout');
  const attackBase = A.encode.attack(0, 0, 0);
  if (m.nu > 1 && A.encode.attack(1, 1, 1) !== attackBase + 1 + m.nu + m.nu * MAX_W) throw new Error('mak: unexpected attack code layout');
  const E: Engine = { m, A, moveBase, attackBase };
  const template = newState(m);
  const rollsPilots = m.upRoll.some((x) => x === 1) || m.apRoll.some((x) => x === 1);
  const nu = m.nu;
  let drops = 0;
  for (let u = 0; u < nu; u++) drops += m.uairdrop[u];
  // ... plus smoke (7 hexes a unit), load / unload, enter, boost, and every hex for each airdrop.
  const maxActions = 1 + nu * 6 + nu * MAX_W * nu * 2 + nu * nu + nu * (MAX_W + 1) * nu + nu + 2 + nu * m.nb * nu * 8 + m.na * nu * 4 + nu * 7 + nu * nu * 2 + nu * 3 + drops * m.n + m.na * m.n + m.na + nu + nu * nu + nu + nu * 6 + nu * nu + nu;
  return {
    E,
    sides: ['mercenary', 'strahl'],
    metrics: layoutOf(m),
    maxDecisions: 20_000 + body.turns * 2 * nu * 60,
    maxActions,
    newGame(setup, ctx) {
      const s = cloneState(template); // the same start every game: slices instead of building it again
      if (rollsPilots) rollPilots(m, s, setup); // option pilotMods ([18.3.1])
      for (let u = 0; u < nu; u++) for (let w = 0; w < MAX_W; w++) if (m.wtype[u * MAX_W + w] >= 0) ctx.tally.add(rowOf(m, u, w), M.col.fielded);
      beginTurn(E, s, ctx);
      return s;
    },
    result(s): GameResult | null {
      if (!s.over) return null;
      return { winner: s.winner, reason: 'victory', detail: s.endDetail === END_ELIMINATION ? 'elimination' : s.endDetail === END_CONCEDE ? 'concession' : 'ogp', length: s.turn };
    },
    currentSide: (s) => (s.pending.depth > 0 ? s.pending.words[(s.pending.depth - 1) * 8 + 1] : s.phaseSide),
    legalActions: (s, out) => legalActions(E, s, out),
    apply: (s, a, ctx) => apply(E, s, a, ctx),
    observe: (s, side) => observe(E, s, side),
    describeAction: (s, a) => describe(E, s, a),
    length: (s) => s.turn,
    clone: cloneState,
    determinize: (s, side, rng) => determinize(E, s, side, rng),
    evaluate: (s, side) => evaluate(m, s, side),
    finish(s, _r, ctx) {
      const v = body.victory;
      ctx.tally.setScalar(M.scalar.ogpMercenary, s.ogp[0] + v.extra.mercenary - s.artVp[0]);
      ctx.tally.setScalar(M.scalar.ogpStrahl, s.ogp[1] + v.extra.strahl - s.artVp[1]);
      ctx.tally.setScalar(M.scalar.lostMercenary, s.lost[0]);
      ctx.tally.setScalar(M.scalar.lostStrahl, s.lost[1]);
    },
    checkInvariants: (s) => checkInvariants(m, s),
  };
}

function checkScenario(body: ScenarioBody, data: RulesData, options: { readonly concealment: boolean }): Array<[string, string]> {
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
  agents: [randomAgent, assault, firebase],
  defaultAgents: ['assault', 'firebase'],
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
  checkScenario: (body, data, options) => checkScenario(body, data, options),
  compile: ({ data, scenario, options: o }) => withMakLead(compileMak(data, scenario.body, o)),
  odds: oddsModule,
});
