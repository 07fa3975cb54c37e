/**
 * Extreme values: for every system, a seeded draw of rules values (through overrides) and
 * scenario numbers set to the edges of what a schema might accept (zero, one, negatives, the
 * 32-bit bounds, huge counts, fractions), each compiled and played for a few games with random
 * agents in a worker thread. Every case must either be rejected at load time with an InputError
 * or give games that end (by the rules or by the safety cap) without throwing; a watchdog
 * terminates a game that exceeds its time bound and names the case, seed and game index.
 * SALVO_EXTREME_CASES=N per system for a longer run.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { loadAllSystems } from '../../src/systems/index.ts';
import { bundledScenarios } from '../helpers/bundled.ts';
import { rng } from '../fuzz/mutate.ts';
import type { CaseMessage, ExtremeCase } from './play-cases.ts';

const SYSTEMS = await loadAllSystems();

const PER_SYSTEM = Number(process.env.SALVO_EXTREME_CASES ?? 40);
const GAMES = 2;
const GAME_TIME_BOUND_MS = 20_000;
const EXTREMES = [0, 1, -1, 2, 3, 6, 12, 50, 1000, 2 ** 31 - 1, 2 ** 31, 1e9, 0.5, 2 ** 53 - 1];

function numericLeaves(v: unknown, path: string[] = []): string[][] {
  if (typeof v === 'number') return [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => numericLeaves(x, [...path, String(i)]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => numericLeaves(x, [...path, k]));
  return [];
}

function setIn(root: unknown, path: readonly string[], value: unknown): void {
  let node = root as Record<string, unknown>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[path[path.length - 1]] = value;
}

function casesFor(systemId: string): ExtremeCase[] {
  const files = bundledScenarios(systemId).slice(0, 2);
  const r = rng(systemId.length * 7919 + 12);
  const out: ExtremeCase[] = [];
  const sources = files.map((file) => {
    const doc = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const loaded = loadScenarioFile(file);
    const rulesLeaves = loaded.provenance.filter((p) => typeof p.value === 'number').map((p) => p.path);
    const blockLeaves = numericLeaves(doc.scenario, ['scenario']);
    return { file, doc, rulesLeaves, blockLeaves };
  });
  for (let i = 0; i < PER_SYSTEM; i++) {
    const s = sources[i % sources.length];
    const value = EXTREMES[Math.floor(r() * EXTREMES.length)];
    const doc = structuredClone(s.doc);
    let label: string;
    if ((r() < 0.5 && s.rulesLeaves.length) || !s.blockLeaves.length) {
      const path = s.rulesLeaves[Math.floor(r() * s.rulesLeaves.length)];
      doc.overrides = { ...((doc.overrides as object) ?? {}), [path]: value };
      label = `overrides.${path} = ${value}`;
    } else {
      const path = s.blockLeaves[Math.floor(r() * s.blockLeaves.length)];
      setIn(doc, path, value);
      label = `${path.join('.')} = ${value}`;
    }
    out.push({ file: s.file, doc, label, games: GAMES, seed: 1 + i });
  }
  return out;
}

interface Outcome {
  rejected: number;
  played: number;
  games: number;
  reasons: Record<string, number>;
  problems: string[];
}

/** Runs the cases in a child process; a game past its time bound is a hang (killed), a crash is counted, and the rest go on in a new child. */
async function runCases(cases: ExtremeCase[]): Promise<Outcome> {
  const out: Outcome = { rejected: 0, played: 0, games: 0, reasons: {}, problems: [] };
  let from = 0;
  while (from < cases.length) {
    from = await new Promise<number>((resolve) => {
      const child = fork(new URL('./play-cases.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => {
        if (stderr.length < 2000) stderr += d.toString();
      });
      child.send({ cases, from });
      let current = { index: from, game: -1 };
      let timer: NodeJS.Timeout;
      let done = false;
      const finish = (next: number) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(next);
      };
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          const c = cases[current.index];
          out.problems.push(`hang: ${c.file.replace(/.*scenarios\//, '')}: ${c.label}: seed ${c.seed}, game ${current.game} still running after ${GAME_TIME_BOUND_MS / 1000} s`);
          child.kill('SIGKILL');
          finish(current.index + 1);
        }, GAME_TIME_BOUND_MS * (current.game < 0 ? 2 : 1));
      };
      arm();
      let finished = -1;
      child.on('message', (m: CaseMessage) => {
        const c = cases[m.index];
        if (m.kind === 'start') current = { index: m.index, game: m.game };
        else {
          finished = m.index;
          if (m.kind === 'rejected') out.rejected++;
          else if (m.kind === 'played') {
            out.played++;
            out.games += c.games;
            for (const [k, v] of Object.entries(m.reasons)) out.reasons[k] = (out.reasons[k] ?? 0) + v;
          } else out.problems.push(`throw: ${c.file.replace(/.*scenarios\//, '')}: ${c.label}: seed ${c.seed}, game ${m.game}: ${m.error}`);
        }
        arm();
      });
      child.on('exit', (code, signal) => {
        if (done) return;
        if (finished === cases.length - 1) return finish(cases.length);
        const c = cases[current.index];
        out.problems.push(`crash (exit ${code ?? signal}): ${c?.file.replace(/.*scenarios\//, '')}: ${c?.label}: seed ${c?.seed}, game ${current.game}: ${stderr.split('\n').filter((l) => /Fatal|Error|invalid/i.test(l)).slice(0, 2).join(' / ')}`);
        finish(current.index + 1);
      });
    });
  }
  return out;
}

describe('extreme values: every accepted value gives games that end, every other is rejected at load time', () => {
  it.each(SYSTEMS.map((s) => s.info.id))('%s', async (id) => {
    const cases = casesFor(id);
    const o = await runCases(cases);
    console.log(`extremes ${id}: ${cases.length} cases: ${o.rejected} rejected at load, ${o.played} played (${o.games} games: ${Object.entries(o.reasons).map(([k, v]) => `${k} ${v}`).join(', ')}), ${o.problems.length} problems`);
    expect(o.problems).toEqual([]);
    expect(o.rejected + o.played).toBe(cases.length);
  }, 900_000);
});
