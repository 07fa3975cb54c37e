/** The new commands through the real binary: results, JSON, and bad input (exit 2, no stack trace). */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { salvo } from '../helpers/cli.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-answers-cli-'));

describe('salvo balance / sensitivity / ladder / run --set', () => {
  it('balance --json prints the solution as value; the confirmation run with --set lands on it', () => {
    const r = salvo(['balance', 'scenarios/duel/high-noon.yaml', '--set', 'overrides.target', '--range', '5..13', '--side', 'Hasty', '--games', '500', '--max-games', '4000', '--workers', '0', '--out', join(tmp, 'bal'), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.value).toBe(10);
    expect(j.side).toBe('Hasty');
    expect(j.confirm).toContain('--set overrides.target=10');
    expect(readFileSync(join(tmp, 'bal', 'report.html'), 'utf8')).toContain('class="verdict"');
    const run = salvo(['run', 'scenarios/duel/high-noon.yaml', '--set', 'overrides.target=10', '--games', '2000', '--workers', '0', '--out', join(tmp, 'run'), '--json']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout);
    expect(s.scenario.overrides).toEqual({ target: 10 });
    expect(s.command).toContain('--set overrides.target=10');
  }, 120_000);

  it('balance on an experiment prints a confirmation that runs as printed: salvo experiment --set', () => {
    const out = join(tmp, 'bal-exp');
    const r = salvo(['balance', 'experiments/duel-house-rules.yaml', '--set', 'overrides.target', '--range', '5..13', '--side', 'Patient', '--games', '500', '--max-games', '2000', '--workers', '0', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.confirm).toBe(`salvo experiment experiments/duel-house-rules.yaml --set overrides.target=${j.value} --games 20000 --seed 1`);
    // the report's first screen carries the same command
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain(j.confirm);
    const args = (j.confirm as string).split(' ').slice(1);
    const run = salvo([...args, '--workers', '1', '--out', join(tmp, 'confirm'), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const s = JSON.parse(run.stdout);
    expect(s.command).toContain(`--set overrides.target=${j.value}`);
    // every variant plays the value (the baseline is the one solved), the variants' own edits first
    for (const v of s.variants) {
      expect(v.games).toBe(20000);
      expect(v.changes).toContainEqual({ kind: 'rules', path: 'target', from: 8, to: j.value });
    }
    // said once for every variant in the report, and counted as house rules
    const html = readFileSync(join(tmp, 'confirm', 'report.html'), 'utf8');
    expect(html).toContain(`<b>Every variant:</b> target 8 → ${j.value}.`);
    expect(html).toContain('House rules (overrides): 4 in the variants');
    // relative on the command line: the baseline's target 8 lowered by one
    const rel = salvo(['run', 'scenarios/duel/high-noon.yaml', '--set', 'target=-1', '--games', '200', '--workers', '0', '--out', join(tmp, 'rel'), '--json']);
    expect(rel.code, rel.stderr).toBe(0);
    expect(JSON.parse(rel.stdout).scenario.overrides).toEqual({ target: 7 });
  }, 180_000);

  it('bad input exits 2 with the flag named and no stack trace', () => {
    for (const args of [
      ['balance', 'scenarios/duel/high-noon.yaml', '--set', 'overrides.target', '--range', '13..5'],
      ['balance', 'scenarios/duel/high-noon.yaml', '--set', 'overrides.nothing', '--range', '1..3'],
      ['balance', 'scenarios/duel/high-noon.yaml', '--set', 'overrides.target', '--range', '5..13', '--side', 'Mako'],
      ['run', 'scenarios/duel/high-noon.yaml', '--set', 'overrides.target=99', '--games', '10'],
      ['sensitivity', 'scenarios/duel/high-noon.yaml', '--only', 'rumours'],
      ['experiment', 'experiments/duel-house-rules.yaml', '--sprt', '0,5'],
      ['experiment', 'experiments/duel-house-rules.yaml', '--set', 'target=+20'],
      ['balance', 'experiments/duel-house-rules.yaml', '--set', 'overrides.target', '--range', '5..13', '--agents', 'random,random'],
    ]) {
      const r = salvo(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/error: command line: (--range|--set|--side|--only|--sprt|--agents)/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  }, 120_000);

  it('ladder prints its verdict and ratings table', () => {
    const r = salvo(['ladder', 'scenarios/duel/high-noon.yaml', '--games', '400', '--budget', '25', '--workers', '0', '--out', join(tmp, 'ladder')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Strongest agent in High noon \(example duel\): trigger-happy/);
    expect(r.stdout).toMatch(/luck share \d+%/);
  }, 120_000);
});
