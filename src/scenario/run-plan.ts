/**
 * The run plan of one scenario (a plan with one variant): its validated document inline, one
 * agent per side (the request's, else the file's run.agents, else the system's defaults), the
 * seed and the games. `salvo run`, `salvo replay` and every answer command (src/answers/) make
 * theirs here, below the application layer.
 */
import { relative } from 'node:path';
import type { AgentChoice } from '../core/agent.ts';
import type { RunPlan } from '../run/plan.ts';
import { checkAgentChoices } from './agents.ts';
import { InputError } from './errors.ts';
import type { LoadedScenario } from './load.ts';
import { parseSource } from './yaml-file.ts';

export const DEFAULT_GAMES = 10_000;

export interface ScenarioPlanRequest {
  readonly games?: number;
  readonly seed?: number | string;
  readonly agents?: readonly AgentChoice[];
}

export function displayPath(file: string): string {
  return relative(process.cwd(), file) || file;
}

/** The scenario document exactly as validated (parsed from the text that was checked). */
function documentOf(loaded: LoadedScenario): unknown {
  return parseSource(loaded.file, loaded.text).data;
}

export function planForScenario(loaded: LoadedScenario, req: ScenarioPlanRequest): RunPlan {
  const sides = loaded.compiled.sides;
  const agents: AgentChoice[] = [...(req.agents ?? loaded.defaults.agents ?? loaded.system.defaultAgents.map((name) => ({ name, params: {} })))];
  const issues = checkAgentChoices(loaded.system, agents, '--agents');
  if (agents.length !== sides.length) issues.push({ path: '--agents', message: `expected ${sides.length} agents (one per side: ${sides.join(', ')}), got ${agents.length}` });
  if (issues.length) throw new InputError('command line', issues);
  return {
    kind: 'run',
    id: loaded.input.id,
    name: loaded.input.name,
    seed: req.seed ?? loaded.defaults.seed ?? 1,
    games: req.games ?? loaded.defaults.games ?? DEFAULT_GAMES,
    variants: [{ name: loaded.input.id, label: loaded.input.name, tags: {}, file: displayPath(loaded.file), doc: documentOf(loaded), agents }],
    baseline: -1,
  };
}
