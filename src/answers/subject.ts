/**
 * The subject of a question: one scenario (or an experiment's baseline variant) as a plain
 * document, its agents and seed, and the rules values in play. `--set path=value` edits are
 * applied to the document, so every probe of a balance search or a sensitivity screen is an
 * ordinary scenario variant played on common random numbers.
 */
import { relative } from 'node:path';
import type { AgentChoice } from '../core/agent.ts';
import { compileWithSets } from './sets.ts';
import type { SetEdit } from '../scenario/sets.ts';
import { loadExperimentFile } from '../scenario/experiment.ts';
import type { LoadedScenario } from '../scenario/load.ts';
import { readSourceFile } from '../scenario/yaml-file.ts';
import { planForScenario } from '../scenario/run-plan.ts';

export interface Subject {
  /** The scenario file (absolute), for messages and relative references. */
  readonly file: string;
  /** What the command line named (scenario or experiment file). */
  readonly given: string;
  readonly text: string;
  /** The scenario document before any edit. */
  readonly doc: Record<string, unknown>;
  readonly loaded: LoadedScenario;
  readonly agents: readonly AgentChoice[];
  readonly seed: number | string;
  readonly games: number;
  readonly sides: readonly string[];
  /** When the command line named an experiment: the variant played (its baseline, else its first). */
  readonly experiment?: { readonly variant: string };
}

export interface SubjectRequest {
  readonly games?: number;
  readonly seed?: number | string;
  readonly agents?: readonly AgentChoice[];
  readonly sets?: readonly SetEdit[];
}

function isExperimentDoc(data: unknown): boolean {
  return !!data && typeof data === 'object' && 'experiment' in data && 'base' in data;
}

/**
 * Loads a scenario file, or an experiment file (its baseline variant, else its first, with the
 * experiment's agents and seed), then applies `--set` edits.
 */
export function loadSubject(given: string, req: SubjectRequest = {}): Subject {
  const src = readSourceFile(given);
  let file = given;
  let text = src.text;
  let doc = src.data as Record<string, unknown>;
  let agents: readonly AgentChoice[] | undefined;
  let seed: number | string | undefined;
  let games: number | undefined;
  let experiment: Subject['experiment'];
  if (isExperimentDoc(src.data)) {
    const exp = loadExperimentFile(given);
    const v = exp.plan.variants[Math.max(0, exp.plan.baseline)];
    file = v.file;
    text = exp.base.text;
    doc = v.doc as Record<string, unknown>;
    agents = v.agents;
    seed = exp.plan.seed;
    games = exp.plan.games;
    experiment = { variant: v.name };
  }
  const { doc: edited, loaded } = compileWithSets({ doc, file, text }, req.sets ?? []);
  const plan = planForScenario(loaded, { agents: req.agents ?? agents, seed: req.seed ?? seed, games: req.games ?? games });
  return {
    file: loaded.file,
    given: relative(process.cwd(), given) || given,
    text,
    doc: edited,
    loaded,
    agents: plan.variants[0].agents,
    seed: plan.seed,
    games: plan.games,
    sides: loaded.compiled.sides,
    ...(experiment ? { experiment } : {}),
  };
}
