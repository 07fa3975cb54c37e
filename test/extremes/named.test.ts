/**
 * The values issue 22 found accepted and broken are rejected at load time, each with its file,
 * line, path and the range with its reason: MGV modifiers.enemyActivity 1000000 (then "1000005
 * legal actions, more than maxActions") and 2147483648 (then "split.core outside the codec"),
 * modifiers.perCoverClass and terrain.smallRocks.cover 2147483648 (then a game that never
 * ended), and table coordinates 1e+308 and 9007199254740994 in AT-43 and MGV terrain polygons.
 * Also the load-time check of the MGV missile split against its action room.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { MAX_SPLIT_DICE } from '../../src/systems/mgv/schema.ts';
import { ROOT } from '../helpers/bundled.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-named-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function rejected(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  try {
    loadScenarioFile(f);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).message.replaceAll(f, name);
  }
  throw new Error(`${name} was accepted`);
}

const MGV = readFileSync(join(ROOT, 'scenarios/mgv/cover-2v2.yaml'), 'utf8');
const AT43 = readFileSync(join(ROOT, 'scenarios/at43/access-route.yaml'), 'utf8');
const withOverride = (base: string, key: string, value: string): string => base.replace(/^scenario:/m, `overrides:\n  ${key}: ${value}\nscenario:`);
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

const MODIFIER = 'expected -6 to 6 attack points, whole (spec §5.5 modifiers are one or two points; engine limit six: a missile split offers one action per die)';

describe('the values issue 22 found are rejected at load time with file:line', () => {
  it.each([
    ['modifiers.enemyActivity', '1000000', MODIFIER],
    ['modifiers.enemyActivity', '2147483648', MODIFIER],
    ['modifiers.perCoverClass', '2147483648', MODIFIER],
    ['terrain.smallRocks.cover', '2147483648', 'expected 0 to 6, whole (seed §1.4 cover classes 0 to 2; engine limit six: a cover modifier stays within a die)'],
  ])('MGV overrides.%s: %s', (key, value, why) => {
    const text = withOverride(MGV, key, value);
    const line = lineOf(text, `  ${key}: ${value}`);
    expect(rejected('mgv.yaml', text)).toBe(`mgv.yaml:${line}: overrides.${key}: the rules data would be invalid at '${key}': ${why}`);
  });

  it.each([
    ['mgv', MGV, '[[12, 14], [24, 14], [26, 20], [18, 23], [10, 20]]', 'inches'],
    ['at43', AT43, '[[44, 34], [56, 34], [56, 36], [44, 36]]', 'cm'],
  ])('%s terrain polygon coordinates 1e+308 and 9007199254740994', (id, base, polygon, unit) => {
    for (const bad of ['1e+308', '9007199254740994']) {
      const text = base.replace(polygon, polygon.replace(/^\[\[\d+/, `[[${bad}`));
      const line = lineOf(text, `[[${bad}`);
      expect(rejected(`${id}.yaml`, text)).toBe(`${id}.yaml:${line}: scenario.terrain.0.polygon.0.0: expected -1000 to 1000 ${unit} (engine limit: the table geometry works in doubles to 1e-9 ${unit === 'inches' ? 'inch; 1,000 inches (25 m)' : 'cm; 10 m'} is beyond any table)`);
    }
  });

  it('Panzer Vor!: a zone other zones of its side may fill first, and a map whose compile would take minutes (the sweep found them)', () => {
    const sf = readFileSync(join(ROOT, 'scenarios/panzervor/saunders-flag.yaml'), 'utf8');
    const at = sf.indexOf('radius: 2', sf.indexOf('id: kay'));
    const text = sf.slice(0, at) + 'radius: 0' + sf.slice(at + 'radius: 2'.length);
    expect(rejected('pv-zone.yaml', text)).toMatch(new RegExp(`^pv-zone\\.yaml:${lineOf(text, 'id: kay')}: scenario\\.sides\\.B\\.units\\.2\\.zone: the zone has 1 free enterable hexes for its 1 tanks and the \\d+ of overlapping zones of the same side`));
    const fb = readFileSync(join(ROOT, 'scenarios/panzervor/fake-battle.yaml'), 'utf8');
    const big = fb.replace(/cols: 16/, 'cols: 200');
    expect(rejected('pv-map.yaml', big)).toMatch(/scenario\.map: expected a map of at most 1024 hexes, cols x rows \(engine limit: compiling builds/);
  });

  it('MGV: a house rule whose missile attack could outgrow the split is refused, naming the limit', () => {
    const text = MGV.replace(/^scenario:/m, 'overrides:\n  missile.attackDiceDivisor: 1\n  mgvs.Mako.attack: 100\n  modifiers.perHx: 6\nscenario:');
    const msg = rejected('split.yaml', text);
    expect(msg).toMatch(new RegExp(`^split\\.yaml:${lineOf(text, 'modifiers.perHx')}: overrides\\.modifiers\\.perHx: the rules data would be invalid at 'modifiers': a missile attack could roll 2\\d\\d dice .* more than the ${MAX_SPLIT_DICE} a split can offer`));
    // Within the limit it loads, and every MGV decision has room for more actions than a split offers.
    const ok = join(dir, 'split-ok.yaml');
    writeFileSync(ok, MGV.replace(/^scenario:/m, 'overrides:\n  missile.attackDiceDivisor: 1\n  mgvs.Mako.attack: 100\nscenario:'));
    expect(loadScenarioFile(ok).compiled.maxActions).toBeGreaterThan(MAX_SPLIT_DICE);
  });
});
