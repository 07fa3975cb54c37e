/** The real binary end to end: run, experiment, validate, list, and bad input (exit 2, no report). */
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { salvo } from '../helpers/cli.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function noStackTrace(text: string): void {
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

describe('salvo run', () => {
  it('plays a bundled scenario and writes HTML, CSV and JSON; --json prints the summary', () => {
    const out = join(tmp, 'duel');
    const r = salvo(['run', 'scenarios/duel/high-noon.yaml', '--games', '4000', '--workers', '2', '--seed', '3', '--out', out, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.gamesPerVariant).toBe(4000);
    expect(summary.seed).toBe(3);
    expect(summary.command).toBe('salvo run scenarios/duel/high-noon.yaml --games 4000 --seed 3 --agents patient,trigger-happy');
    const outcomes = summary.variants[0].outcomes;
    expect(outcomes.map((o: { k: number }) => o.k).reduce((a: number, b: number) => a + b, 0)).toBe(4000);
    for (const f of ['report.html', 'summary.json', 'outcomes.csv', 'efficiency.csv', 'game-length.csv', 'provenance.csv']) expect(existsSync(join(out, f))).toBe(true);
    expect(readFileSync(join(out, 'outcomes.csv'), 'utf8').split('\n')[0]).toBe('variant,outcome,k,n,p,lo,hi');
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg|fastly)/);
  });

  it('gives the same numbers for 1 and 2 workers', () => {
    const a = JSON.parse(salvo(['run', 'scenarios/duel/high-noon.yaml', '-n', '3000', '-w', '1', '--out', join(tmp, 'w1'), '--json']).stdout);
    const b = JSON.parse(salvo(['run', 'scenarios/duel/high-noon.yaml', '-n', '3000', '-w', '2', '--batch', '77', '--out', join(tmp, 'w2'), '--json']).stdout);
    expect(b.variants).toEqual(a.variants);
  });

  it('a bad scenario: exit 2, file and path named, no stack trace, no report', () => {
    const bad = join(tmp, 'bad.yaml');
    writeFileSync(bad, 'system: duel\nid: bad\nname: bad\nscenario:\n  sides: [A, B]\n  wounds: [3, -2]\n');
    const out = join(tmp, 'bad-report');
    const r = salvo(['run', bad, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}:6: scenario.wounds.1:`);
    noStackTrace(r.stderr);
    expect(existsSync(out)).toBe(false);
  });

  it('bad flags and unknown agents: exit 2 with the flag named', () => {
    const r = salvo(['run', 'scenarios/duel/high-noon.yaml', '--games', '-5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--games: expected a whole number from 1 to 10000000, got '-5'/);
    const s = salvo(['run', 'scenarios/duel/high-noon.yaml', '--agents', 'patient,snipr', '--out', join(tmp, 'x')]);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/--agents\.1: unknown agent 'snipr'/);
    const t = salvo(['run', 'scenarios/duel/high-noon.yaml', '--agents', 'patient', '--out', join(tmp, 'y')]);
    expect(t.stderr).toMatch(/expected 2 agents/);
    noStackTrace(s.stderr + t.stderr);
    expect(existsSync(join(tmp, 'x'))).toBe(false);
  });

  it('a missing file and malformed YAML', () => {
    const r = salvo(['run', 'nowhere.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: nowhere.yaml: file not found\n');
    const bad = join(tmp, 'broken.yaml');
    writeFileSync(bad, 'system: duel\nscenario: [a\n');
    const m = salvo(['validate', bad]);
    expect(m.code).toBe(2);
    expect(m.stderr).toMatch(/broken\.yaml:\d+: malformed YAML/);
  });
});

describe('salvo experiment', () => {
  it('plays every variant on common random numbers and compares with the baseline', () => {
    const out = join(tmp, 'exp');
    const r = salvo(['experiment', 'experiments/duel-house-rules.yaml', '--games', '3000', '--out', out, '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.variants.map((v: { name: string }) => v.name)).toEqual(['baseline', 'target-7', 'aim-once', 'target-7-aim-once']);
    expect(s.baseline).toBe('baseline');
    const t7 = s.variants[1];
    // An easier target helps the hasty gunfighter more (a plain shot hits 21/36 instead of 15/36,
    // an aimed +2 shot 30/36 instead of 26/36), so side A (patient) loses ground; the paired test sees it.
    expect(t7.comparison.diff).toBeLessThan(0);
    expect(t7.comparison.pValue).toBeLessThan(0.001);
    expect(t7.comparison.se).toBeLessThan(t7.comparison.seUnpaired);
    expect(existsSync(join(out, 'comparisons.csv'))).toBe(true);
  });
});

describe('salvo validate and list', () => {
  it('validates every bundled scenario and experiment', () => {
    const r = salvo(['validate', 'scenarios/duel/high-noon.yaml', 'experiments/duel-house-rules.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ok: scenarios\/duel\/high-noon.yaml: duel 'High noon/);
    expect(r.stdout).toMatch(/ok: experiments\/duel-house-rules.yaml: experiment 'duel-house-rules', 4 variants/);
  });

  it('lists systems, agents, scenarios and experiments', () => {
    const r = salvo(['list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/duel\s+Duel \(example system\)/);
    expect(r.stdout).toMatch(/agent patient\s+Takes aim/);
    expect(r.stdout).toContain('scenarios/duel/high-noon.yaml');
    expect(r.stdout).toContain('experiments/duel-house-rules.yaml');
    const j = JSON.parse(salvo(['list', '--json']).stdout);
    expect(j.systems.some((s: { id: string }) => s.id === 'duel')).toBe(true);
  });
});

describe('salvo replay', () => {
  it('prints one game of a run move by move, with its dice, reproducibly', () => {
    const a = salvo(['replay', 'scenarios/duel/high-noon.yaml', '--game', '3', '--seed', '1']);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/game 3 of seed 1, agents patient vs trigger-happy/);
    expect(a.stdout).toMatch(/2d6 = \d+, \+ aim \d = \d+ vs target 8: (hit|miss)/);
    expect(a.stdout).toMatch(/== (Patient|Hasty) wins: victory/);
    // which of the legal actions each side took (aim is listed before fire), not "(1 of 2 choices)"
    expect(a.stdout).toContain('[Patient] Patient takes aim  (chose 1 of 2 legal actions)');
    expect(a.stdout).toContain('[Hasty] Hasty fires (aim +0)  (chose 2 of 2 legal actions)');
    expect(a.stdout).not.toMatch(/choices\)/);
    expect(salvo(['replay', 'scenarios/duel/high-noon.yaml', '--game', '3', '--seed', '1']).stdout).toBe(a.stdout);
  });
});
