/** Every option and optional rule plays: the random battery with alternative readings switched on. */
import { describe, expect, it } from 'vitest';
import { checkRandomPlayouts } from '../../helpers/playout.ts';
import { compileScenarioDocument } from '../../../src/scenario/load.ts';
import { join } from 'node:path';
import { ROOT } from '../../helpers/bundled.ts';
import { readDoc } from './helpers.ts';

const ALT_A = {
  'photon.rangingPenalty': 'fitBothExamples', activityLosCheck: 'anyPoint', activityAcrossTurns: false, resetOrder: 'death-recurring-repair',
  payloadMatching: false, 'kinetic.pathThroughDestroyed': 'count', 'thermal.onCore': 'nearestHull', mxMode: 'destroyed', 'repair.placeholderRows': false,
  powerModuleUse: 'free', 'missile.defenseDice': 'halfDefense', 'missile.tie': 'attacker', coverStacking: 'sum', coverAppliesTo: 'direct',
  'spotting.range': 18, losModel: 'centreToCentre', terrainMoveModel: 'reduction', 'trap.selfRescueOn': 5, 'beacon.lifetimePhases': 2,
  'repair.remoteCountsAsFiring': true, 'jammer.activation': 'fireOnly', dominantWeapon: 'mainAlways', rangeFromPrinted: true, removeDead: true,
  'spread.missing': 'lost', 'thermal.hxBonus': 'none', 'hill.crest': 2, measure: 'edge', footprint: 'circle', allowReverse: true,
  infestationPlacement: 'vertex', 'photon.noHullCell': 'core', camouflage: 'startOnly', 'engine.maxLegs': 2,
};
const OPTIONAL = {
  barrages: true, fungusInfection: true, 'faster.noRandomLocation': true, fireRegistration: true, zoc: true, selfDestruct: true, pursuit: true,
};
const FASTER = { 'faster.noWeaponPayload': true, 'faster.noRepair': true, 'faster.noEngineering': true, 'thermal.onCore': 'coreDamage', camouflage: 'off' };

function withOptions(file: string, options: Record<string, unknown>) {
  const d = readDoc(join(ROOT, 'scenarios/mgv', file));
  d.options = { ...(d.options ?? {}), ...options };
  if (options.fireRegistration) d.scenario.sides[0].registrations = [[18, 18], [12, 30]];
  // the 0.5" circle footprint is deeper than the 0.6"-wide rectangle: step bases off walls they hug
  if (options.footprint === 'circle') for (const u of d.scenario.units) if (file === 'cover-2v2.yaml' && u.side === 'Blue') u.y = 7.55, u.x = u.id === 'B1' ? 8.5 : 10.6;
  return compileScenarioDocument(d, file);
}

describe('alternative readings and optional rules still play by the rules', () => {
  for (const file of ['payload-skirmish.yaml', 'cover-2v2.yaml', 'sample-duel.yaml']) {
    it(`${file}: every alternative reading`, () => {
      const st = checkRandomPlayouts({ scenario: withOptions(file, ALT_A), games: 8, seed: 21 });
      expect(st.reasons['safety-cap'] ?? 0).toBe(0);
    });
    it(`${file}: every optional rule`, () => {
      const st = checkRandomPlayouts({ scenario: withOptions(file, OPTIONAL), games: 8, seed: 22 });
      expect(st.games).toBe(8);
      checkRandomPlayouts({ scenario: withOptions(file, OPTIONAL), games: 4, seed: 23, agents: ['closer', 'standoff'] });
    });
    it(`${file}: faster game`, () => {
      checkRandomPlayouts({ scenario: withOptions(file, FASTER), games: 6, seed: 24, agents: ['random', 'closer'] });
    });
  }
});
