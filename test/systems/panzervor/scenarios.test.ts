/** Scenario loading: bundled files, provenance, and bad input named by its path. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { InputError } from '../../../src/scenario/errors.ts';
import { compileScenarioDocument, loadScenarioFile } from '../../../src/scenario/load.ts';
import { findSystem } from '../../../src/systems/index.ts';

import { SCENARIOS, choose, compileDoc, setup, deciderOf } from './helpers.ts';
import { decisionOf } from '../../../src/systems/panzervor/actions.ts';

function issuesOf(mutate: (doc: any) => void, file = 'fake-battle.yaml'): Array<{ path: string; message: string }> {
  const doc = parse(readFileSync(join(SCENARIOS, file), 'utf8'));
  mutate(doc);
  try {
    compileScenarioDocument(doc, 'bad.yaml');
  } catch (e) {
    if (e instanceof InputError) return e.issues.map((i) => ({ path: i.path, message: i.message }));
    throw e;
  }
  throw new Error('expected the scenario to be rejected');
}

describe('bundled scenarios', () => {
  it('the system is registered and every bundled scenario loads', () => {
    expect(findSystem('panzervor')?.info.lengthUnit).toBe('player turns');
    for (const f of ['fake-battle.yaml', 'fake-battle-wood.yaml', 'saunders-flag.yaml', 'kuromorimine-line.yaml']) {
      const l = loadScenarioFile(join(SCENARIOS, f));
      expect(l.compiled.sides.length).toBe(2);
      expect(l.envelope.source?.note).toBeTruthy();
    }
  });

  it('A Fake Battle! matches the seed\'s sidebar (spec §4.2)', () => {
    const l = loadScenarioFile(join(SCENARIOS, 'fake-battle.yaml'));
    const G = (l.compiled as any).G;
    expect(G.tTypeId).toEqual(['pz4f2', 'stug3f', 'm4', 'firefly']);
    expect([G.placesFirst, G.movesFirst]).toEqual([0, 1]);
    expect(G.startingHand).toEqual([5, 5]);
    expect(G.cTypeId).toEqual(['miho', 'saori', 'yukari', 'hana']);
    expect(Array.from(G.cStartFace)).toEqual([0, 0, 0, 0]);
    // "within 2 hexes of 806 / 1011": 19 hexes each, centres 6 apart.
    expect(G.tZone[0].length).toBe(19);
    expect(G.grid.distance(G.grid.indexOfId('0806'), G.grid.indexOfId('1011'))).toBe(6);
  });

  it('provenance: seed values are marked seed, the rest placeholder; dataInUse lists only what the scenario uses', () => {
    const l = loadScenarioFile(join(SCENARIOS, 'fake-battle.yaml'));
    const byPath = new Map(l.provenance.map((e) => [e.path, e.provenance.kind]));
    expect(byPath.get('tanks.pz4f2.movement')).toBe('seed');
    expect(byPath.get('tanks.pz4f2.armour.front')).toBe('placeholder');
    expect(byPath.get('tanks.stug3f.guns.0.mount')).toBe('seed');
    expect(byPath.get('cards.full_speed_ahead.mpBonus')).toBe('derived');
    expect(byPath.get('cards.moving_shot_2.attackMod')).toBe('seed');
    expect(byPath.get('characters.hana.front.0.value')).toBe('seed');
    expect(byPath.get('characters.yukari.front.0.value')).toBe('public');
    expect(byPath.get('rules.damageRangeMods.0')).toBe('seed');
    expect(byPath.get('deck.composition.move')).toBe('placeholder');
    expect([...byPath.keys()].some((p) => p.startsWith('tanks.tiger2'))).toBe(false);
    const saunders = loadScenarioFile(join(SCENARIOS, 'saunders-flag.yaml'));
    expect(saunders.provenance.find((e) => e.path === 'characters.kay.front.0.kind')?.provenance.kind).toBe('override');
  });

  it('house rules are overrides: +1 front armour on the Firefly', () => {
    const doc = parse(readFileSync(join(SCENARIOS, 'fake-battle.yaml'), 'utf8'));
    doc.overrides = { 'tanks.firefly.armour.front': 15 };
    const l = compileScenarioDocument(doc, 'house.yaml');
    expect((l.compiled as any).G.tArm[3 * 3]).toBe(15);
    expect(l.provenance.find((e) => e.path === 'tanks.firefly.armour.front')?.provenance.kind).toBe('override');
  });
});

describe('bad scenarios name the path and what was expected', () => {
  it('unknown tank id', () => {
    const issues = issuesOf((d) => (d.scenario.sides.A.units[0].tank = 'pz4f3'));
    expect(issues[0].path).toBe('scenario.sides.A.units.0.tank');
    expect(issues[0].message).toMatch(/unknown tank 'pz4f3' \(did you mean 'pz4f2'\?\)/);
  });

  it('negative count', () => {
    const issues = issuesOf((d) => (d.scenario.sides.B.units[1].count = -2));
    expect(issues[0].path).toBe('scenario.sides.B.units.1.count');
    expect(issues[0].message).toMatch(/expected 1 to 50, whole/);
  });

  it('typo in an option', () => {
    const issues = issuesOf((d) => (d.options = { wreckag: true }));
    expect(issues[0].path).toBe('options.wreckag');
    expect(issues[0].message).toMatch(/unknown option 'wreckag' \(did you mean 'wreckage'\?\)/);
  });

  it('wrong option value', () => {
    const issues = issuesOf((d) => (d.options = { frontArcWidth: 90 }));
    expect(issues[0].path).toBe('options.frontArcWidth');
    expect(issues[0].message).toMatch(/expected one of 60, 120/);
  });

  it('typo in a house-rule override', () => {
    const issues = issuesOf((d) => (d.overrides = { 'tanks.firefly.armor.front': 15 }));
    expect(issues[0].path).toBe('overrides.tanks.firefly.armor.front');
    expect(issues[0].message).toMatch(/unknown key 'armor'.*did you mean 'armour'/);
  });

  it('an override of the wrong type, and one that breaks the rules schema', () => {
    expect(issuesOf((d) => (d.overrides = { 'rules.handLimit': 'five' }))[0].message).toMatch(/expected a number/);
    const bad = issuesOf((d) => (d.overrides = { 'rules.handLimit': -1 }));
    expect(bad[0].path).toBe('overrides.rules.handLimit');
    expect(bad[0].message).toMatch(/rules\.handLimit/);
    const newCard = issuesOf((d) => (d.overrides = { 'deck.composition.quickshot': 2 }));
    expect(newCard[0].path).toBe('overrides.deck.composition.quickshot');
  });

  it('unknown character, unknown terrain, off-map hex, unknown key', () => {
    expect(issuesOf((d) => (d.scenario.sides.B.units[1].character.id = 'hanna'))[0]).toEqual({ path: 'scenario.sides.B.units.1.character.id', message: expect.stringMatching(/unknown character 'hanna' \(did you mean 'hana'\?\)/) });
    expect(issuesOf((d) => (d.scenario.map.terrain = { '0808': 'forrest' }))[0]).toEqual({ path: 'scenario.map.terrain.0808', message: expect.stringMatching(/unknown terrain 'forrest' \(did you mean 'forest'\?\)/) });
    expect(issuesOf((d) => (d.scenario.sides.A.units[0].zone.center = '2020'))[0]).toEqual({ path: 'scenario.sides.A.units.0.zone.center', message: expect.stringMatching(/off the 16 x 16 map/) });
    expect(issuesOf((d) => (d.scenario.sides.A.units[0].facng = 'N'))[0]).toEqual({ path: 'scenario.sides.A.units.0.facng', message: expect.stringMatching(/unknown key 'facng'/) });
  });

  it('placement: a zone too small, a unit with neither hex nor zone, a flag battle without a flag', () => {
    expect(issuesOf((d) => (d.scenario.sides.A.units[0].count = 20))[0].message).toMatch(/free enterable hexes for 2\d tanks|expected count 1 for a unit with a character/);
    const neither = issuesOf((d) => delete d.scenario.sides.A.units[0].zone);
    expect(neither[0].path).toBe('scenario.sides.A.units.0');
    expect(neither[0].message).toMatch(/exactly one of 'hex'/);
    const flag = issuesOf((d) => (d.scenario.matchType = 'flag'));
    expect(flag.map((i) => i.path)).toEqual(['scenario.sides.A.units', 'scenario.sides.B.units']);
    expect(flag[0].message).toMatch(/exactly one flag tank per side/);
  });

  it('a roster larger than the action codes can name (256 tanks in a match)', () => {
    // One entry holds at most 50 tanks (schema); the whole match at most 256 (check.ts).
    const big = issuesOf((d) => (d.scenario.sides.B.units[0].count = 57));
    expect(big).toEqual([{ path: 'scenario.sides.B.units.0.count', message: 'expected 1 to 50, whole (engine limit: a side has at most 50 tanks (action codes))' }]);
    const issues = issuesOf((d) => {
      d.scenario.map = { ...d.scenario.map, cols: 32, rows: 32 };
      d.scenario.sides.A.units = [0, 1, 2, 3, 4, 5].map((i) => ({ id: `A${i}`, tank: 'm4', count: 43, zone: { cols: [1, 32], rows: [1, 12] } }));
      d.scenario.sides.B.units = [{ id: 'B', tank: 'm4', count: 1, zone: { cols: [1, 32], rows: [30, 32] } }];
    });
    expect(issues).toEqual([{ path: 'scenario.sides', message: 'expected at most 256 tanks in a match, counting every unit\'s count (got 259)' }]);
  });
});

describe('observations never expose hidden information', () => {
  it('the opponent\'s hand is a size only; the deck order never appears', () => {
    const game = compileDoc({ a: [{ id: 'O', tank: 'pz4f2', hex: '0810' }], b: [{ id: 'K', tank: 'tiger1', hex: '0804', facing: 'S' }] });
    const { G, s } = setup(game, { hands: [{ fire: 2, move: 1 }, { quick_shot: 1, ricochet: 2 }] });
    const o = game.observe(s, 0);
    expect(o.hand.reduce((a, b) => a + b, 0)).toBe(3);
    expect(o.handSize).toEqual([3, 3]);
    expect(o.deckSize).toBe(s.deck.length);
    const text = JSON.stringify({ ...o, G: undefined });
    expect(text).not.toContain('"deck"');
    // Nothing in A's observation distinguishes B holding Quick Shot from B holding anything else.
    const s2 = game.clone(s);
    s2.hand[1].fill(0);
    s2.hand[1][G.kId.indexOf('move')] = 3;
    expect(JSON.stringify({ ...game.observe(s2, 0), G: undefined })).toBe(text);
    // The deck order does not show either.
    s2.deck.reverse();
    expect(JSON.stringify({ ...game.observe(s2, 0), G: undefined })).toBe(text);
  });

  it('a secret simultaneous ability choice is hidden from the defender', () => {
    const game = compileDoc({
      a: [{ id: 'P', tank: 'pz4f2', hex: '0808', character: { id: 'hana' } }],
      b: [{ id: 'T', tank: 'm4', hex: '0802', facing: 'S', character: { id: 'hana2' } }],
      options: { abilityOrder: 'simultaneous' },
      overrides: { 'characters.hana2': { name: 'Shy', school: 'X', front: [{ kind: 'defAttack', value: -2 }], back: null } },
    });
    const a = setup(game, { hands: [{ fire: 1 }, {}], dice: [2, 3] });
    choose(game, a.s, a.ctx, 'play Fire');
    choose(game, a.s, a.ctx, 'P (PzIV F) acts');
    choose(game, a.s, a.ctx, 'fires at T');
    expect(deciderOf(a.s)).toBe(0);
    const b = setup(game, { hands: [{ fire: 1 }, {}], dice: [2, 3] });
    choose(game, b.s, b.ctx, 'play Fire');
    choose(game, b.s, b.ctx, 'P (PzIV F) acts');
    choose(game, b.s, b.ctx, 'fires at T');
    choose(game, a.s, a.ctx, 'Hana Isuzu uses an ability');
    choose(game, b.s, b.ctx, 'keep the character');
    // Both now wait for the defender; its observation is the same whatever the attacker chose.
    expect(deciderOf(a.s)).toBe(1);
    expect(deciderOf(b.s)).toBe(1);
    expect(JSON.stringify({ ...game.observe(a.s, 1), G: undefined })).toBe(JSON.stringify({ ...game.observe(b.s, 1), G: undefined }));
    expect(decisionOf(a.s)).not.toBe('target');
    expect(decisionOf(a.s)).not.toBe('reaction');
  });
});
