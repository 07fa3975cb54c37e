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
  it.each(['duel', 'panzervor', 'mgv', 'ww2setup'])('salvo new %s writes a commented starter that validates', (id) => {
    const out = join(tmp, `${id}-start.yaml`);
    const w = salvo(['new', id, '-o', out]);
    expect(w.code, w.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.split('\n')[0]).toMatch(new RegExp(`^# yaml-language-server: \\$schema=.*schemas/${id}\\.scenario\\.schema\\.json$`));
    expect(text).toMatch(/# options:/);
    expect(salvo(['validate', out]).code).toBe(0);
    expect(salvo(['new', id, '-o', out]).code).toBe(2); // no overwrite without --force
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
