/**
 * The scenario checks (check.ts) and the schemas (schema.ts): every problem is an InputError
 * naming the file, the path inside it and what was expected; the rules data's provenance.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/scenario/errors.ts';
import { compileScenarioText } from '../../../src/scenario/load.ts';
import { system } from '../../../src/systems/ww2setup/index.ts';
import { listLeaves, PROVENANCE_KINDS } from '../../../src/core/tables/provenance.ts';

const BASE = `system: ww2setup
id: t
name: "test"
options: {}
overrides: {}
scenario:
  year: 1943
  front: East
  intensity: MajorOffensive
  attacker: GER
  sides:
    - { id: GER, nation: Germans, subUnits: 12, bases: 120 }
    - { id: SOV, nation: Russians, subUnits: 8, bases: 80 }
`;

function issues(text: string): string {
  try {
    compileScenarioText(text, 'bad.yaml');
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).message;
  }
  throw new Error('expected an InputError');
}

describe('ww2setup bad input', () => {
  it('the base document loads', () => {
    expect(compileScenarioText(BASE, 'ok.yaml').compiled.sides).toEqual(['GER', 'SOV']);
  });

  it('unknown nation, with a suggestion and the list of nations', () => {
    expect(issues(BASE.replace('nation: Russians', 'nation: Rusians'))).toMatch(/scenario\.sides\.1\.nation: unknown nation 'Rusians' \(did you mean 'Russians'\?\); expected one of Germans/);
  });

  it('unknown front and year out of range', () => {
    expect(issues(BASE.replace('front: East', 'front: Eastern'))).toMatch(/scenario\.front: unknown front 'Eastern'; expected one of East, West, Mediterranean/);
    expect(issues(BASE.replace('front: East', 'front: Eats'))).toMatch(/\(did you mean 'East'\?\)/);
    expect(issues(BASE.replace('year: 1943', 'year: 1946'))).toMatch(/scenario\.year: expected a year 1939\.\.1945/);
  });

  it('bad intensity, terrain and scale name the allowed values', () => {
    expect(issues(BASE.replace('intensity: MajorOffensive', 'intensity: Major'))).toMatch(/scenario\.intensity: .*"LocalAttack"\|"MajorOffensive"\|"NavalBarrage"\|"StalematedFront"/);
    expect(issues(BASE.replace('attacker: GER', 'attacker: GER\n  terrain: Desert'))).toMatch(/scenario\.terrain: .*Constricted/);
  });

  it('attacker must be a side id or roll; side ids must differ', () => {
    expect(issues(BASE.replace('attacker: GER', 'attacker: FRA'))).toMatch(/scenario\.attacker: expected 'roll' or a side id \(GER, SOV\), got 'FRA'/);
    expect(issues(BASE.replace('id: SOV', 'id: GER'))).toMatch(/scenario\.sides\.1\.id: the two sides need different ids/);
  });

  it('a typo in a side key is caught (strict objects)', () => {
    expect(issues(BASE.replace('subUnits: 8', 'subunits: 8'))).toMatch(/scenario\.sides\.1.*(unknown key|subUnits)/);
  });

  it('negative or fractional counts', () => {
    expect(issues(BASE.replace('subUnits: 8', 'subUnits: -1'))).toMatch(/scenario\.sides\.1\.subUnits/);
    expect(issues(BASE.replace('bases: 80', 'bases: 80.5'))).toMatch(/scenario\.sides\.1\.bases: expected a whole number/);
  });

  it('unknown option and bad option value', () => {
    expect(issues(BASE.replace('options: {}', 'options: { halfDice: up }'))).toMatch(/options\.halfDice: unknown option 'halfDice' \(did you mean 'halfDie'\?\)/);
    expect(issues(BASE.replace('options: {}', 'options: { rollSets: ceil }'))).toMatch(/options\.rollSets: expected one of "ceilMin1", "floor", "round", "one", got "ceil"/);
  });

  it('house-rule overrides: unknown path, wrong type, invalid dice cell, wrong row length', () => {
    expect(issues(BASE.replace('overrides: {}', 'overrides: { "air.modifiers.Germany.RussiaPoland.1950": 1 }'))).toMatch(/overrides\.air\.modifiers\.Germany\.RussiaPoland\.1950: unknown key '1950'/);
    expect(issues(BASE.replace('overrides: {}', 'overrides: { "barrages.rates.LocalAttack.Attacker.0": "x" }'))).toMatch(/expected a number/);
    expect(issues(BASE.replace('overrides: {}', 'overrides: { "airstrikes.rows.US.3": "3D7" }'))).toMatch(/overrides\.airstrikes\.rows\.US\.3: .*expected 'None', '-', a face list/);
    expect(issues(BASE.replace('overrides: {}', 'overrides: { "proximity.yards.Open": [1, 2, 3] }'))).toMatch(/expected 6 distances in yards/);
  });

  it('a new nation added by override is validated (strict record) and then usable', () => {
    const add = `overrides:\n  nations.Greeks: { label: Greeks, aliases: [], bloc: Allied, airstrikeRow: FR_JAP_IT, barrageRow: others, works: [{ fronts: [Mediterranean], from: 1940, to: 1941, row: GBR_Europe1940 }] }`;
    const ok = BASE.replace('overrides: {}', add).replace('front: East', 'front: Mediterranean').replace('year: 1943', 'year: 1941').replace('nation: Russians', 'nation: Greeks');
    expect(compileScenarioText(ok, 'greeks.yaml').compiled.sides).toEqual(['GER', 'SOV']);
    expect(issues(BASE.replace('overrides: {}', add.replace('bloc: Allied', 'blok: Allied')))).toMatch(/unrecognized|unknown key/i);
    expect(issues(BASE.replace('overrides: {}', add.replace('airstrikeRow: FR_JAP_IT', 'airstrikeRow: XX')).replace('nation: Russians', 'nation: Greeks'))).toMatch(/unknown airstrike row 'XX'/);
  });

  it("undefinedAxisModifier 'error' rejects a '–' cell (O-A8); 'strict' barrage bounds reject modifiers beyond the table (O-B9)", () => {
    const fr = BASE.replace('front: East', 'front: West').replace('year: 1943', 'year: 1942').replace('nation: Russians', 'nation: French');
    expect(issues(fr.replace('options: {}', 'options: { undefinedAxisModifier: error }'))).toMatch(/scenario\.year: the Axis air table has no value/);
    const us = BASE.replace('year: 1943', 'year: 1944').replace('nation: Germans', 'nation: Americans');
    expect(issues(us.replace('options: {}', 'options: { barrageBounds: strict }'))).toMatch(/scenario\.sides\.0\.nation: barrageBounds 'strict': the Americans 1944 modifier \+3/);
  });

  it('no defensive works row for a nation on a front names the fix', () => {
    expect(issues(BASE.replace('front: East', 'front: China'))).toMatch(/scenario\.sides\.0\.defWorksRow: no defensive works row for Germans on the China front in 1943; set defWorksRow/);
    // ... unless the step is off
    expect(compileScenarioText(BASE.replace('front: East', 'front: China').replace('attacker: GER', 'attacker: GER\n  steps: { defensiveWorks: false }'), 'ok.yaml').compiled.sides).toHaveLength(2);
  });
});

describe('ww2setup rules data', () => {
  it('every leaf has a provenance kind, and the placeholders are the spec §5 ones', () => {
    const leaves = listLeaves(system.rulesData);
    expect(leaves.every((e) => (PROVENANCE_KINDS as readonly string[]).includes(e.provenance.kind) && e.provenance.ref !== 'no provenance recorded')).toBe(true);
    const ph = new Set(leaves.filter((e) => e.provenance.kind === 'placeholder').map((e) => e.path.split('.').slice(0, 2).join('.')));
    expect([...ph].sort()).toEqual(['nations.Americans', 'nations.AxisMinors', 'nations.Belgians', 'nations.British', 'nations.Chinese', 'nations.Commonwealth', 'nations.French', 'nations.Germans', 'nations.Italians', 'nations.Japanese', 'nations.Poles', 'nations.Russians', 'requestSheet.progressBoxes']);
  });
});
