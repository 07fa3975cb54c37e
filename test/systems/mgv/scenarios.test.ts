/** Bad scenarios fail with clear errors naming the path and what was expected. */
import { describe, expect, it } from 'vitest';
import { compileScenarioDocument } from '../../../src/scenario/load.ts';
import { InputError } from '../../../src/scenario/errors.ts';
import { readDoc } from './helpers.ts';

function errorsOf(mut: (d: Record<string, any>) => void): string {
  const d = readDoc();
  mut(d);
  try {
    compileScenarioDocument(d, 'bad.yaml');
  } catch (e) {
    if (e instanceof InputError) return e.issues.map((i) => `${i.path}: ${i.message}`).join('\n');
    throw e;
  }
  return '';
}

describe('scenario validation', () => {
  it('the sample duel is valid', () => expect(errorsOf(() => {})).toBe(''));
  it('unknown weapon type', () => {
    const e = errorsOf((d) => (d.scenario.units[0].weapon = 'laser'));
    expect(e).toMatch(/units\.0\.weapon/);
    expect(e).toMatch(/kinetic/);
  });
  it('unknown payload type and too many payload points', () => {
    expect(errorsOf((d) => (d.scenario.units[0].payload = { type: 'shield', points: 1 }))).toMatch(/units\.0\.payload\.type.*(engineering|power)/s);
    expect(errorsOf((d) => (d.scenario.units[0].payload = { type: 'power', points: 5 }))).toMatch(/units\.0\.payload\.points: expected 1\.\.2 payload points for a Whiptail, got 5/);
  });
  it('a weapon payload needs its weapon type; others take none', () => {
    expect(errorsOf((d) => (d.scenario.units[2].payload = { type: 'weapon', points: 2 }))).toMatch(/units\.2\.payload\.weapon: a weapon payload needs weapon/);
    expect(errorsOf((d) => (d.scenario.units[2].payload = { type: 'repair', points: 2, weapon: 'kinetic' }))).toMatch(/only a weapon payload takes a weapon type/);
  });
  it('base off the table', () => expect(errorsOf((d) => (d.scenario.units[1].x = 35.9))).toMatch(/units\.1.*off the 36" x 36" table/));
  it('base on impassable terrain, and bases overlapping', () => {
    expect(errorsOf((d) => Object.assign(d.scenario.units[0], { x: 18, y: 18 }))).toMatch(/overlaps impassable terrain 'T1'/);
    expect(errorsOf((d) => Object.assign(d.scenario.units[1], { x: 12.2, y: 2 }))).toMatch(/units\.1.*overlaps base B1/);
  });
  it('unknown model, side and terrain type (with the known ones listed)', () => {
    expect(errorsOf((d) => (d.scenario.units[0].model = 'Makko'))).toMatch(/unknown MGV model 'Makko' \(did you mean 'Mako'\?\); expected one of Mako, Whiptail/);
    expect(errorsOf((d) => (d.scenario.units[0].side = 'Green'))).toMatch(/unknown side 'Green'/);
    expect(errorsOf((d) => (d.scenario.terrain[0].type = 'lava'))).toMatch(/terrain\.0\.type: unknown terrain type 'lava'; expected one of .*rock/);
  });
  it('a terrain feature needs exactly one shape', () => expect(errorsOf((d) => (d.scenario.terrain[0].circle = [1, 1, 1]))).toMatch(/exactly one shape/));
  it('deployment zones are enforced', () => expect(errorsOf((d) => (d.scenario.units[0].y = 10))).toMatch(/outside the Blue deployment zone/));
  it('unknown option and bad option value', () => {
    expect(errorsOf((d) => (d.options = { 'photon.rangingPenalty': 'perHalfInch' }))).toMatch(/options\.photon\.rangingPenalty.*perFullInch/);
    expect(errorsOf((d) => (d.options = { payloadMatchng: true }))).toMatch(/did you mean 'payloadMatching'/);
  });
  it('a house-rule override with a typo or a bad value is caught', () => {
    expect(errorsOf((d) => (d.overrides = { 'kinetic.tabel.5': [0, 1, 1, 2, 2, 3, 4] }))).toMatch(/unknown key 'tabel'.*did you mean 'table'/);
    expect(errorsOf((d) => (d.overrides = { 'kinetic.table.5': [0, 1, 1] }))).toMatch(/overrides\.kinetic\.table\.5/);
    expect(errorsOf((d) => (d.overrides = { 'mgvs.Mako.attack': 9 }))).toBe('');
  });
  it('missionStrike needs a strike zone; split payloads are not modelled', () => {
    expect(errorsOf((d) => (d.scenario.victory = { mode: 'missionStrike' }))).toMatch(/victory\.strikeZone/);
    expect(errorsOf((d) => (d.options = { allowSplitPayload: true }))).toMatch(/split payloads are not modelled/);
  });
  it('a unit with no main weapon on it or its side', () => expect(errorsOf((d) => delete d.scenario.units[0].weapon)).toMatch(/units\.0\.weapon: no main weapon/));
});
