/**
 * Experiments refuse what cannot be (issue 22 item 4): a variant that changes the system is a
 * clear error naming the variant (it was "internal error: system 'mgv' is registered but not
 * loaded"); an unknown agent in the top-level `agents:` is an error with "did you mean" even when
 * every variant sets its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/scenario/errors.ts';
import { loadExperimentFile } from '../../src/scenario/experiment.ts';
import { ROOT } from '../helpers/bundled.ts';
import { salvo } from '../helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-exp-refuse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = join(ROOT, 'scenarios', 'duel', 'high-noon.yaml');
function experiment(name: string, body: string): string {
  const f = join(dir, name);
  writeFileSync(f, `experiment: t\nname: test\nbase: ${base}\n${body}`);
  return f;
}
function message(file: string): string {
  try {
    loadExperimentFile(file);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).message;
  }
  throw new Error('expected an InputError');
}

describe('experiments refuse what cannot be', () => {
  it('a variant patch that switches the system, listed or from a grid', () => {
    const f = experiment('sys.yaml', 'variants:\n  - { name: base }\n  - { name: other, patch: { system: mgv } }\n');
    expect(message(f)).toBe(`${f}:6: variants.1.patch.system: variant 'other' would change the system from duel to mgv: every variant plays its base scenario's system (compare systems in separate experiments)`);
    const g = experiment('sys-grid.yaml', 'grid:\n  - { tag: s, set: patch.system, values: [duel, at43] }\n');
    expect(message(g)).toMatch(/variants\.1\.patch\.system: variant 's=at43' would change the system from duel to at43/);
    // The same system is no change.
    expect(loadExperimentFile(experiment('same.yaml', 'variants:\n  - { name: a, patch: { system: duel } }\n')).variants).toHaveLength(1);
    // The real binary: exit 2, one line, no internal error.
    const r = salvo(['experiment', f, '--games', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: .*variants\.1\.patch\.system: variant 'other' would change the system/);
    expect(r.stderr).not.toMatch(/internal error|not loaded/);
  });

  it('an unknown agent in the top-level agents, even when every variant sets its own', () => {
    const f = experiment('agents.yaml', 'agents: [patient, triger-happy]\nvariants:\n  - { name: a, agents: [patient, random] }\n');
    expect(message(f)).toBe(`${f}:4: agents.1: unknown agent 'triger-happy' for duel (did you mean 'trigger-happy'?); known agents: random, trigger-happy, patient, lookahead, mcts`);
    const v = experiment('agents-v.yaml', 'variants:\n  - { name: a, agents: [patint, random] }\n');
    expect(message(v)).toMatch(/variants\.0\.agents\.0: unknown agent 'patint' for duel \(did you mean 'patient'\?\)/);
  });
});
