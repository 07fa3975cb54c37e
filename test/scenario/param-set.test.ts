/** Parameter-set files (`gunline@tuned.json`): reading, bad input, and every place an agent is named. */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { agentChoiceWithSets, namesParamSet, readParamSet } from '../../src/scenario/param-set.ts';
import { checkAgentChoices } from '../../src/agents/resolve.ts';
import { loadAllSystems } from '../../src/systems/index.ts';
import { salvo } from '../helpers/cli.ts';
import { ROOT } from '../helpers/bundled.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-params-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const good = { format: 'salvo-agent-params', formatVersion: 1, system: 'duel', agent: 'patient', name: 'tuned', params: { aimTo: 1 } };
const write = (name: string, data: unknown) => {
  const f = join(dir, name);
  writeFileSync(f, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
  return f;
};

describe('parameter sets', () => {
  it("'patient@file' takes the file's parameters; parameters after it override them", () => {
    write('tuned.json', good);
    expect(namesParamSet('patient@tuned.json')).toBe(true);
    expect(namesParamSet('mcts:policy=a@b')).toBe(false);
    expect(agentChoiceWithSets('patient@tuned.json', dir)).toEqual({ name: 'patient', params: { aimTo: 1 } });
    expect(agentChoiceWithSets('patient@tuned.json:aimTo=3', dir)).toEqual({ name: 'patient', params: { aimTo: 3 } });
    expect(agentChoiceWithSets('patient:aimTo=2', dir)).toEqual({ name: 'patient', params: { aimTo: 2 } });
  });

  it('bad files are input errors naming the file, the line and the path', () => {
    const f = write('bad.json', JSON.stringify({ ...good, formatVersion: 2, params: { aimTo: [1] } }, null, 2));
    let e: unknown;
    try {
      readParamSet(f);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(InputError);
    const msg = (e as Error).message;
    expect(msg).toMatch(/bad\.json:3: formatVersion: expected 1, got 2/);
    expect(msg).toMatch(/bad\.json:8: params\.aimTo: expected a number, string or boolean/);
    expect(() => agentChoiceWithSets('trigger-happy@tuned.json', dir)).toThrow(/this parameter set is for agent 'patient', not 'trigger-happy'/);
    expect(() => agentChoiceWithSets('patient@missing.json', dir)).toThrow(/missing\.json: file not found/);
    write('broken.json', '{ "format": ');
    expect(() => readParamSet(join(dir, 'broken.json'))).toThrow(/malformed/);
  });

  it("a scenario's run.agents reads them relative to its folder", () => {
    const text = `system: duel\nid: t\nname: t\nrun: { agents: ["patient@tuned.json", trigger-happy] }\nscenario:\n  sides: [A, B]\n`;
    const f = write('s.yaml', text);
    expect(loadScenarioFile(f).defaults.agents).toEqual([{ name: 'patient', params: { aimTo: 1 } }, { name: 'trigger-happy', params: {} }]);
    write('bad-run.yaml', text.replace('tuned.json', 'nope.json'));
    expect(() => loadScenarioFile(join(dir, 'bad-run.yaml'))).toThrow(/bad-run\.yaml:4: run\.agents: .*nope\.json: file not found/);
    write('wrong-param.json', { ...good, params: { aimTo: 99 } });
    write('s2.yaml', text.replace('tuned.json', 'wrong-param.json'));
    expect(() => loadScenarioFile(join(dir, 's2.yaml'))).toThrow(/run\.agents\.0: agent 'patient' parameter 'aimTo' must be within \[0, 6\], got 99/);
  });

  it('every parameter set kept in docs/tuned still fits its agent and names a bundled scenario', async () => {
    // A set outlives the agent it was tuned for: when an agent loses or renames a parameter, the
    // kept set must be tuned again (docs/agents.md, "Tuning an agent"), not left to fail at run time.
    const systems = await loadAllSystems();
    const tuned = join(ROOT, 'docs', 'tuned');
    const files = readdirSync(tuned).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const set = readParamSet(join(tuned, f));
      const system = systems.find((s) => s.info.id === set.system);
      expect(system, f).toBeDefined();
      expect(checkAgentChoices(system!, [{ name: set.agent, params: set.params }], f)).toEqual([]);
      const scenario = (set.tuned as { scenario?: string } | undefined)?.scenario;
      expect(scenario !== undefined && existsSync(join(ROOT, scenario)), `${f}: tuned.scenario`).toBe(true);
    }
  });

  it('plays from a file on the command line; a missing file exits 2', () => {
    copyFileSync(join(dir, 'tuned.json'), join(dir, 'cli.json'));
    const ok = salvo(['run', 'scenarios/duel/high-noon.yaml', '--games', '50', '--workers', '0', '--agents', `patient@${join(dir, 'cli.json')},trigger-happy`, '--out', join(dir, 'out'), '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).command).toContain('--agents patient:aimTo=1,trigger-happy');
    const bad = salvo(['run', `${ROOT}/scenarios/duel/high-noon.yaml`, '--games', '5', '--agents', 'patient@no-such.json,trigger-happy']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no-such\.json: file not found/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});
