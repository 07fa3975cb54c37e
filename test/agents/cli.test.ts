/** The generic agents through the real binary (dist/, built by `npm test` / `npm run build`). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { salvo } from '../helpers/cli.ts';

describe('salvo with the generic search agents', () => {
  it('list shows lookahead and mcts, with their parameters, for the systems that offer them', () => {
    const j = JSON.parse(salvo(['list', '--json']).stdout) as { systems: Array<{ id: string; agents: Array<{ name: string; params: Record<string, unknown> }> }> };
    const names = (id: string) => j.systems.find((s) => s.id === id)!.agents.map((a) => a.name);
    for (const id of ['duel', 'panzervor', 'mgv']) expect(names(id)).toEqual(expect.arrayContaining(['random', 'lookahead', 'mcts']));
    expect(names('ww2setup')).not.toContain('mcts');
    expect(j.systems.find((s) => s.id === 'panzervor')!.agents.find((a) => a.name === 'mcts')!.params).toEqual({ mode: 'switch', portfolio: '', opponent: '', models: '', margin: 0, horizon: 0, alloc: 'halving', refine: 96, refineAt: 'always', every: 'decision', iterations: 96, opening: 0, policy: '', control: '', depth: 6, width: 4, c: 1, z: 2, reuse: true });
    expect(j.systems.find((s) => s.id === 'mgv')!.agents.find((a) => a.name === 'mcts')!.params).toMatchObject({ alloc: 'halving', refine: 96, refineAt: 'always', z: 2 });
    // The duel keeps the plain switch (its 50% against trigger-happy is already the best response's score: docs/search-agents.md).
    expect(j.systems.find((s) => s.id === 'duel')!.agents.find((a) => a.name === 'mcts')!.params).toMatchObject({ alloc: 'even', refine: 0, refineAt: 'disagree', z: 3 });
    // A system's declared defaults (searchDefaults) are what list shows: Ma.K's control is firebase, its switch once per turn and refined.
    const mak = j.systems.find((s) => s.id === 'mak')!.agents.find((a) => a.name === 'mcts')!.params;
    expect([mak.control, mak.every, mak.refine, mak.alloc, mak.refineAt, mak.z]).toEqual(['firebase', 'turn', 96, 'halving', 'always', 2]);
    const at43 = j.systems.find((s) => s.id === 'at43')!.agents.find((a) => a.name === 'mcts')!.params;
    expect([at43.margin, at43.refine, at43.alloc, at43.refineAt, at43.z]).toEqual([2, 96, 'halving', 'always', 2]);
  });

  it("run takes 'mcts:iterations=30,patient' and rejects a misspelt parameter with exit 2", () => {
    const out = mkdtempSync(join(tmpdir(), 'salvo-agents-'));
    try {
      const ok = salvo(['run', 'scenarios/duel/high-noon.yaml', '--agents', 'mcts:iterations=30,patient', '--games', '40', '--workers', '1', '--out', out, '--json']);
      expect(ok.code, ok.stderr).toBe(0);
      const summary = JSON.parse(ok.stdout);
      expect(summary.gamesPerVariant).toBe(40);
      expect(summary.command).toContain("--agents mcts:iterations=30,patient");
      const bad = salvo(['run', 'scenarios/duel/high-noon.yaml', '--agents', 'mcts:iteratons=30,patient', '--games', '10', '--out', out]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/agent 'mcts' has no parameter 'iteratons' \(known: mode, portfolio, opponent, models, margin, horizon, alloc, refine, refineAt, every, iterations, opening, policy, control, depth, width, c, z, reuse\)/);
      expect(bad.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
