/**
 * A set-up described by a few parameters (as `salvo setup ww2` and `salvo odds ww2setup` take
 * them) turned into a scenario body and a SetupPlan. The defaults are the spec's Kursk 1943
 * example (S1): Germans (12 sub-units) attack Russians (8), East front, Major Offensive.
 */
import type { OddsParamSpecs, OddsParams } from '../../core/odds.ts';
import type { OptionValues } from '../../core/options.ts';
import { findNation, resolvePlan } from './check.ts';
import type { SetupPlan } from './model.ts';
import { INTENSITIES, SCALES, TERRAINS, scenarioSchema, type RulesData, type ScenarioBody } from './schema.ts';

export const SETUP_PARAMS = {
  attacker: { default: 'Germans', description: 'attacking nation (side A), e.g. Germans, Americans, Japanese' },
  defender: { default: 'Russians', description: 'defending nation (side B)' },
  year: { default: 1943, min: 1939, max: 1945, integer: true, description: 'year of the battle' },
  front: { default: 'East', description: 'front: East, West, Mediterranean, China, Pacific, PacificIsland' },
  intensity: { default: 'MajorOffensive', values: INTENSITIES, description: 'barrage intensity' },
  terrain: { default: 'Open', values: TERRAINS, description: 'proximity terrain class' },
  scale: { default: 'Medium', values: SCALES, description: 'ground scale (Large 20, Medium 30, Small 40 yd per inch)' },
  units: { default: '12,8', description: "sub-units 'A,B' per side (one number: the same for both sides)" },
  bases: { default: 'auto', description: "bases 'A,B' per side, or 'auto' = 10 per sub-unit (placeholder)" },
} satisfies OddsParamSpecs;

/** Parses '12,8' or '10' into two non-negative integers. */
export function parsePair(text: string, what: string): [number, number] {
  const parts = String(text)
    .split(',')
    .map((s) => s.trim());
  const nums = parts.map(Number);
  if (parts.length < 1 || parts.length > 2 || nums.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`${what}: expected 'A,B' or one whole number >= 0, got '${text}'`);
  return nums.length === 1 ? [nums[0], nums[0]] : [nums[0], nums[1]];
}

function sideId(data: RulesData, nation: string, other: string, fallback: string): string {
  const a = findNation(data, nation)?.[0] ?? nation.replace(/[^A-Za-z0-9_]/g, '');
  const b = findNation(data, other)?.[0] ?? other.replace(/[^A-Za-z0-9_]/g, '');
  return a === b || !/^[A-Za-z]/.test(a) ? fallback : a;
}

/** The scenario body a parameter set describes (validated by the scenario schema). Throws PlanError. */
export function bodyFromParams(data: RulesData, p: OddsParams): ScenarioBody {
  let units: [number, number];
  let bases: [number, number];
  try {
    units = parsePair(String(p.units ?? SETUP_PARAMS.units.default), 'units');
  } catch (e) {
    throw new PlanError([['units', (e as Error).message.replace(/^units: /, '')]]);
  }
  try {
    bases = String(p.bases ?? 'auto') === 'auto' ? [units[0] * 10, units[1] * 10] : parsePair(String(p.bases), 'bases');
  } catch (e) {
    throw new PlanError([['bases', (e as Error).message.replace(/^bases: /, '')]]);
  }
  const att = String(p.attacker ?? SETUP_PARAMS.attacker.default);
  const def = String(p.defender ?? SETUP_PARAMS.defender.default);
  const idA = sideId(data, att, def, 'A');
  const idB = sideId(data, def, att, 'B');
  const parsed = scenarioSchema.safeParse({
    year: Number(p.year ?? SETUP_PARAMS.year.default),
    front: String(p.front ?? SETUP_PARAMS.front.default),
    intensity: p.intensity ?? SETUP_PARAMS.intensity.default,
    terrain: p.terrain ?? SETUP_PARAMS.terrain.default,
    scale: p.scale ?? SETUP_PARAMS.scale.default,
    attacker: idA,
    sides: [
      { id: idA, nation: att, subUnits: units[0], bases: bases[0] },
      { id: idB, nation: def, subUnits: units[1], bases: bases[1] },
    ],
  });
  if (!parsed.success) throw new PlanError(dedupe(parsed.error.issues.map((i) => issueOf(['scenario', ...i.path.map(String)].join('.'), i.message, String(p.bases ?? 'auto') === 'auto'))));
  return parsed.data;
}

export class PlanError extends Error {
  constructor(readonly issues: Array<[string, string]>) {
    super(issues.map(([p, m]) => `${p}: ${m}`).join('; '));
    this.name = 'PlanError';
  }
}

const planCache = new WeakMap<RulesData, Map<string, SetupPlan>>();

/**
 * The plan for callers holding untyped values (`salvo setup ww2`: the loader's rules data and
 * scenario block, already validated against this system's schemas). Throws PlanError.
 */
export function planFor(data: unknown, options: OptionValues, p: OddsParams, scenario?: unknown): SetupPlan {
  return planOf(data as RulesData, options, p, scenario as ScenarioBody | undefined);
}

/** The plan of a scenario (when given) or of the parameters (memoised per rules data). Throws PlanError on bad input. */
export function planOf(data: RulesData, options: OptionValues, p: OddsParams, scenario?: ScenarioBody): SetupPlan {
  let byKey = planCache.get(data);
  if (!byKey) planCache.set(data, (byKey = new Map()));
  const key = JSON.stringify([options, p, scenario ?? null]);
  let plan = byKey.get(key);
  if (!plan) {
    plan = computePlan(data, options, p, scenario);
    if (byKey.size > 2000) byKey.clear();
    byKey.set(key, plan);
  }
  return plan;
}

function computePlan(d: RulesData, options: OptionValues, p: OddsParams, scenario?: ScenarioBody): SetupPlan {
  const body = scenario ?? bodyFromParams(d, p);
  const { plan, errors } = resolvePlan(body, d, options);
  if (!plan) throw new PlanError(errors.map(([path, m]) => [scenario !== undefined ? path : paramOf(path), m]));
  return plan;
}

/**
 * Maps a scenario path back to the parameter that set it: a side's sub-units come from `units`,
 * its bases from `bases` (or from `units` when bases are 'auto' = 10 per sub-unit), everything
 * else about a side from its nation (`attacker` / `defender`).
 */
export function paramOf(path: string, basesFromUnits = false): string {
  const side = /^scenario\.sides\.(\d+)(?:\.(\w+))?/.exec(path);
  if (side) {
    if (side[2] === 'subUnits') return 'units';
    if (side[2] === 'bases') return basesFromUnits ? 'units' : 'bases';
    return side[1] === '0' ? 'attacker' : 'defender';
  }
  const m = /^scenario\.(\w+)/.exec(path);
  return m ? m[1] : path;
}

/** A schema issue as [parameter, message]; a per-side number names the side it is about. */
function issueOf(path: string, message: string, basesFromUnits: boolean): [string, string] {
  const param = paramOf(path, basesFromUnits);
  const side = /^scenario\.sides\.(\d+)\.(subUnits|bases)$/.exec(path);
  if (!side) return [param, message];
  const who = side[1] === '0' ? 'attacker (A)' : 'defender (B)';
  const what = side[2] === 'subUnits' ? 'sub-units' : param === 'units' ? 'bases (10 per sub-unit)' : 'bases';
  return [param, `${who} ${what}: ${message}`];
}

function dedupe(issues: Array<[string, string]>): Array<[string, string]> {
  const seen = new Set<string>();
  return issues.filter(([p, m]) => !seen.has(p + '\0' + m) && !!seen.add(p + '\0' + m));
}

export function validateSetupParams(data: RulesData, options: OptionValues, p: OddsParams, scenario?: ScenarioBody): Array<[string, string]> {
  try {
    planOf(data, options, p, scenario);
    return [];
  } catch (e) {
    if (e instanceof PlanError) return e.issues;
    return [['', e instanceof Error ? e.message : String(e)]];
  }
}
