import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/scenario/errors.ts';
import { expandGrid, loadExperimentFile } from '../../src/scenario/experiment.ts';
import { ROOT } from '../helpers/bundled.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-exp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = join(ROOT, 'scenarios', 'duel', 'high-noon.yaml');
function experiment(name: string, body: string): string {
  const f = join(dir, name);
  writeFileSync(f, `experiment: t\nname: test\nbase: ${base}\n${body}`);
  return f;
}
function issues(file: string) {
  try {
    loadExperimentFile(file);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).issues;
  }
  throw new Error('expected an InputError');
}

describe('experiment files', () => {
  it('expand a grid into the cartesian product of its axes', () => {
    const v = expandGrid([
      { tag: 'target', set: 'overrides.target', values: [7, 8] },
      { tag: 'a', set: 'agents.0', values: ['patient', 'random'] },
    ]);
    expect(v.map((x) => x.name)).toEqual(['target=7,a=patient', 'target=7,a=random', 'target=8,a=patient', 'target=8,a=random']);
    expect(v[1]).toMatchObject({ tags: { target: '7', a: 'random' }, overrides: { target: 7 }, agents: ['random'] });
  });

  it('a grid variant setting one side keeps the other side of the default pairing', () => {
    const e = loadExperimentFile(experiment('grid.yaml', 'agents: [patient, trigger-happy]\ngrid:\n  - { tag: a, set: agents.0, values: [random] }\n'));
    expect(e.plan.variants[0].agents.map((a) => a.name)).toEqual(['random', 'trigger-happy']);
  });

  it('variants apply overrides, options and patches to the base', () => {
    const e = loadExperimentFile(experiment('v.yaml', `variants:\n  - { name: a, overrides: { target: 7 }, options: { firstPlayer: B }, patch: { scenario.sides.0: Gunslinger } }\n`));
    const loaded = e.variants[0];
    expect(loaded.provenance.find((p) => p.path === 'target')!.value).toBe(7);
    expect(loaded.options.firstPlayer).toBe('B');
    expect(loaded.compiled.sides[0]).toBe('Gunslinger');
  });

  it('report problems with the variant named', () => {
    expect(issues(experiment('b1.yaml', 'variants:\n  - { name: a, overrides: { targt: 7 } }\n'))[0].message).toMatch(/variant 'a': overrides.targt: unknown key 'targt'/);
    expect(issues(experiment('b2.yaml', 'baseline: nope\nvariants:\n  - { name: a }\n'))[0]).toMatchObject({ path: 'baseline', message: "no variant named 'nope'" });
    expect(issues(experiment('b3.yaml', 'variants:\n  - { name: a }\n  - { name: a }\n'))[0].message).toMatch(/duplicate variant name/);
    expect(issues(experiment('b4.yaml', 'variants:\n  - { name: a, patch: { scenario.nothere.x: 1 } }\n'))[0].message).toMatch(/'scenario.nothere' does not exist/);
    expect(issues(experiment('b5.yaml', 'grid:\n  - { tag: x, set: rules.target, values: [1] }\n'))[0].message).toMatch(/expected 'overrides.<path>'/);
    expect(issues(experiment('b6.yaml', 'games: 0\nvariants:\n  - { name: a }\n'))[0].path).toBe('games');
    expect(issues(experiment('b7.yaml', ''))[0].message).toMatch(/at least one variant/);
  });
});
