/**
 * Runs that survive interruption (the real binary): Ctrl-C and SIGTERM stop cleanly and say how
 * to resume; --resume gives the uninterrupted result; kill -9 at random moments leaves either the
 * previous complete report or none, never a mix; a reused --out folder holds only the latest
 * run's files. SALVO_SOAK=1 interrupts 20 runs instead of 3.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salvo } from '../helpers/cli.ts';
import { ROOT } from '../helpers/bundled.ts';
import { comparable } from './compare.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-interrupt-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SCENARIO = 'scenarios/panzervor/fake-battle.yaml';
const ARGS = (seed: number, out: string, games = 2000): string[] => ['run', SCENARIO, '--games', String(games), '--seed', String(seed), '--agents', 'marksman,brawler', '--workers', '1', '--batch', '50', '--out', out, '--no-progress'];

interface Spawned {
  code: Promise<number | null>;
  kill: (sig: NodeJS.Signals) => void;
  stderr: () => string;
}

function start(args: string[]): Spawned {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'salvo.js'), ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  child.stdout.on('data', () => {});
  // Killed by a signal: the shell's 128 + n (a Ctrl-C that lands before salvo has installed its
  // handler ends the process by the default action, which is still a clean "none" outcome).
  return { code: new Promise((ok) => child.on('exit', (c, s) => ok(c ?? (s === 'SIGKILL' ? 137 : s === 'SIGINT' ? 130 : null)))), kill: (s) => child.kill(s), stderr: () => err };
}

async function until(cond: () => boolean, ms = 60_000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function reportFiles(dir: string): Record<string, string> {
  // The checkpoint (and a temporary of it cut by kill -9) is not part of the report.
  return Object.fromEntries(readdirSync(dir).filter((f) => !f.startsWith('checkpoint.json')).sort().map((f) => [f, f === 'summary.json' ? comparable(readFileSync(join(dir, f), 'utf8')) : f === 'report.html' ? '' : readFileSync(join(dir, f), 'utf8')]));
}

let refA: Record<string, string>;
let refB: Record<string, string>;
let fullMs = 0;

beforeAll(() => {
  const t0 = Date.now();
  expect(salvo(ARGS(1, join(tmp, 'refA'))).code).toBe(0);
  fullMs = Date.now() - t0;
  expect(salvo(ARGS(2, join(tmp, 'refB'))).code).toBe(0);
  refA = reportFiles(join(tmp, 'refA'));
  refB = reportFiles(join(tmp, 'refB'));
  expect(refA['summary.json']).not.toBe(refB['summary.json']);
}, 120_000);

describe('interrupted runs', () => {
  it('SIGTERM, then Ctrl-C on the resumed run, stop cleanly with a checkpoint; --resume reproduces the uninterrupted result', async () => {
    const out = join(tmp, 'resume');
    for (const [sig, resume] of [['SIGTERM', false], ['SIGINT', true]] as const) {
      const before = existsSync(join(out, 'checkpoint.json')) ? JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')).merged.length : 0;
      const p = start([...ARGS(2, out), ...(resume ? ['--resume'] : [])]);
      await until(() => existsSync(join(out, 'checkpoint.json')) && JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')).merged.length > before);
      p.kill(sig);
      const code = await p.code;
      if (code === 0) break; // finished before the signal landed (a very fast machine)
      expect(code).toBe(sig === 'SIGINT' ? 130 : 143);
      expect(p.stderr()).toMatch(/resume with: salvo run .* --resume/);
      expect(existsSync(join(out, 'summary.json'))).toBe(false);
      const cp = JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8'));
      expect(cp.merged.length).toBeGreaterThan(before);
      expect(cp.merged.length).toBeLessThan(40);
    }
    const merged = JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')).merged.length as number;
    const r = salvo([...ARGS(2, out), '--resume']);
    expect(r.code, r.stderr).toBe(0);
    // it says where it resumed: the games the checkpoint held
    expect(r.stderr).toMatch(new RegExp(`--resume: [\\d,]+ of [\\d,]+ games already played \\(${merged} batch(es)? in .*checkpoint\\.json\\); playing the rest`));
    expect(reportFiles(out)).toEqual(refB);
    expect(existsSync(join(out, 'checkpoint.json'))).toBe(false);
  }, 120_000);

  it(`kill -9 and Ctrl-C at random moments leave the previous report or none, never a mix; --resume then finishes`, async () => {
    const out = join(tmp, 'kill9');
    expect(salvo(ARGS(1, out)).code).toBe(0);
    const runs = process.env.SALVO_SOAK ? 20 : 3;
    let seed = 12345;
    for (let k = 0; k < runs; k++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const delay = 150 + (seed % Math.max(1, fullMs + 300));
      const p = start([...ARGS(2, out), ...(k > 0 ? ['--resume'] : [])]);
      await new Promise((r) => setTimeout(r, delay));
      const sig = k % 2 === 1 ? 'SIGINT' : 'SIGKILL';
      p.kill(sig);
      const code = await p.code;
      expect([0, sig === 'SIGINT' ? 130 : 137]).toContain(code);
      if (!existsSync(out)) continue; // none: allowed
      const files = reportFiles(out);
      expect([refA, refB, {}]).toContainEqual(files);
      expect(readdirSync(join(out, '..')).filter((f) => /^kill9\.(new|old)-/.test(f)).length).toBeLessThanOrEqual(1);
    }
    const r = salvo([...ARGS(2, out), '--resume']);
    expect(r.code, r.stderr).toBe(0);
    expect(reportFiles(out)).toEqual(refB);
  }, 300_000);

  it('a reused --out folder holds only the files of the latest run; a foreign folder is refused', () => {
    const out = join(tmp, 'reused');
    expect(salvo(['experiment', 'experiments/duel-house-rules.yaml', '--games', '400', '--out', out, '--no-progress']).code).toBe(0);
    expect(existsSync(join(out, 'comparisons.csv'))).toBe(true);
    expect(salvo(['run', 'scenarios/duel/high-noon.yaml', '--games', '400', '--out', out, '--no-progress']).code).toBe(0);
    expect(existsSync(join(out, 'comparisons.csv'))).toBe(false);
    expect(readdirSync(out).sort()).toEqual(readdirSync(join(tmp, 'refA')).filter((f) => !/efficiency/.test(f) || readdirSync(out).includes(f)).sort());
    const foreign = join(tmp, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'thesis.tex'), 'keep me');
    const r = salvo(['run', 'scenarios/duel/high-noon.yaml', '--games', '100', '--out', foreign]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out: .* non-empty folder that holds no salvo report/);
    expect(readdirSync(foreign)).toEqual(['thesis.tex']);
  }, 120_000);
});
