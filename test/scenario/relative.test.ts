/** Relative house rules: "+2", "-1", "*1.1" in files and on --set, checked against the value's schema. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { loadExperimentFile } from '../../src/scenario/experiment.ts';
import { compileScenarioDocument, loadScenarioFile } from '../../src/scenario/load.ts';
import { applyRelative, combineOverride, relativeOf } from '../../src/scenario/relative.ts';
import { applySets, parseSet, setText } from '../../src/scenario/sets.ts';
import { readSourceFile } from '../../src/scenario/yaml-file.ts';
import { ROOT } from '../helpers/bundled.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-relative-'));
const HIGH_NOON = join(ROOT, 'scenarios/duel/high-noon.yaml');

function issues(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.issues.map((i) => `${i.path}: ${i.message}`);
    throw e;
  }
  return [];
}

describe('relative values', () => {
  it('reads +N, -N and *N (and nothing else) as relative; == on the command line sets a value', () => {
    expect(relativeOf('+2')).toEqual({ op: '+', amount: 2, text: '+2' });
    expect(relativeOf('-1')).toEqual({ op: '+', amount: -1, text: '-1' });
    expect(relativeOf('*1.1')).toEqual({ op: '*', amount: 1.1, text: '*1.1' });
    for (const v of [2, -1, 'two', '+', '1+2', '--1', '']) expect(relativeOf(v), String(v)).toBeNull();
    expect(parseSet('target=+2')).toEqual({ path: 'target', value: '+2' });
    expect(parseSet('target=-1')).toEqual({ path: 'target', value: '-1' });
    expect(parseSet('target==-1')).toEqual({ path: 'target', value: -1 });
    expect(parseSet('target=7')).toEqual({ path: 'target', value: 7 });
    // Written back on a command line, each reads the same again.
    for (const t of ['target=+2', 'target=-1', 'target==-1', 'target=7']) expect(setText(parseSet(t))).toBe(t);
  });

  it('applies to a number and keeps a whole value whole (refused, never rounded)', () => {
    expect(applyRelative(10, relativeOf('+2')!)).toEqual({ value: 12 });
    expect(applyRelative(10, relativeOf('*1.1')!, { int: true })).toEqual({ value: 11 });
    expect(applyRelative(7, relativeOf('*1.1')!, { int: true })).toEqual({ error: "'*1.1' of 7 gives 7.7, expected a whole number (write a whole change, e.g. +1, or a value)" });
    expect(applyRelative(0.5, relativeOf('*1.1')!, { int: false })).toEqual({ value: 0.55 });
    expect(applyRelative('clear', relativeOf('+1')!)).toHaveProperty('error');
    // over an earlier override: applied to a number, added to a relative of the same kind
    expect(combineOverride(12, '+2')).toEqual({ value: 14 });
    expect(combineOverride('+2', '-1')).toEqual({ value: '+1' });
    expect(combineOverride('*1.5', '*2')).toEqual({ value: '*3' });
    expect(combineOverride('+2', '*2')).toHaveProperty('error');
    expect(combineOverride(12, 9)).toEqual({ value: 9 });
  });

  it('in a scenario file: resolved against the bundled value, recorded as played (from, to, as written)', () => {
    const file = join(tmp, 'relative.yaml');
    writeFileSync(file, readSourceFile(HIGH_NOON).text.replace(/\nscenario:/, '\noverrides: { target: "-1", maxAim: "+1", turnLimit: 12 }\nscenario:'));
    const l = loadScenarioFile(file);
    expect(l.input.overrides).toEqual({ target: 7, maxAim: 3, turnLimit: 12 });
    expect(l.houseRules).toEqual([
      { path: 'target', from: 8, to: 7, given: '-1' },
      { path: 'maxAim', from: 2, to: 3, given: '+1' },
      { path: 'turnLimit', from: 30, to: 12 },
    ]);
    // checked against the schema after resolving: target 8 + 9 = 17 is above its maximum (13)
    const doc = { ...(readSourceFile(HIGH_NOON).data as Record<string, unknown>), overrides: { target: '+9', maxAim: '*1.5' } };
    expect(issues(() => compileScenarioDocument({ ...doc, overrides: { maxAim: '*1.5' } }, 'x.yaml'))).toEqual([]); // 2 × 1.5 = 3
    expect(issues(() => compileScenarioDocument(doc, 'x.yaml')).join('\n')).toMatch(/overrides\.target: the rules data would be invalid at 'target'/);
    expect(issues(() => compileScenarioDocument({ ...doc, overrides: { maxAim: '*1.25' } }, 'x.yaml'))).toEqual(["overrides.maxAim: '*1.25' of 2 gives 2.5, expected a whole number (write a whole change, e.g. +1, or a value)"]);
  });

  it('--set edits combine with the file: a relative value applies to the override it replaces', () => {
    const base = { overrides: { target: 9 }, options: {}, scenario: { turnLimitAside: 1 } };
    expect(applySets(base, [parseSet('target=+2'), parseSet('maxAim=-1')]).doc.overrides).toEqual({ target: 11, maxAim: '-1' });
    expect(applySets(base, [parseSet('options.x=+1')]).issues[0].message).toMatch(/relative value/);
  });

  it('in an experiment: a variant named with + adds to the base scenario, and --set applies to every variant', () => {
    const exp = join(tmp, 'armour.yaml');
    writeFileSync(exp, `experiment: plus\nname: plus\nbase: ${HIGH_NOON}\ngames: 10\nbaseline: base\nvariants:\n  - { name: base }\n  - { name: target+1, overrides: { target: "+1" } }\n  - { name: target-1, overrides: { target: "-1" } }\n`);
    const e = loadExperimentFile(exp);
    expect(e.plan.variants.map((v) => v.name)).toEqual(['base', 'target+1', 'target-1']);
    expect(e.variants.map((v) => v.input.overrides.target ?? 8)).toEqual([8, 9, 7]);
    expect(e.variants[1].houseRules).toEqual([{ path: 'target', from: 8, to: 9, given: '+1' }]);
    const s = loadExperimentFile(exp, { sets: [parseSet('maxAim=+1')] });
    expect(s.variants.map((v) => v.input.overrides.maxAim)).toEqual([3, 3, 3]);
    // a --set that breaks every variant is the command line's fault, named as such
    expect(issues(() => loadExperimentFile(exp, { sets: [parseSet('target=+9')] }))[0]).toMatch(/^--set \(variant 'base'\): /);
  });
});
