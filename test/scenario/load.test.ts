import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/scenario/errors.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function scenario(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

const GOOD = `system: duel
id: t
name: test duel
scenario:
  sides: [A, B]
`;

function problems(file: string): Array<{ path: string; message: string; line?: number }> {
  try {
    loadScenarioFile(file);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return [...(e as InputError).issues];
  }
  throw new Error('expected an InputError');
}

describe('scenario loading', () => {
  it('loads a good scenario with defaults, provenance and a compiled game', () => {
    const s = loadScenarioFile(scenario('good.yaml', GOOD));
    expect(s.system.info.id).toBe('duel');
    expect(s.compiled.sides).toEqual(['A', 'B']);
    expect(s.options.firstPlayer).toBe('A');
    expect(s.provenance.map((p) => p.provenance.kind)).toEqual(['placeholder', 'placeholder', 'placeholder', 'placeholder']);
  });

  it('a missing file names the file', () => {
    const f = join(dir, 'nope.yaml');
    expect(() => loadScenarioFile(f)).toThrow(`${f}: file not found`);
  });

  it('malformed YAML gives the line', () => {
    const p = problems(scenario('bad-yaml.yaml', 'system: duel\nid: [unclosed\nname: x\n'));
    expect(p[0].message).toMatch(/malformed YAML/);
    expect(p[0].line).toBeGreaterThan(0);
  });

  it('an unknown system is named with the known ones and a suggestion', () => {
    const p = problems(scenario('sys.yaml', GOOD.replace('system: duel', 'system: dule')));
    expect(p).toEqual([{ path: 'system', line: 1, message: expect.stringMatching(/unknown system 'dule' \(did you mean 'duel'\?\); known systems: .*duel/) }]);
  });

  it('a typo in the system block names the path and line', () => {
    const p = problems(scenario('typo.yaml', GOOD + '  woundz: [3, 3]\n'));
    expect(p[0].path).toBe('scenario.woundz');
    expect(p[0].message).toMatch(/unknown key 'woundz' \(did you mean 'wounds'\?\)/);
    expect(p[0].line).toBe(6);
  });

  it('a negative count names the path and what was expected', () => {
    const p = problems(scenario('neg.yaml', GOOD + '  wounds: [3, -1]\n'));
    expect(p[0].path).toBe('scenario.wounds.1');
    expect(p[0].message).toMatch(/expected 1 to 20, whole/);
    expect(p[0].line).toBe(6);
  });

  it('an unknown option and a bad option value', () => {
    const p = problems(scenario('opt.yaml', GOOD + 'options: { firstPlayr: A }\n'));
    expect(p[0]).toMatchObject({ path: 'options.firstPlayr', message: expect.stringMatching(/unknown option 'firstPlayr' \(did you mean 'firstPlayer'\?\)/) });
    const q = problems(scenario('opt2.yaml', GOOD + 'options: { firstPlayer: C }\n'));
    expect(q[0].message).toMatch(/expected one of "A", "B", "random", got "C"/);
  });

  it('house-rule overrides: typo, wrong type, value the rules schema rejects', () => {
    expect(problems(scenario('ov1.yaml', GOOD + 'overrides: { targt: 7 }\n'))[0]).toMatchObject({ path: 'overrides.targt', message: expect.stringMatching(/did you mean 'target'/) });
    expect(problems(scenario('ov2.yaml', GOOD + 'overrides: { target: seven }\n'))[0].message).toMatch(/expected a number/);
    const p = problems(scenario('ov3.yaml', GOOD + 'overrides: { target: 40 }\n'));
    expect(p[0].path).toBe('overrides.target');
    expect(p[0].message).toMatch(/rules data would be invalid at 'target'/);
  });

  it('an override changes the game and is listed with provenance override', () => {
    const s = loadScenarioFile(scenario('ov-ok.yaml', GOOD + 'overrides: { target: 7 }\n'));
    const t = s.provenance.find((p) => p.path === 'target')!;
    expect(t.value).toBe(7);
    expect(t.provenance.kind).toBe('override');
  });

  it('unknown agents and agent parameters in run defaults', () => {
    expect(problems(scenario('ag.yaml', GOOD + 'run: { agents: [patient, sniper] }\n'))[0].message).toMatch(/unknown agent 'sniper'/);
    expect(problems(scenario('ag2.yaml', GOOD + 'run: { agents: ["patient:aimTo=9", random] }\n'))[0].message).toMatch(/aimTo' must be within \[0, 6\]/);
  });

  it('several problems are reported together', () => {
    const p = problems(scenario('many.yaml', GOOD + 'options: { firstPlayr: A }\noverrides: { targt: 7 }\n'));
    expect(p.map((x) => x.path)).toEqual(['options.firstPlayr', 'overrides.targt']);
  });
});
