import { describe, expect, it } from 'vitest';
import { applyOverrides, listLeaves, parseProvenance, provenanceAt, stripProvenance } from '../../../src/core/tables/provenance.ts';

const data = {
  tanks: {
    $prov: 'placeholder: spec §5.1',
    tiger1: { $prov: { '*': 'placeholder: spec §5.1', movement: 'seed: p9 Movement' }, movement: 3, armour: { front: 15, side: 13 } },
  },
  rangeMods: { $prov: 'seed: p11 Damage Roll', '1': 2, '2': 1 },
  list: [{ a: 1 }, { a: 2 }],
};

describe('provenance', () => {
  it('parses kinds and references', () => {
    expect(parseProvenance('seed: p11 Damage Roll')).toEqual({ kind: 'seed', ref: 'p11 Damage Roll' });
    expect(parseProvenance('placeholder')).toEqual({ kind: 'placeholder', ref: '' });
    expect(() => parseProvenance('guess: x')).toThrow(/kind must be one of/);
  });

  it('per-field provenance and inheritance', () => {
    expect(provenanceAt(data, 'tanks.tiger1.movement').kind).toBe('seed');
    expect(provenanceAt(data, 'tanks.tiger1.armour.front')).toEqual({ kind: 'placeholder', ref: 'spec §5.1' });
    expect(provenanceAt(data, 'rangeMods.1')).toEqual({ kind: 'seed', ref: 'p11 Damage Roll' });
  });

  it('lists leaves under roots only, and strips $prov', () => {
    const leaves = listLeaves(data, ['tanks.tiger1']);
    expect(leaves.map((l) => l.path)).toEqual(['tanks.tiger1.movement', 'tanks.tiger1.armour.front', 'tanks.tiger1.armour.side']);
    expect(stripProvenance(data)).toEqual({ tanks: { tiger1: { movement: 3, armour: { front: 15, side: 13 } } }, rangeMods: { '1': 2, '2': 1 }, list: [{ a: 1 }, { a: 2 }] });
  });
});

describe('house-rule overrides', () => {
  it('replace a leaf and mark it as an override, leaving the original untouched', () => {
    const { tree, errors } = applyOverrides(data, { 'tanks.tiger1.armour.front': 16, 'tanks.tiger1.movement': 4 }, 'house.yaml');
    expect(errors).toEqual([]);
    expect((stripProvenance(tree) as any).tanks.tiger1.armour.front).toBe(16);
    expect(provenanceAt(tree, 'tanks.tiger1.armour.front')).toEqual({ kind: 'override', ref: 'house.yaml' });
    expect(provenanceAt(tree, 'tanks.tiger1.movement')).toEqual({ kind: 'override', ref: 'house.yaml' });
    expect(provenanceAt(tree, 'tanks.tiger1.armour.side').kind).toBe('placeholder');
    expect(data.tanks.tiger1.armour.front).toBe(15);
  });

  it('add a new record (an object) but reject an unknown leaf with a suggestion', () => {
    const { tree, errors } = applyOverrides(data, { 'tanks.tiger9': { movement: 1, armour: { front: 30, side: 30 } } }, 'h.yaml');
    expect(errors).toEqual([]);
    expect(provenanceAt(tree, 'tanks.tiger9.armour.front').kind).toBe('override');
    const bad = applyOverrides(data, { 'tanks.tiger1.armour.frnt': 16 }, 'h.yaml');
    expect(bad.errors[0].message).toMatch(/unknown key 'frnt' at tanks.tiger1.armour \(did you mean 'front'\?\)/);
  });

  it('reject a type change and a path through a missing record', () => {
    expect(applyOverrides(data, { 'tanks.tiger1.movement': 'fast' }, 'h').errors[0].message).toMatch(/expected a number/);
    expect(applyOverrides(data, { 'tanks.panther.movement': 4 }, 'h').errors[0].message).toMatch(/unknown key 'panther' at tanks/);
    expect(applyOverrides(data, { 'list.5.a': 1 }, 'h').errors.length).toBe(1);
  });
});
