/** salvo tune: the search space from parameter specs, determinism on the pool, the parameter set it writes. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSubject } from '../../src/answers/subject.ts';
import { defaultField, dimensionValues, runTune, tuneSpace, type TuneResult } from '../../src/answers/tune.ts';
import { findAgent } from '../../src/scenario/agents.ts';
import { loadAllSystems } from '../../src/systems/index.ts';
import { salvo } from '../helpers/cli.ts';
import { ROOT } from '../helpers/bundled.ts';

await loadAllSystems();
const duel = `${ROOT}/scenarios/duel/high-noon.yaml`;

describe('the search space', () => {
  it('takes listed values, booleans, small whole ranges in full, and other numbers around the given value', () => {
    expect(dimensionValues({ default: 'a', values: ['a', 'b'], description: '' }, 'b')).toEqual(['a', 'b']);
    expect(dimensionValues({ default: true, description: '' }, true)).toEqual([false, true]);
    expect(dimensionValues({ default: 2, min: 0, max: 6, description: '' }, 2)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(dimensionValues({ default: 0.5, min: 0, max: 1, description: '' }, 0.5)).toEqual([0.125, 0.25, 0.5, 1]);
    expect(dimensionValues({ default: 48, min: 1, max: 1000, description: '' }, 48)).toEqual([12, 24, 48, 96, 192]);
    expect(dimensionValues({ default: 0, min: 0, max: 16, description: '' }, 0)).toEqual([0, 1, 2, 4, 8]);
    expect(dimensionValues({ default: '', agent: true, description: '' }, '')).toBeNull();
    const subject = loadSubject(duel);
    expect(tuneSpace(findAgent(subject.loaded.system, 'patient')!, { aimTo: 1 })).toEqual([{ name: 'aimTo', values: [0, 1, 2, 3, 4, 5, 6], start: 1 }]);
    expect(tuneSpace(findAgent(subject.loaded.system, 'mcts')!, {}).map((d) => d.name)).toEqual(['mode', 'margin', 'horizon', 'alloc', 'refine', 'refineAt', 'every', 'iterations', 'opening', 'depth', 'width', 'c', 'z', 'reuse']);
    expect(defaultField(subject).map((a) => a.name)).toEqual(['trigger-happy', 'patient', 'mcts']);
  });
});

describe('runTune', () => {
  const strip = (r: TuneResult) => ({ ...r, elapsedMs: 0 });
  it('finds the better setting, confirms it on paired games, and gives the same answer for 0 and 2 workers', async () => {
    const subject = loadSubject(duel);
    const req = { agent: { name: 'patient', params: {} }, field: [{ name: 'trigger-happy', params: {} }], evaluations: 10, games: 30, confirmGames: 150 };
    const a = await runTune(subject, { ...req, workers: 0 });
    const b = await runTune(subject, { ...req, workers: 2 });
    expect(strip(b)).toEqual(strip(a));
    expect(a.steps).toHaveLength(10);
    expect(a.steps[0].params).toEqual({ aimTo: 2 }); // NTBEA starts from the untuned setting
    expect(a.best.aimTo).toBeLessThan(2); // aiming less is better against trigger-happy (firing at once is optimal)
    expect(a.confirmation.games).toBe(300);
    expect(a.confirmation.lo).toBeGreaterThan(0);
    expect(a.confirmation.byOpponent[0].opponent).toBe('trigger-happy');
    expect(a.landscape[0].values.reduce((n, v) => n + v.n, 0)).toBe(10);
  });
});

describe('salvo tune', () => {
  it('writes a parameter set that plays from a file, and a report; bad flags exit 2', () => {
    const out = mkdtempSync(join(tmpdir(), 'salvo-tune-'));
    try {
      const r = salvo(['tune', 'scenarios/duel/high-noon.yaml', '--agent', 'patient', '--against', 'trigger-happy', '--budget', '6', '--games', '20', '--confirm-games', '60', '--workers', '0', '--out', out, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const j = JSON.parse(r.stdout);
      expect(j.verdict[1]).toMatch(/^Confirmed on 120 fresh games paired with the untuned agent/);
      const set = JSON.parse(readFileSync(join(out, 'tuned.json'), 'utf8'));
      expect(set).toMatchObject({ format: 'salvo-agent-params', system: 'duel', agent: 'patient', params: j.best });
      expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('landscape');
      const run = salvo(['run', 'scenarios/duel/high-noon.yaml', '--agents', `patient@${join(out, 'tuned.json')},trigger-happy`, '--games', '30', '--workers', '0', '--out', join(out, 'run'), '--json']);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).command).toContain(`--agents patient:aimTo=${j.best.aimTo},trigger-happy`);
      for (const [flag, value, msg] of [
        ['--budget', '0', /--budget: expected a whole number/],
        ['--agent', 'trigger-happy', /declares no parameter that can be tuned/],
        ['--against', 'nobody', /--against\.0: unknown agent 'nobody'/],
        ['--explore', '-1', /--explore: expected a number from 0 to 100/],
      ] as const) {
        const args = ['tune', 'scenarios/duel/high-noon.yaml', '--agent', 'patient', '--budget', '2', '--out', out];
        const i = args.indexOf(flag);
        if (i >= 0) args[i + 1] = value;
        else args.push(flag, value);
        const bad = salvo(args);
        expect(bad.code, `${flag} ${value}`).toBe(2);
        expect(bad.stderr).toMatch(msg);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
