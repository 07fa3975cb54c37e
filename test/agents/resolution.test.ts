/** Agent resolution in the core: which agents a system offers, typed parameters, clear errors. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERIC_AGENTS } from '../../src/agents/index.ts';
import { parseAgentChoice } from '../../src/core/agent.ts';
import { availableAgents, checkAgentChoices, createAgent, findAgent, offersSearch } from '../../src/agents/resolve.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { loadAllSystems } from '../../src/systems/index.ts';
import { bundledScenarios, ROOT } from '../helpers/bundled.ts';

const SYSTEMS = await loadAllSystems();

const byId = (id: string) => SYSTEMS.find((s) => s.info.id === id)!;

/** Every .ts file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('agent resolution', () => {
  it('lives above the core: nothing in src/core imports src/agents', () => {
    const offenders = sources(join(ROOT, 'src/core')).filter((f) => /from '(\.\.\/)+agents\//.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
    expect(sources(join(ROOT, 'src/core')).length).toBeGreaterThan(20);
  });

  it('lists a system own agents, then random, then the generic agents it qualifies for', () => {
    const duel = availableAgents(byId('duel')).map((a) => a.name);
    expect(duel).toEqual(['random', 'trigger-happy', 'patient', 'lookahead', 'mcts']);
    expect(availableAgents(byId('ww2setup')).map((a) => a.name)).toEqual(['random']);
  });

  it("declares SystemInfo.search exactly when every bundled scenario's compiled game offers evaluate and determinize", () => {
    for (const sys of SYSTEMS) {
      const files = bundledScenarios(sys.info.id);
      expect(files.length).toBeGreaterThan(0);
      const hooks = files.map((f) => {
        const g = loadScenarioFile(f).compiled;
        return typeof g.evaluate === 'function' && typeof g.determinize === 'function';
      });
      if (offersSearch(sys)) expect(hooks.every(Boolean), sys.info.id).toBe(true);
      else if (sys.info.kind === 'game') expect(hooks.some(Boolean), `${sys.info.id} offers the hooks but not info.search`).toBe(false);
      const names = availableAgents(sys).map((a) => a.name);
      for (const g of GENERIC_AGENTS) expect(names.includes(g.name)).toBe(offersSearch(sys));
    }
  });

  it("parses 'mcts:iterations=400' with typed parameters and rejects bad ones with the reason", () => {
    const duel = byId('duel');
    expect(checkAgentChoices(duel, [parseAgentChoice('mcts:iterations=400:c=1.2'), parseAgentChoice('patient')], 'agents')).toEqual([]);
    const bad = checkAgentChoices(duel, [parseAgentChoice('mcts:iterations=many'), parseAgentChoice('mtcs'), parseAgentChoice('lookahead:depth=2')], 'agents');
    expect(bad.map((i) => i.path)).toEqual(['agents.0', 'agents.1', 'agents.2']);
    expect(bad[0].message).toMatch(/iterations.*must be a number/);
    expect(bad[1].message).toMatch(/unknown agent 'mtcs'.*did you mean 'mcts'/);
    expect(bad[2].message).toMatch(/no parameter 'depth' \(known: samples\)/);
    expect(checkAgentChoices(byId('ww2setup'), [parseAgentChoice('mcts')], 'agents')[0].message).toMatch(/unknown agent 'mcts'/);
  });

  it('createAgent resolves defaults and refuses a compiled game without the search hooks', () => {
    const loaded = loadScenarioFile(`${ROOT}/scenarios/duel/high-noon.yaml`);
    expect(findAgent(loaded.system, 'mcts')?.params.iterations.default).toBe(96);
    expect(() => createAgent(loaded.system, loaded.compiled, 0, 'mcts:iterations=0')).toThrow(/within \[1/);
    const { evaluate: _e, ...bare } = loaded.compiled;
    expect(() => createAgent(loaded.system, bare, 0, 'mcts')).toThrow(/agent 'mcts' needs a system that offers evaluate\(\)/);
    expect(() => createAgent(loaded.system, bare, 0, 'lookahead')).toThrow(/offers evaluate\(\)/);
  });
});
