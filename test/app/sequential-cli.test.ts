/**
 * The command-line flow of a sequential plan on shards: `salvo plan --sprt --pairings`, then rounds
 * of `salvo run --plan --shard i/3 --round R` as `salvo merge --status` asks for them, then
 * `salvo merge`: the same summary.json as `salvo run --plan` on one machine.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { salvo } from '../helpers/cli.ts';
import { comparable } from '../run/compare.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-sequential-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('salvo merge --status drives the rounds of a sequential plan', () => {
  it('plan --sprt --pairings → shards round by round → merge equals one process', () => {
    const plan = join(tmp, 'plan.json');
    const made = salvo(['plan', 'experiments/duel-house-rules.yaml', '--games', '40000', '--seed', '3', '--batch', '250', '--sprt', '0,0.05', '--pairings', 'patient,random', '-o', plan]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/GSPRT 0,0.05 checked after rounds of 500 games, replayed under 1 more pairing/);
    const direct = salvo(['run', '--plan', plan, '--workers', '1', '--out', join(tmp, 'direct'), '--json', '--no-progress']);
    expect(direct.code, direct.stderr).toBe(0);
    const want = JSON.parse(direct.stdout);
    expect(want.stoppedEarly).toBe(true);
    expect(want.robust.pairings).toEqual(['patient vs trigger-happy', 'patient vs random']);

    const parts = join(tmp, 'parts');
    mkdirSync(parts);
    const rounds: number[] = [];
    for (let guard = 0; guard < 20; guard++) {
      const status = salvo(['merge', plan, parts, '--status']);
      if (status.code === 0) {
        expect(status.stdout).toMatch(new RegExp(`stopping rule: met after round ${rounds.length - 1}`));
        break;
      }
      expect(status.code, status.stderr).toBe(3);
      const next = /next: round (\d+): salvo run --plan \S+ --shard i\/n --round \1/.exec(status.stdout);
      expect(next, status.stdout).not.toBeNull();
      const r = Number(next![1]);
      rounds.push(r);
      for (let i = 0; i < 3; i++) {
        const shard = salvo(['run', '--plan', plan, '--shard', `${i}/3`, '--round', String(r), '--workers', '1', '--out', join(parts, `r${r}-s${i}.json`), '--no-progress']);
        expect(shard.code, shard.stderr).toBe(0);
      }
    }
    expect(rounds).toEqual(Array.from({ length: want.gamesPerVariant / 500 }, (_, i) => i));
    const merged = salvo(['merge', plan, parts, '--out', join(tmp, 'merged'), '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(comparable(merged.stdout)).toBe(comparable(direct.stdout));
    // The plan fixes the test: giving it again with --plan is refused.
    const again = salvo(['experiment', '--plan', plan, '--sprt', '0,0.05']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/--sprt: is fixed by the plan/);
  }, 240_000);
});
