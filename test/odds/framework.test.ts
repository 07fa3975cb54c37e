/**
 * The odds framework: parameter resolution, one JSON/CSV record per cell with the decimal and
 * the exact fraction, placeholder (†) and override (‡) marks, and --scenario overrides changing
 * the numbers.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { Fraction } from '../../src/core/dice/fraction.ts';
import { resolveOddsParams } from '../../src/core/odds.ts';
import { checkParams, computeTable, flatten, getMechanic, groupProvenance } from '../../src/odds/compute.ts';
import { oddsContext } from '../../src/odds/context.ts';
import { renderCsv, renderJson, renderText } from '../../src/odds/render.ts';
import { InputError } from '../../src/scenario/errors.ts';
import { system as ww2 } from '../../src/systems/ww2setup/index.ts';

const table = (scenario: string | undefined, mechanic: string, params: Record<string, string> = {}) => {
  const ctx = oddsContext(ww2, scenario);
  const mech = getMechanic(ctx, mechanic);
  return { ctx, t: computeTable(ctx, mech, checkParams(ctx, mech, params)) };
};

describe('odds parameters', () => {
  const mech = ww2.odds!.mechanics.find((m) => m.name === 'barrages')!;
  it('text values are coerced to the default type; defaults fill the rest', () => {
    const [p, errs] = resolveOddsParams(mech, { units: '22', intensity: 'NavalBarrage' });
    expect(errs).toEqual([]);
    expect(p).toMatchObject({ units: 22, modifier: 0, intensity: 'NavalBarrage', role: 'Attacker' });
  });
  it('errors name the parameter and what was expected', () => {
    const [, errs] = resolveOddsParams(mech, { units: 'many', modifier: '1.5', intensity: 'Big', unit: '3' });
    const text = errs.map((e) => e.join(': ')).join('\n');
    expect(text).toMatch(/units: expected a number, got 'many'/);
    expect(text).toMatch(/modifier: expected a whole number, got 1.5/);
    expect(text).toMatch(/intensity: expected one of LocalAttack, MajorOffensive, NavalBarrage, StalematedFront, got 'Big'/);
    expect(text).toMatch(/unit: mechanic 'barrages' has no parameter 'unit' \(did you mean 'units'\?\)/);
  });
  it('a mechanic validation error becomes an InputError naming --param', () => {
    const ctx = oddsContext(ww2);
    expect(() => checkParams(ctx, getMechanic(ctx, 'summary'), { attacker: 'Martians' })).toThrow(InputError);
    expect(() => checkParams(ctx, getMechanic(ctx, 'summary'), { attacker: 'Martians' })).toThrow(/--param attacker: unknown nation 'Martians'/);
    expect(() => getMechanic(ctx, 'barage')).toThrow(/unknown mechanic 'barage' for ww2setup \(did you mean 'barrages'\?\)/);
  });
});

describe('odds outputs', () => {
  it('JSON: one row per cell with the decimal and the exact fraction, which agree', () => {
    const { ctx, t } = table(undefined, 'air-superiority');
    const json = JSON.parse(renderJson(t, ctx));
    const cells = t.rows.reduce((n, r) => n + Object.keys(r.cells).length, 0);
    expect(json.rows).toHaveLength(cells);
    expect(cells).toBe(10 * 13);
    const row = json.rows.find((r: any) => r.m === '0' && r.column === 'axis');
    expect(row).toMatchObject({ system: 'ww2setup', mechanic: 'air-superiority', kind: 'probability', exact: '5/12', placeholder: false, override: false });
    expect(row.decimal).toBeCloseTo(5 / 12, 15);
    for (const r of json.rows) expect(Fraction.parse(r.exact).toNumber()).toBeCloseTo(r.decimal, 15);
    expect(json.options.halfDie).toBe('up');
  });

  it('CSV: the same records, header first', () => {
    const { t } = table(undefined, 'barrages', { units: '20' });
    const lines = renderCsv(t).trim().split('\n');
    expect(lines[0]).toBe('system,mechanic,intensity,role,column,label,kind,decimal,exact,placeholder,override,was,dependsOn');
    expect(lines).toHaveLength(1 + flatten(t).length);
    expect(lines).toContain('ww2setup,barrages,MajorOffensive,Attacker,mean,mean,expectation,8.333333333333334,25/3,false,false,,');
  });

  it('text: aligned columns, marks and the placeholder legend', () => {
    const { t } = table('scenarios/ww2setup/sedan-1940.yaml', 'summary');
    const text = renderText(t);
    expect(text).toMatch(/FRA \(defender\)\s+pillboxes\s+3\.500†/);
    expect(text).toMatch(/† depends on a placeholder rules value/);
    expect(text).toMatch(/nations\.French\.works\.0 \(9 values\)/);
    expect(renderText(t, true)).toMatch(/FRA \(defender\)\s+pillboxes\s+7\/2†/);
  });

  it('placeholder marks only on cells that depend on a placeholder value', () => {
    const { t } = table('scenarios/ww2setup/sedan-1940.yaml', 'summary');
    const cell = (side: string, q: string, col: string) => t.rows.find((r) => String(r.key.side).startsWith(side) && r.key.quantity === q)!.cells[col];
    expect(cell('FRA', 'minefields', 'mean').placeholder).toBe(true);
    expect(cell('FRA', 'minefields', 'mean').dependsOn).toContain('nations.French.works.0.row');
    expect(cell('GER', 'minefields', 'mean').placeholder).toBe(false);
    expect(cell('GER', 'barrages', 'mean').placeholder).toBe(false);
    expect(t.placeholders.every((e) => e.provenance.kind === 'placeholder')).toBe(true);
  });

  it('--scenario house rules change the numbers and mark the cells (‡)', () => {
    const file = 'scenarios/ww2setup/tarawa-1943.yaml';
    const doc = parse(readFileSync(file, 'utf8'));
    doc.overrides = {};
    const plain = join(mkdtempSync(join(tmpdir(), 'salvo-odds-')), 'tarawa-no-house-rule.yaml');
    writeFileSync(plain, stringify(doc));
    const air = (f: string) => table(f, 'summary').t.rows.find((r) => String(r.key.side).startsWith('USA') && r.key.quantity === 'air superiority')!.cells.p;
    const withRule = air(file);
    const without = air(plain);
    // 1943 Island Garrison: -3 printed (P(US AS) = 5/6); the house rule's -2 gives 13/18.
    expect([without.exact, withRule.exact]).toEqual(['5/6', '13/18']);
    expect([without.override, withRule.override]).toEqual([false, true]);
    expect(withRule.was).toBe('5/6'); // the value without the house rule
    expect(withRule.dependsOn).toContain('air.modifiers.Japan.IslandGarrison.1943');
    const txt = renderText(table(file, 'summary').t);
    expect(txt).toMatch(/72\.2%‡/);
    expect(txt).toMatch(/‡ changed by a house rule \(\d+ values?\):\n\s+air\.modifiers\.Japan\.IslandGarrison\.1943 = -2 \(rulebook: -3\)/);
  });

  it('options from a scenario change the numbers (Sedan counts N = 20, the default reading counts 22)', () => {
    const fromScenario = table('scenarios/ww2setup/sedan-1940.yaml', 'setup', { quantity: 'barrages' }).t;
    const ger = fromScenario.rows.filter((r) => String(r.key.side).startsWith('GER')).map((r) => `${r.key.value}:${r.cells.p.exact}`);
    expect(ger).toEqual(['3:1/3', '4:1/6', '5:1/6', '7:1/6', '8:1/6']);
  });

  it('provenance groups fold a placeholder row into one line', () => {
    const { t } = table('scenarios/ww2setup/sedan-1940.yaml', 'summary');
    expect(groupProvenance(t.placeholders)).toEqual([{ path: 'nations.French.works.0', count: 9, kind: 'placeholder', ref: expect.stringMatching(/§5\.9/) }]);
  });
});
