/**
 * Hostile-input fuzz: seeded mutations of every bundled scenario and experiment, validated in
 * process. Zero stack traces (every failure is an InputError naming the file), zero hangs (each
 * case within a time bound), zero prototype pollution, zero accepted files that must be
 * rejected. A few hundred cases in the default suite; SALVO_FUZZ_CASES=N per file for a longer run.
 * The command-line vectors (FIFO, /dev/zero, flags) run against the real binary.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { loadExperimentFile } from '../../src/scenario/experiment.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { readSourceFile } from '../../src/scenario/yaml-file.ts';
import { ROOT, bundledExperiments, bundledScenarios } from '../helpers/bundled.ts';
import { mutations } from './mutate.ts';

const PER_FILE = Number(process.env.SALVO_FUZZ_CASES ?? 24);
const TIME_BOUND_MS = 10_000;
const tmp = mkdtempSync(join(tmpdir(), 'salvo-fuzz-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const protoNames = () => [Object.getOwnPropertyNames(Object.prototype), Object.getOwnPropertyNames(Array.prototype), Object.getOwnPropertyNames(Function.prototype)].map((l) => l.sort().join(','));

/** As `salvo validate` does: scenario or experiment, by the file's own keys. */
function validate(file: string): void {
  const data = readSourceFile(file).data as Record<string, unknown>;
  if ('experiment' in data && !('system' in data)) loadExperimentFile(file);
  else loadScenarioFile(file);
}

type Category = 'ok' | 'rejected' | 'stack trace' | 'hang' | 'polluted' | 'accepted invalid' | 'file not named';

describe('fuzz: malformed scenario and experiment files', () => {
  const sources = [...bundledScenarios().map((f) => ({ f, exp: false })), ...bundledExperiments().map((f) => ({ f, exp: true }))];
  it(`every case is handled cleanly (${PER_FILE} seeded mutations of each of ${sources.length} bundled files)`, () => {
    const counts: Record<Category, number> = { ok: 0, rejected: 0, 'stack trace': 0, hang: 0, polluted: 0, 'accepted invalid': 0, 'file not named': 0 };
    const failures: string[] = [];
    const before = protoNames();
    let n = 0;
    sources.forEach(({ f, exp }, fi) => {
      // Experiments name their base relative to themselves: keep the mutated copy beside a copy of the base folder layout.
      const dir = join(tmp, exp ? 'experiments' : join('scenarios', basename(join(f, '..'))));
      mkdirSync(dir, { recursive: true });
      for (const c of mutations(readFileSync(f, 'utf8'), exp, 1000 + fi, PER_FILE)) {
        const file = join(exp ? join(ROOT, 'experiments') : dir, `fuzz-${process.pid}-${n++}.yaml`);
        writeFileSync(file, c.text);
        const t0 = performance.now();
        let cat: Category;
        let detail = '';
        try {
          validate(file);
          cat = c.expect === 'reject' ? 'accepted invalid' : 'ok';
        } catch (e) {
          if (e instanceof InputError) {
            cat = e.message.split('\n').every((l) => l.includes(file)) ? 'rejected' : 'file not named';
            detail = e.message.slice(0, 300);
            if (e.message.length > 20_000) {
              cat = 'stack trace';
              detail = `message of ${e.message.length} characters`;
            }
          } else {
            cat = 'stack trace';
            detail = String((e as Error)?.stack ?? e).slice(0, 500);
          }
        } finally {
          rmSync(file, { force: true });
        }
        if (performance.now() - t0 > TIME_BOUND_MS) cat = 'hang';
        if (protoNames().join('|') !== before.join('|') || ({} as Record<string, unknown>).polluted !== undefined) cat = 'polluted';
        counts[cat]++;
        if (!['ok', 'rejected'].includes(cat)) failures.push(`${cat}: ${basename(f)}: ${c.name}: ${detail}`);
      }
    });
    console.log(`fuzz: ${n} cases: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    expect(failures).toEqual([]);
    expect(counts.rejected).toBeGreaterThan(n / 2);
  }, 600_000);
});

describe('fuzz: hostile paths and flags on the real binary', () => {
  const salvo = (args: string[]) => {
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'salvo.js'), ...args], { cwd: tmp, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });
    return { code: r.status, signal: r.signal, stderr: r.stderr ?? '', stdout: r.stdout ?? '' };
  };
  const good = join(ROOT, 'scenarios', 'duel', 'high-noon.yaml');
  const fifo = join(tmp, 'fifo.yaml');
  spawnSync('mkfifo', [fifo]);
  const aFile = join(tmp, 'a-file');
  writeFileSync(aFile, 'x');
  const polluter = join(tmp, 'polluter.yaml');
  writeFileSync(polluter, readFileSync(good, 'utf8') + 'overrides: { "__proto__.polluted": 1, "constructor.prototype.x": 2 }\n');
  const cases: Array<[string, string[], RegExp]> = [
    ['a FIFO as the file', ['validate', fifo], /not a regular file/],
    ['/dev/zero as the file', ['validate', '/dev/zero'], /not a regular file/],
    ['a folder as the file', ['run', tmp], /is a directory/],
    ['--out naming a file', ['run', good, '--games', '10', '--out', aFile], /--out: .*is a file/],
    ['--out under a file', ['run', good, '--games', '10', '--out', join(aFile, 'sub')], /--out: .*under a file/],
    ['--games 1e12', ['run', good, '--games', '1e12'], /--games: expected a whole number from 1 to 10000000/],
    ['--games 2^53+1', ['run', good, '--games', '9007199254740993'], /--games: expected a whole number/],
    ["--workers ''", ['run', good, '--workers', ''], /--workers: expected a whole number/],
    ['--agents with a __proto__ parameter', ['run', good, '--agents', 'random:__proto__=1,random'], /--agents: agent parameter name '__proto__' is not allowed/],
    ['replay --game 1e20', ['replay', good, '--game', '100000000000000000000'], /--game: expected a whole number/],
    ['odds ww2setup summary --param units=100000', ['odds', 'ww2setup', 'summary', '--param', 'units=100000'], /<=1000/],
    ['odds --param __proto__=1', ['odds', 'ww2setup', 'summary', '--param', '__proto__=1'], /not allowed/],
    ['setup ww2 --units 1e9', ['setup', 'ww2', '--attacker', 'Germans', '--defender', 'Russians', '--year', '1943', '--front', 'East', '--intensity', 'MajorOffensive', '--units', '1000000000'], /<=1000/],
    ['an experiment given to run', ['run', join(ROOT, 'experiments', 'duel-house-rules.yaml')], /this is an experiment file .*use salvo experiment/],
    ['a scenario given to experiment', ['experiment', good], /this is a scenario file .*use salvo run/],
  ];
  it.each(cases)('%s: exit 2, a clear message, no stack trace', (_name, args, message) => {
    const r = salvo(args);
    expect(r.signal).toBeNull();
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
  });
  it('validate polluter.yaml good.yaml: the polluter is rejected, the good file still passes', () => {
    const r = salvo(['validate', polluter, good]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/polluter\.yaml.*not allowed/s);
    expect(r.stdout).toMatch(/ok: .*high-noon\.yaml/);
  });
});
