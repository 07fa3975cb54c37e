/** The odds fixes of issue 12: JSON mechanic lists, no key collision in records, placeholders follow provenance. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOdds } from '../../src/cli/commands/odds.ts';
import { computeTable, flatten, getMechanic } from '../../src/odds/compute.ts';
import { oddsContext } from '../../src/odds/context.ts';
import { listLeaves } from '../../src/core/tables/provenance.ts';
import { findSystem } from '../../src/systems/index.ts';
import { ROOT } from '../helpers/bundled.ts';

describe('odds fixes', () => {
  it('odds <system> --format json lists the mechanics as JSON', () => {
    const out = JSON.parse(runOdds({ system: 'mgv', format: 'json' }));
    expect(out.system).toBe('mgv');
    expect(out.mechanics.map((m: { name: string }) => m.name)).toContain('kinetic');
    expect(Object.keys(out.mechanics[0])).toEqual(['name', 'description', 'needsScenario', 'params']);
  });

  it.each(['kinetic', 'thermal'])('odds mgv %s: the ratio-column key and the value column are distinct fields (CSV and JSON)', (mech) => {
    const csv = runOdds({ system: 'mgv', mechanic: mech, format: 'csv' });
    const header = csv.split('\n')[0].split(',');
    expect(new Set(header).size).toBe(header.length);
    expect(header).toContain('key_column');
    const json = JSON.parse(runOdds({ system: 'mgv', mechanic: mech, format: 'json' }));
    const row = json.rows[0];
    expect(row.key_column).toBeDefined();
    expect(row.column).toBeDefined();
    expect(row.key_column).not.toBe(row.column);
    expect(json.keys.find((k: { name: string }) => k.name === 'column').field).toBe('key_column');
  });

  it('ww2setup summary: a cell is marked placeholder exactly when a rules value it depends on is a placeholder', () => {
    const sys = findSystem('ww2setup')!;
    const ctx = oddsContext(sys, join(ROOT, 'scenarios', 'ww2setup', 'sedan-1940.yaml'));
    const placeholders = new Set(listLeaves(ctx.dataTree).filter((e) => e.provenance.kind === 'placeholder').map((e) => e.path));
    const records = flatten(computeTable(ctx, getMechanic(ctx, 'summary'), {}));
    for (const r of records) expect(r.placeholder, `${r.side} ${r.quantity}`).toBe((r.dependsOn as string[]).some((p) => placeholders.has(p)));
    // Sedan's French defensive works come from a placeholder row (spec §5.9).
    const pill = records.find((r) => r.quantity === 'pillboxes' && String(r.side).startsWith('FRA') && r.column === 'mean')!;
    expect(pill.placeholder).toBe(true);
    const germanAir = records.find((r) => r.quantity === 'airstrikes' && String(r.side).startsWith('GER') && r.column === 'mean')!;
    expect(germanAir.placeholder).toBe(false);
  });
});
