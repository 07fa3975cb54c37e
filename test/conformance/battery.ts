/**
 * The conformance battery, keyed on the registry: every registered system is checked the moment
 * it is registered, whatever scenarios it bundles. Each check returns the problems it found as
 * plain sentences naming the system ("mak: no RULES.md"), so a new system's author reads what is
 * missing instead of a stack trace. What a check covers:
 *
 *  scenarios           at least one bundled scenario under scenarios/<id>/, and every one loads
 *  rules-doc           src/systems/<id>/RULES.md exists and names every option key (`key`), with its
 *                      default where a table has a default column; every option cites something;
 *                      every ambiguity A-n of the spec (../shared/rules/<id>.md) is cited or named;
 *                      in every table with a `where` column, each cited file exists and each name
 *                      cited right after a file is declared there (citations.ts)
 *  tests               test/systems/<id>/ holds at least one test file
 *  odds                an odds module; every mechanic has an exact and a sampled twin that agree
 *                      (|p̂ − p| ≤ 4σ + 1/N) or declares why it has none (noSampledTwin)
 *  playouts            random playouts of every bundled scenario through core/play.ts: legal
 *                      actions (chosen among them, and no code listed twice at any decision),
 *                      invariants after set-up and every move, clone independence, every game
 *                      ends by the rules before the safety cap
 *  agents              every named agent plays each side against random on read-only observations
 *                      (an agent that mutates what it observes throws)
 *  serialisation       JSON.parse(JSON.stringify(state)) taken mid-game plays on, with copies of
 *                      the streams, to the same result and the same final state
 *  hidden-information  'imperfect': determinize(state, side, rng) leaves the original alone and
 *                      gives observe(copy, side) deep-equal to observe(state, side), for every side
 *                      at sampled decisions; 'perfect': determinize (if offered) is a plain copy
 *  determinism         identical summaries inline at two batch sizes, and with 1 and 2 workers
 *
 * Generator systems (kind 'generator', no decisions) skip the agents check; the others apply.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { randomAgent, type Agent } from '../../src/core/agent.ts';
import { checkSampled } from '../../src/core/dice/sampled-check.ts';
import { resolveOddsParams, type OddsMechanic } from '../../src/core/odds.ts';
import type { OptionSpecs } from '../../src/core/options.ts';
import { PlayScratch, playGame, resumeGame } from '../../src/core/play.ts';
import { Rng } from '../../src/core/rng/rng.ts';
import { gameStreams, streamFor, Purpose, type GameStreams } from '../../src/core/rng/streams.ts';
import type { AnySystem, CompiledGame, GameResult, PlayContext } from '../../src/core/system.ts';
import { Tally } from '../../src/core/tally.ts';
import { oddsContext } from '../../src/odds/context.ts';
import { planForScenario } from '../../src/app/execute.ts';
import { BatchPool, runPlan } from '../../src/run/pool.ts';
import { loadScenarioFile, type LoadedScenario } from '../../src/scenario/load.ts';
import { ROOT } from '../helpers/bundled.ts';
import { checkRandomPlayouts } from '../helpers/playout.ts';
import { checkCitations } from './citations.ts';
import { firstDifference } from './deep-equal.ts';

export const CHECKS = ['scenarios', 'rules-doc', 'tests', 'odds', 'playouts', 'agents', 'serialisation', 'hidden-information', 'determinism'] as const;
export type CheckName = (typeof CHECKS)[number];

export interface ConformanceOptions {
  /** The system's folder (default src/systems/<id>). */
  readonly systemDir?: string;
  /** Where its bundled scenarios live (default scenarios/<id>). */
  readonly scenarioDir?: string;
  /** Where its tests live (default test/systems/<id>). */
  readonly testsDir?: string;
  /**
   * Also compare 1 and 2 piscina workers (default true). Workers rebuild the registry of
   * src/systems/index.ts by id, so a system registered only in the test process cannot run there.
   */
  readonly workers?: boolean;
  /** Random playouts per bundled scenario (default 8). */
  readonly games?: number;
  readonly seed?: number;
  /** Samples per exact-vs-sampled check (default 2000; test/odds/mechanics.test.ts runs 8000). */
  readonly samples?: number;
}

export interface ConformanceCheck {
  readonly name: CheckName;
  /** The problems found (empty when the system conforms). */
  run(): Promise<string[]>;
}

const MAX_MESSAGE = 2500;
/** Iterations per decision for search agents (`mcts`) in the agents check. */
const SEARCH_BUDGET = 16;
/**
 * The agents check hands read-only views at every 3rd decision (test/helpers/playout.ts): an
 * agent that writes to what it observes does so at most decisions, and a view on every read costs
 * Panzer Vor!'s heuristics 25 of the battery's 57 seconds.
 */
const READ_ONLY_EVERY = 3;

function clip(s: string): string {
  return s.length <= MAX_MESSAGE ? s : `${s.slice(0, MAX_MESSAGE)} …`;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  let out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out = out.concat(filesUnder(p, pattern));
    else if (pattern.test(e)) out.push(p);
  }
  return out;
}

/** The battery's checks for one system, to run one by one (the registry test gives each its own `it`). */
export function conformanceChecks(system: AnySystem, opts: ConformanceOptions = {}): ConformanceCheck[] {
  const id = system.info.id;
  const systemDir = opts.systemDir ?? join(ROOT, 'src', 'systems', id);
  const scenarioDir = opts.scenarioDir ?? join(ROOT, 'scenarios', id);
  const testsDir = opts.testsDir ?? join(ROOT, 'test', 'systems', id);
  const games = opts.games ?? 8;
  const seed = opts.seed ?? 20261123;
  const rel = (p: string): string => (p.startsWith(ROOT + '/') ? relative(ROOT, p) : p);
  const scenarioFiles = (): string[] => filesUnder(scenarioDir, /\.ya?ml$/);

  /** The bundled scenarios that load, and a problem for each that does not. */
  let loadedCache: { loaded: LoadedScenario[]; problems: string[] } | null = null;
  const loadAll = (): { loaded: LoadedScenario[]; problems: string[] } => {
    if (loadedCache) return loadedCache;
    const loaded: LoadedScenario[] = [];
    const problems: string[] = [];
    const files = scenarioFiles();
    if (files.length === 0) problems.push(`${id}: no bundled scenario (add at least one under ${rel(scenarioDir)}/)`);
    for (const f of files) {
      try {
        const l = loadScenarioFile(f);
        if (l.system !== system) problems.push(`${id}: ${rel(f)} is a scenario of system '${l.system.info.id}', not of '${id}'`);
        else loaded.push(l);
      } catch (e) {
        problems.push(`${id}: ${rel(f)} does not load: ${clip(messageOf(e))}`);
      }
    }
    return (loadedCache = { loaded, problems });
  };
  /** Runs `body` on every loaded scenario; a scenario that fails to load is the scenarios check's problem. */
  const eachScenario = async (body: (l: LoadedScenario, file: string) => Promise<string[]> | string[]): Promise<string[]> => {
    const { loaded } = loadAll();
    if (loaded.length === 0) return [`${id}: nothing to check (no bundled scenario loads)`];
    const out: string[] = [];
    for (const l of loaded) {
      try {
        out.push(...(await body(l, rel(l.file))));
      } catch (e) {
        out.push(`${id}: ${rel(l.file)}: ${clip(messageOf(e))}`);
      }
    }
    return out;
  };

  const checks: Record<CheckName, () => Promise<string[]> | string[]> = {
    scenarios: () => loadAll().problems,

    'rules-doc': () => {
      const file = join(systemDir, 'RULES.md');
      if (!existsSync(file)) return [`${id}: no RULES.md (${rel(file)}: map every section of the rulebook seed to implemented / option / omitted, and list every option)`];
      const doc = readFileSync(file, 'utf8');
      const out = Object.keys(system.options)
        .filter((k) => !doc.includes('`' + k + '`'))
        .map((k) => `${id}: RULES.md does not name option \`${k}\``);
      for (const [k, spec] of Object.entries<OptionSpecs[string]>(system.options)) if (spec.cite.trim().length < 3) out.push(`${id}: option \`${k}\` cites nothing (options.ts: the spec section, seed page or reason of its default)`);
      out.push(...wrongDefaults(id, doc, system.options));
      out.push(...uncoveredAmbiguities(id, doc, system.options));
      out.push(...checkCitations(id, doc, { root: ROOT, systemDir, testsDir, scenarioDir }).problems);
      return out;
    },

    tests: () => (filesUnder(testsDir, /\.test\.ts$/).length ? [] : [`${id}: no tests (${rel(testsDir)}/ has no *.test.ts: the seed's worked examples, exact probabilities, exact vs sampled)`]),

    odds: () => checkOdds(system, opts.samples ?? 2000, () => loadAll().loaded[0]?.file),

    playouts: () =>
      eachScenario((l) => {
        const st = checkRandomPlayouts({ scenario: l, games, seed, cloneEvery: 3, readOnlyObservations: true, uniqueActions: true });
        return st.games === games ? [] : [`${id}: ${rel(l.file)}: ${st.games} of ${games} playouts finished`];
      }),

    agents: async () => {
      if (system.info.kind === 'generator') return [];
      const names = system.agents.map((f) => f.name);
      const out = names.filter((n, i) => names.indexOf(n) !== i).map((n) => `${id}: two agents are named '${n}'`);
      for (const d of system.defaultAgents) if (d !== randomAgent.name && !names.includes(d)) out.push(`${id}: default agent '${d}' is not one of its agents (${names.join(', ')})`);
      return out.concat(await eachScenario((l) => {
        const out: string[] = [];
        const sides = l.compiled.sides.length;
        for (const f of system.agents) {
          if (f.name === randomAgent.name) continue;
          // A search agent is checked at a small budget: conformance (legal, read-only, ending
          // games) does not depend on how hard it searches, and its default budget costs seconds.
          const spec = 'iterations' in f.params ? `${f.name}:iterations=${SEARCH_BUDGET}` : f.name;
          for (let side = 0; side < sides; side++) {
            const names = Array.from({ length: sides }, (_, s) => (s === side ? spec : randomAgent.name));
            try {
              checkRandomPlayouts({ scenario: l, games: 1, seed: seed + side, agents: names, readOnlyObservations: READ_ONLY_EVERY, cloneEvery: 1_000_000 });
            } catch (e) {
              out.push(`${id}: agent '${f.name}' as side ${side} in ${rel(l.file)}: ${clip(messageOf(e))}`);
            }
          }
        }
        return out;
      }));
    },

    serialisation: () => eachScenario((l) => checkSerialisation(id, l, Math.max(2, games >> 1), seed)),

    'hidden-information': () => {
      if (system.info.kind === 'generator') return [];
      const first = loadAll().loaded[0];
      if (first && !first.compiled.determinize && system.info.information === 'imperfect') return [missingDeterminize(id)];
      return eachScenario((l) => checkHiddenInformation(system, l, Math.max(2, games >> 1), seed));
    },

    determinism: () => eachScenario(async (l, file) => checkDeterminism(id, l, file, opts.workers !== false && l === loadAll().loaded[0])),
  };

  return CHECKS.map((name) => ({
    name,
    run: async () => {
      try {
        return await checks[name]();
      } catch (e) {
        return [`${id}: the ${name} check threw: ${clip(e instanceof Error ? (e.stack ?? e.message) : String(e))}`];
      }
    },
  }));
}

/** Runs every check; returns every problem found (empty: the system conforms). */
export async function checkConformance(system: AnySystem, opts: ConformanceOptions = {}): Promise<string[]> {
  const out: string[] = [];
  for (const c of conformanceChecks(system, opts)) out.push(...(await c.run()));
  return out;
}

// ---------------------------------------------------------------------------------------------

/** In an options table whose second column is 'default', each option row gives the option's default. */
function wrongDefaults(id: string, doc: string, options: OptionSpecs): string[] {
  const out: string[] = [];
  const cells = (line: string): string[] => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
  let inTable = false;
  for (const line of doc.split('\n')) {
    if (!line.trim().startsWith('|')) {
      inTable = false;
      continue;
    }
    const c = cells(line);
    if (/^(option|key)s?$/i.test(c[0]) && /^default$/i.test(c[1] ?? '')) {
      inTable = true;
      continue;
    }
    const key = /^`([^`]+)`$/.exec(c[0])?.[1];
    if (!inTable || key === undefined || !(key in options)) continue;
    const want = String(options[key].default);
    if (c[1] !== want && !c[1].startsWith(`${want} (`)) out.push(`${id}: RULES.md gives option \`${key}\` the default '${c[1]}', options.ts '${want}'`);
  }
  return out;
}

/** Every ambiguity A-n of the system's spec (../shared/rules/<id>.md) is cited by an option or named in RULES.md. */
function uncoveredAmbiguities(id: string, doc: string, options: OptionSpecs): string[] {
  const spec = join(ROOT, '..', 'shared', 'rules', `${id}.md`);
  if (!existsSync(spec)) return [];
  const ids = (text: string): Set<number> => new Set([...text.matchAll(/\bA-(\d+)\b/g)].map((m) => Number(m[1])));
  const covered = ids(doc + ' ' + Object.values(options).map((o) => o.cite).join(' '));
  return [...ids(readFileSync(spec, 'utf8'))]
    .sort((a, b) => a - b)
    .filter((n) => !covered.has(n))
    .map((n) => `${id}: ambiguity A-${String(n).padStart(2, '0')} of the spec is cited by no option and not named in RULES.md`);
}

function checkOdds(system: AnySystem, samples: number, scenarioFile: () => string | undefined): string[] {
  const id = system.info.id;
  const odds = system.odds;
  if (!odds) return [`${id}: no odds module (src/systems/${id}/odds.ts: every dice mechanic with an exact and a sampled twin, wired as \`odds\` in defineSystem)`];
  if (odds.mechanics.length === 0) return [`${id}: the odds module has no mechanic`];
  const out: string[] = [];
  const base = oddsContext(system);
  for (const mech of odds.mechanics) {
    const name = `${id}: odds mechanic '${mech.name}'`;
    if (!mech.exact && !mech.sample) {
      if (!mech.noSampledTwin?.trim()) out.push(`${name} has neither a sampled twin (exact + sample) nor a reason (noSampledTwin)`);
      continue;
    }
    if (!mech.exact || !mech.sample) {
      out.push(`${name} has ${mech.exact ? 'an exact distribution but no sampler' : 'a sampler but no exact distribution'}`);
      continue;
    }
    let ctx = base;
    if (mech.needsScenario) {
      const f = scenarioFile();
      if (!f) {
        out.push(`${name} needs a scenario and no bundled scenario loads`);
        continue;
      }
      ctx = oddsContext(system, f);
    }
    out.push(...checkMechanic(name, mech, ctx.data, ctx.options, ctx.scenario?.body, samples));
  }
  return out;
}

function checkMechanic(name: string, mech: OddsMechanic, data: unknown, options: Parameters<OddsMechanic['table']>[1], scenario: unknown, samples: number): string[] {
  const out: string[] = [];
  for (const given of mech.checkParams ?? [{}]) {
    const at = `${name} at ${JSON.stringify(given)}`;
    const [params, errors] = resolveOddsParams(mech, given);
    if (errors.length) {
      out.push(`${at}: bad check parameters: ${errors.map(([k, m]) => `${k}: ${m}`).join('; ')}`);
      continue;
    }
    const exact = mech.exact!(data, options, params, scenario);
    const total = exact.reduce((s, o) => s + o.p.toNumber(), 0);
    if (Math.abs(total - 1) > 1e-9) out.push(`${at}: exact probabilities sum to ${total}, not 1`);
    const r = checkSampled({ exact, sample: (rng) => mech.sample!(data, options, params, rng, scenario), n: samples, seed: 5 });
    if (!r.ok) out.push(`${at}: exact and sampled disagree (N = ${samples}, 4σ + 1 count): ${r.failures.join('; ')}`);
  }
  return out;
}

function randomAgents(game: CompiledGame): Agent[] {
  return game.sides.map((_, side) => randomAgent.create(game, side, {}));
}

function cloneStreams(s: GameStreams): GameStreams {
  return { setup: s.setup.clone(), dice: s.dice.clone(), agents: s.agents.map((r) => r.clone()) };
}

/** Mid-game states (at decisions 0, 1, 3, 7, 15, …) sent through JSON must play on exactly as the originals. */
function checkSerialisation(id: string, loaded: LoadedScenario, games: number, seed: number): string[] {
  const game = loaded.compiled;
  const file = relative(ROOT, loaded.file);
  const out: string[] = [];
  for (let g = 0; g < games && out.length === 0; g++) {
    const snaps: Array<{ at: number; text: string; streams: GameStreams }> = [];
    const streams = gameStreams(seed, g, game.sides.length);
    let next = 0;
    const original = playGame(game, randomAgents(game), streams, new Tally(game.metrics), new PlayScratch(game), {
      beforeDecision: (state, _side, _legal, _n, decisions) => {
        if (decisions !== next) return;
        snaps.push({ at: decisions, text: JSON.stringify(state), streams: cloneStreams(streams) });
        next = next * 2 + 1;
      },
    });
    const finalText = JSON.stringify(original.state);
    for (const snap of snaps) {
      const where = `${id}: ${file} game ${g}: the state at decision ${snap.at} sent through JSON`;
      let copy: unknown;
      try {
        copy = JSON.parse(snap.text);
      } catch (e) {
        out.push(`${where} does not parse back: ${messageOf(e)}`);
        break;
      }
      let resumed: { result: GameResult; state: unknown; decisions: number };
      try {
        resumed = resumeGame(game, copy, randomAgents(game), snap.streams, new Tally(game.metrics), new PlayScratch(game), snap.at);
      } catch (e) {
        out.push(`${where} cannot be played on: ${clip(messageOf(e))}`);
        break;
      }
      const d = firstDifference(resumed.result, original.result, 'result');
      if (d) out.push(`${where} plays on to a different result (${d})`);
      else if (resumed.decisions !== original.decisions) out.push(`${where} plays on for ${resumed.decisions - snap.at} decisions, the original for ${original.decisions - snap.at}`);
      else if (JSON.stringify(resumed.state) !== finalText) out.push(`${where} plays on to a different final state (${firstDifference(JSON.parse(JSON.stringify(resumed.state)), JSON.parse(finalText), 'state')})`);
      if (out.length) break;
    }
  }
  return out;
}

export function missingDeterminize(id: string): string {
  return `${id}: information is 'imperfect' but the compiled game offers no determinize(state, side, rng): hidden information cannot be checked and search agents cannot be used`;
}

/**
 * At sampled decisions, for every side: a determinisation leaves the original alone, is
 * independent of it, and shows that side exactly what the original shows it.
 */
function checkHiddenInformation(system: AnySystem, loaded: LoadedScenario, games: number, seed: number): string[] {
  const id = system.info.id;
  const game = loaded.compiled;
  const file = relative(ROOT, loaded.file);
  const imperfect = system.info.information === 'imperfect';
  if (!game.determinize) return imperfect ? [`${missingDeterminize(id)} (${file})`] : [];
  const determinize = game.determinize.bind(game);
  const out: string[] = [];
  const buf = new Int32Array(Math.max(1, game.maxActions));
  for (let g = 0; g < games && out.length === 0; g++) {
    const streams = gameStreams(seed, g, game.sides.length);
    const rng: Rng = streamFor(seed, g, Purpose.plan);
    playGame(game, randomAgents(game), streams, new Tally(game.metrics), new PlayScratch(game), {
      beforeDecision: (state, _side, _legal, _n, decisions) => {
        if (out.length || decisions % 3 !== 0) return;
        const where = `${id}: ${file} game ${g} decision ${decisions}`;
        for (let side = 0; side < game.sides.length; side++) {
          const before = JSON.stringify(state);
          const seen = game.observe(state, side);
          const copy = determinize(state, side, rng);
          if (JSON.stringify(state) !== before) {
            out.push(`${where}: determinize(state, ${side}) changed the original state`);
            return;
          }
          if (!imperfect) {
            if (JSON.stringify(copy) !== before) out.push(`${where}: information is 'perfect' but determinize(state, ${side}) is not a plain copy (${firstDifference(JSON.parse(JSON.stringify(copy)), JSON.parse(before), 'state')})`);
          } else {
            const d = firstDifference(game.observe(copy, side), seen, 'observation');
            if (d) out.push(`${where}: side ${side} observes the determinised copy differently from the original (${d}): determinize resampled something the side can see, or observe() shows something hidden`);
          }
          // Acting on the determinised copy must never reach the original.
          const n = game.legalActions(copy, buf);
          if (n > 0 && game.result(copy) === null) {
            const ctx: PlayContext = { dice: streams.dice.clone(), tally: new Tally(game.metrics) };
            game.apply(copy, buf[0], ctx);
            if (JSON.stringify(state) !== before) out.push(`${where}: acting on determinize(state, ${side}) changed the original state`);
          }
          if (out.length) return;
        }
      },
    });
  }
  return out;
}

/**
 * Pools of 1 and 2 workers shared by every system's determinism check (a pool's start-up costs
 * more than the check's games); workers compile each plan from its inline document. Closed by
 * `closeSharedPools` in the test file's afterAll.
 */
const pools = new Map<number, BatchPool>();
function sharedPool(workers: number): BatchPool {
  let p = pools.get(workers);
  if (!p) pools.set(workers, (p = new BatchPool(workers)));
  return p;
}
export async function closeSharedPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.destroy()));
}

/** The same plan inline at two batch sizes and (optionally) on 1 and 2 workers gives identical summaries. */
async function checkDeterminism(id: string, loaded: LoadedScenario, file: string, workers: boolean): Promise<string[]> {
  const plan = planForScenario(loaded, { games: 16, seed: 7 });
  const reference = await runPlan(plan, { workers: 0, batchSize: 16 });
  const runs: Array<[string, { workers: number; batchSize: number }]> = [['inline, batches of 5', { workers: 0, batchSize: 5 }]];
  if (workers) runs.push(['1 worker, batches of 7', { workers: 1, batchSize: 7 }], ['2 workers, batches of 5', { workers: 2, batchSize: 5 }]);
  const out: string[] = [];
  for (const [label, o] of runs) {
    const r = await runPlan(plan, o.workers > 0 ? { pool: sharedPool(o.workers), batchSize: o.batchSize } : o);
    const d = firstDifference(r.summaries, reference.summaries, 'summaries');
    if (d) out.push(`${id}: ${file}: ${label} gives a different summary from inline in one batch (${d})`);
  }
  return out;
}
