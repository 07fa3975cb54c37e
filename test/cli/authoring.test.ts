/** The authoring commands on the real binary: list <system>, list --overrides, new, schema. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { salvo } from '../helpers/cli.ts';
import { ROOT } from '../helpers/bundled.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-authoring-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('salvo list <system>', () => {
  it('shows units with stats and provenance, options with choices and cites, agents and bundled files', () => {
    const r = salvo(['list', 'panzervor']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^tanks \(\d+\):$/m);
    expect(r.stdout).toMatch(/^ {2}tiger1 {2}"Tiger I" .*points=\d+ .*\[placeholder: /m);
    expect(r.stdout).toMatch(/^options \(\d+; set under 'options:'\):$/m);
    expect(r.stdout).toMatch(/cite: /);
    expect(r.stdout).toMatch(/^ {2}marksman /m);
    expect(r.stdout).toMatch(/scenarios\/panzervor\/fake-battle\.yaml/);
  });

  it('--overrides prints every path with its value and provenance, ready to paste (--match filters)', () => {
    const r = salvo(['list', 'mgv', '--overrides', '--match', 'weapons.thermal']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('overrides:\n  weapons.thermal.arcHalf: 180   # seed: ');
    expect(r.stdout).toMatch(/^ {2}weapons\.thermal\.rangePerPoint: 3 {3}# seed: /m);
    const json = JSON.parse(salvo(['list', 'duel', '--overrides', '--json']).stdout);
    expect(json).toContainEqual({ path: 'target', value: 8, provenance: expect.stringMatching(/^placeholder/) });
  });

  it('an unknown system is a clear error', () => {
    const r = salvo(['list', 'panzervorr']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown system 'panzervorr' \(did you mean 'panzervor'\?\)/);
  });
});

describe('salvo new and salvo schema', () => {
  it.each([
    ['duel', 'high-noon', "sides: the two gunfighters' names"],
    ['panzervor', 'fake-battle', 'map.cols: whole number 1 to 200'],
    ['mgv', 'weapons-duel', 'units[].x: x of the base centre (inches); -1000 to 1000 inches'],
    ['ww2setup', 'kursk-1943', 'year: whole number 1939 to 1945'],
    ['at43', 'sector55', 'table.width: table width (cm)'],
    ['mak', 'forest-ridge', 'sides.{mercenary,strahl}.units[].type: a unit type of the rules data: AFS, SAFS'],
  ])('salvo new %s starts from the simplest bundled scenario (%s), its scenario: block commented, and validates', (id, from, line) => {
    const out = join(tmp, `${id}-start.yaml`);
    const w = salvo(['new', id, '-o', out]);
    expect(w.code, w.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.split('\n')[0]).toMatch(new RegExp(`^# yaml-language-server: \\$schema=.*schemas/${id}\\.scenario\\.schema\\.json$`));
    expect(text).toContain(`started from scenarios/${id}/${from}.yaml`);
    // The guide to the block sits right above it, a line per field.
    const guide = text.slice(text.indexOf('# The scenario: block, field by field'), text.search(/^scenario:/m));
    expect(guide).toContain(`#   ${line}`);
    expect(text).toMatch(/# options:/);
    expect(salvo(['validate', out]).code).toBe(0);
    expect(salvo(['new', id, '-o', out]).code).toBe(2); // no overwrite without --force
  });

  it('salvo new experiment writes a commented experiment that validates, on the duel or on a base given', () => {
    const out = join(tmp, 'exp-start.yaml');
    const w = salvo(['new', 'experiment', '-o', out]);
    expect(w.code, w.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=.*schemas\/experiment\.schema\.json$/);
    expect(text).toMatch(/^base: .*scenarios\/duel\/high-noon\.yaml/m);
    expect(text).toMatch(/^  - name: house-rule\n.*\n    overrides: \{ target: 9 \}/m);
    expect(text).toMatch(/^# grid:/m);
    const v = salvo(['validate', out]);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/experiment 'exp-start', 2 variants of high-noon/);
    const mak = join(tmp, 'exp-mak.yaml');
    expect(salvo(['new', 'experiment', '--base', join(ROOT, 'scenarios/mak/forest-ridge.yaml'), '-o', mak]).code).toBe(0);
    expect(salvo(['validate', mak]).code).toBe(0);
    expect(salvo(['new', 'experimnt', '-o', join(tmp, 'x.yaml')]).stderr).toMatch(/did you mean 'experiment'/);
  });

  it('salvo new --from names a bundled scenario', () => {
    const out = join(tmp, 'flag.yaml');
    expect(salvo(['new', 'panzervor', '--from', 'saunders-flag', '-o', out]).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/matchType: flag/);
    expect(salvo(['new', 'panzervor', '--from', 'nope', '-o', join(tmp, 'x.yaml')]).stderr).toMatch(/no bundled panzervor scenario 'nope'/);
  });

  it('salvo schema prints the committed schema', () => {
    const r = salvo(['schema', 'duel']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(ROOT, 'schemas', 'duel.scenario.schema.json'), 'utf8'));
    expect(salvo(['schema', 'dule']).stderr).toMatch(/did you mean 'duel'/);
  });

  it('salvo odds <system> --format json lists the mechanics as JSON', () => {
    const r = salvo(['odds', 'mgv', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).mechanics.length).toBeGreaterThan(0);
  });
});
