/**
 * The cluster recipes of scripts/cluster/, run for real on this machine: GNU parallel with one
 * shard killed (kill -9) and retried, the Slurm array script and the Kubernetes Indexed Job's
 * container command with their schedulers' environment variables faked. Each merge must equal a
 * plain `salvo run` of the same plan.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salvo } from '../helpers/cli.ts';
import { ROOT } from '../helpers/bundled.ts';
import { comparable } from '../run/compare.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-cluster-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const plan = join(tmp, 'plan.json');
const SALVO = `${process.execPath} ${join(ROOT, 'bin', 'salvo.js')}`;
let want = '';

beforeAll(() => {
  const args = ['experiments/duel-house-rules.yaml', '--games', '3000', '--seed', '9', '--batch', '200'];
  expect(salvo(['plan', ...args, '-o', plan]).code).toBe(0);
  const r = salvo(['experiment', ...args, '--workers', '1', '--out', join(tmp, 'run'), '--json']);
  expect(r.code, r.stderr).toBe(0);
  want = comparable(r.stdout);
}, 120_000);

function mergeOf(parts: string): { code: number; json: string } {
  const r = salvo(['merge', plan, parts, '--out', join(tmp, `report-${parts.split('/').pop()}`), '--json']);
  return { code: r.code, json: comparable(r.stdout) };
}

function hasParallel(): boolean {
  return spawnSync('parallel', ['--version'], { encoding: 'utf8' }).status === 0;
}

describe('cluster recipes', () => {
  it.skipIf(!hasParallel())('GNU parallel (scripts/cluster/parallel.sh): a shard killed with kill -9 is retried, the merge equals the run', () => {
    const parts = join(tmp, 'parts-parallel');
    // A salvo that kills itself (SIGKILL) the first time it is asked for shard 2.
    const killer = join(tmp, 'salvo-killed-once.sh');
    writeFileSync(
      killer,
      `#!/usr/bin/env bash
case "$*" in *"--shard 2/5"*) if [ ! -e "${tmp}/killed" ]; then touch "${tmp}/killed"; ${SALVO} "$@" & sleep 0.3; kill -9 $! ; kill -9 $$; fi;; esac
exec ${SALVO} "$@"
`,
      { mode: 0o755 },
    );
    const r = spawnSync('bash', [join(ROOT, 'scripts/cluster/parallel.sh'), plan, '5', parts, '-j', '2'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, SALVO: killer, WORKERS: '1' }, timeout: 240_000 });
    expect(readFileSync(join(tmp, 'killed'), 'utf8')).toBe('');
    expect(r.stdout + r.stderr).toMatch(/complete: 3000 games per variant/);
    expect(r.status, r.stderr).toBe(0);
    const m = mergeOf(parts);
    expect(m.code).toBe(0);
    expect(m.json).toBe(want);
  }, 240_000);

  it('Slurm job array (scripts/cluster/slurm-array.sh) with SLURM_ARRAY_TASK_* faked, tasks numbered from 1', () => {
    const parts = join(tmp, 'parts-slurm');
    for (const id of [3, 1, 2]) {
      const r = spawnSync('bash', [join(ROOT, 'scripts/cluster/slurm-array.sh'), plan, parts], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, SALVO, SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '3', SLURM_CPUS_PER_TASK: '1' },
        timeout: 120_000,
      });
      expect(r.status, r.stderr).toBe(0);
    }
    const status = salvo(['merge', plan, parts, '--status']);
    expect(status.code).toBe(0);
    expect(mergeOf(parts).json).toBe(want);
  }, 240_000);

  it('Kubernetes Indexed Job (scripts/cluster/k8s-indexed-job.yaml): the container command with JOB_COMPLETION_INDEX faked', () => {
    const job = parse(readFileSync(join(ROOT, 'scripts/cluster/k8s-indexed-job.yaml'), 'utf8'));
    expect(job.spec.completionMode).toBe('Indexed');
    const c = job.spec.template.spec.containers[0];
    const env: Record<string, string> = Object.fromEntries(c.env.map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(Number(env.SHARDS)).toBe(job.spec.completions);
    const parts = join(tmp, 'parts-k8s');
    // Three pods instead of the manifest's eight keep the test short; the command is the manifest's.
    for (const i of [2, 0, 1]) {
      const r = spawnSync(c.command[0], [...c.command.slice(1), ...c.args], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, ...env, SHARDS: '3', SALVO, WORKERS: '1', PLAN: plan, PARTS: parts, JOB_COMPLETION_INDEX: String(i) },
        timeout: 120_000,
      });
      expect(r.status, r.stderr).toBe(0);
    }
    expect(mergeOf(parts).json).toBe(want);
  }, 240_000);

  it('merge says what is missing and exits 3 until every batch is in', () => {
    const parts = join(tmp, 'parts-partial');
    expect(salvo(['run', '--plan', plan, '--shard', '1/4', '--workers', '1', '--out', join(parts, 'p1.json'), '--no-progress']).code).toBe(0);
    const r = salvo(['merge', plan, parts, '--out', join(tmp, 'never')]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/incomplete: 4 of 15 batches merged; missing 11 batches \(games 0-199, 400-999, 1200-1799/);
    const replay = salvo(['replay', '--plan', plan, '--game', '3', '--variant', 'target-7']);
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.stdout).toMatch(/\(target-7\): game 3 of seed 9/);
    const bad = salvo(['run', '--plan', plan, '--games', '10']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--games: is fixed by the plan/);
  }, 120_000);
});
