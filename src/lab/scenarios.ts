/**
 * The lab's catalogue: every bundled scenario and experiment, and every scenario or experiment
 * file in the lab's folder, by system, with their sides and forces (display names from the rules
 * data), their source and the share of placeholder values in play; a file that does not
 * validate carries its `file:line: path: message` lines, as the CLI prints them.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../core/errors.ts';
import type { OptionSpecs } from '../core/options.ts';
import type { ProvenanceEntry } from '../core/tables/provenance.ts';
import { loadExperimentFile } from '../scenario/experiment.ts';
import { loadScenarioFile, type LoadedScenario } from '../scenario/load.ts';
import { availableAgents, offersSearch } from '../scenario/agents.ts';
import { readSourceFile } from '../scenario/yaml-file.ts';
import { provenanceShare } from '../answers/verdict.ts';
import { valueLabel } from '../answers/labels.ts';
import { insideFolder } from './guard.ts';
import type { FileRef, Force, OptionInfo, RulesValue, ScenarioDetail, ScenarioEntry, UnitSlot } from './api.ts';

/** salvo's own folder (bundled scenarios and experiments, the built page). */
export const PACKAGE_ROOT = findPackageRoot();

function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      statSync(join(dir, 'package.json'));
      statSync(join(dir, 'scenarios'));
      return dir;
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error('cannot find the salvo package folder');
}

const BUNDLED = 'bundled:';
const SKIP = new Set(['node_modules', 'reports', 'dist', '.git', 'parts']);
const MAX_FILES = 400;

function yamlFiles(dir: string, depth = 0, out: string[] = []): string[] {
  if (depth > 5 || out.length >= MAX_FILES) return out;
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.startsWith('.') || SKIP.has(e)) continue;
    const p = join(dir, e);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) yamlFiles(p, depth + 1, out);
    else if (st.isFile() && /\.(ya?ml|json)$/i.test(e) && st.size <= 1 << 20) out.push(p);
    if (out.length >= MAX_FILES) break;
  }
  return out;
}

/** The absolute path of a file the page names: a bundled file, or one inside the folder. */
export function resolveRef(folder: string, ref: FileRef): string {
  if (typeof ref !== 'string') throw new InputError('request', [{ path: 'file', message: 'expected a file' }]);
  if (ref.startsWith(BUNDLED)) {
    const rel = ref.slice(BUNDLED.length);
    const full = resolve(PACKAGE_ROOT, rel);
    const ok = ['scenarios', 'experiments'].some((d) => full.startsWith(join(PACKAGE_ROOT, d) + sep));
    if (!ok || !/\.(ya?ml|json)$/i.test(full)) throw new InputError('request', [{ path: 'file', message: `'${ref.slice(0, 120)}' is not a bundled scenario or experiment` }]);
    return full;
  }
  return insideFolder(folder, ref);
}

/** The page's name of a file. */
export function refOf(folder: string, abs: string): FileRef {
  const root = realpathSync(folder);
  if (abs.startsWith(root + sep)) return relative(root, abs);
  return BUNDLED + relative(PACKAGE_ROOT, abs);
}

function isExperimentData(data: unknown): data is { base: unknown } {
  return typeof data === 'object' && data !== null && 'experiment' in data && 'base' in data;
}

/** An experiment's base must be bundled or inside the folder (the lab reads nothing else). */
function checkBase(folder: string, file: string, base: unknown): void {
  if (typeof base !== 'string') return; // the loader reports it
  const full = resolve(dirname(file), base);
  const root = realpathSync(folder);
  const inside = full.startsWith(root + sep) || full.startsWith(join(PACKAGE_ROOT, 'scenarios') + sep);
  if (!inside) throw new InputError(file, [{ path: 'base', message: `'${base.slice(0, 120)}' is outside the lab folder (${root}); the lab reads only the folder and the bundled scenarios` }]);
}

interface Cached {
  readonly mtime: number;
  readonly entry: ScenarioEntry;
}
const cache = new Map<string, Cached>();

function errorLines(e: unknown): string[] {
  if (e instanceof InputError) return e.message.split('\n').map((l) => l.trim()).filter(Boolean);
  return [`could not be read: ${e instanceof Error ? e.message.slice(0, 300) : String(e)}`];
}

/** The sides' forces: each unit the scenario names, by its display name in the rules data. */
export function forcesOf(loaded: LoadedScenario): Force[] {
  const refs = unitRefs(loaded).filter((r) => r.inForce);
  // One entry per unit: its first record (the unit) and the others it names (a weapon, an officer, a crew).
  const units = new Map<string, UnitRef[]>();
  for (const r of refs) units.set(r.owner, [...(units.get(r.owner) ?? []), r]);
  const bySide = new Map<string, Map<string, number>>();
  for (const [, [unit, ...rest]] of units) {
    const side = unit.side ?? '';
    const m = bySide.get(side) ?? new Map<string, number>();
    const name = rest.length ? `${unit.name} (${rest.map((x) => x.name).join(', ')})` : unit.name;
    m.set(name, (m.get(name) ?? 0) + unit.count);
    bySide.set(side, m);
  }
  return [...bySide.entries()].map(([side, m]) => ({ side, units: [...m.entries()].map(([name, n]) => (n > 1 ? `${n} × ${name}` : name)) }));
}

interface UnitRef {
  readonly path: string;
  /** The path of the object that names it (one unit). */
  readonly owner: string;
  readonly side?: string;
  readonly id: string;
  readonly name: string;
  readonly collection: string;
  readonly count: number;
  /** A unit of a side's force (under `units` or `sides`), not terrain or a map feature. */
  readonly inForce: boolean;
}

function recordName(record: unknown, id: string): string {
  if (record && typeof record === 'object' && !Array.isArray(record)) {
    for (const k of ['name', 'label', 'title']) {
      const v = (record as Record<string, unknown>)[k];
      if (typeof v === 'string' && v.length > 1) return v;
    }
  }
  return id;
}

/** Collections of records in the rules data (`tanks`, `profiles`, `units`...): name → ids. */
function collections(data: unknown): Map<string, Map<string, unknown>> {
  const out = new Map<string, Map<string, unknown>>();
  if (!data || typeof data !== 'object') return out;
  for (const [k, v] of Object.entries(data)) {
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
    const recs = Object.entries(v).filter(([, r]) => r && typeof r === 'object' && !Array.isArray(r));
    if (recs.length >= 2 && recs.length === Object.keys(v).length) out.set(k, new Map(recs));
  }
  return out;
}

/** The unit a reference belongs to: the list element it is in (`sides.A.units.0`), else its object. */
function ownerOf(path: readonly (string | number)[]): string {
  let i = path.length - 1;
  while (i >= 0 && typeof path[i] !== 'number') i--;
  return (i >= 0 ? path.slice(0, i + 1) : path).join('.');
}

/** Every string in the scenario block that names a record of a rules-data collection. */
function unitRefs(loaded: LoadedScenario): UnitRef[] {
  const cols = collections(loaded.data);
  const body = loaded.input.body;
  const out: UnitRef[] = [];
  const sideLabel = (path: readonly (string | number)[]): string | undefined => {
    const i = path.indexOf('sides');
    if (i < 0 || i + 1 >= path.length || !body || typeof body !== 'object') return undefined;
    const sides = (body as Record<string, unknown>).sides;
    const key = path[i + 1];
    const s = Array.isArray(sides) ? sides[Number(key)] : sides && typeof sides === 'object' ? (sides as Record<string, unknown>)[String(key)] : undefined;
    if (s && typeof s === 'object') {
      const o = s as Record<string, unknown>;
      if (typeof o.name === 'string') return o.name;
      if (typeof o.id === 'string') return o.id;
    }
    return String(key);
  };
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (Array.isArray(node)) return node.forEach((x, i) => walk(x, [...path, i]));
    if (!node || typeof node !== 'object') return;
    const o: Record<string, unknown> = Object.fromEntries(Object.entries(node));
    let first = true; // an object's count belongs to its first record (the unit), not its officer
    for (const [k, v] of Object.entries(o)) {
      // `id` names a record only in a nested reference (`character: { id: miho }`), not a unit's own id.
      const byId = k === 'id' && typeof path[path.length - 1] === 'string';
      if (typeof v === 'string' && (byId || (k !== 'id' && k !== 'name' && k !== 'side'))) {
        for (const [col, recs] of cols) {
          if (!recs.has(v)) continue;
          out.push({
            path: ['scenario', ...path, k].join('.'),
            owner: ownerOf(path),
            side: typeof o.side === 'string' ? o.side : sideLabel(path),
            id: v,
            name: recordName(recs.get(v), v),
            collection: col,
            count: first && typeof o.count === 'number' && o.count > 0 ? o.count : 1,
            inForce: path.includes('units') || path.includes('sides'),
          });
          first = false;
          break;
        }
      } else if (v && typeof v === 'object') walk(v, [...path, k]);
    }
  };
  walk(body, []);
  return out;
}

/** Units (and other named records) the scenario names, each with the others of its kind. */
export function unitSlots(loaded: LoadedScenario): UnitSlot[] {
  const cols = collections(loaded.data);
  return unitRefs(loaded)
    .filter((r) => r.inForce)
    .map((r) => ({
      path: r.path,
      side: r.side,
      current: r.id,
      currentName: r.name,
      choices: [...cols.get(r.collection)!.entries()].filter(([id]) => id !== r.id).map(([id, rec]) => ({ id, name: recordName(rec, id) })),
    }));
}

function sourceText(loaded: LoadedScenario): string | undefined {
  const s = loaded.envelope.source;
  if (!s) return undefined;
  return [s.seed && `seed ${s.seed}`, s.section, s.note].filter(Boolean).join('; ');
}

function placeholders(entries: readonly ProvenanceEntry[]): { count: number; total: number } {
  const share = provenanceShare(entries);
  return { count: share.placeholders, total: share.total };
}

function scenarioFields(loaded: LoadedScenario): Omit<ScenarioEntry, 'ref' | 'origin' | 'path' | 'kind'> {
  return {
    system: loaded.system.info.id,
    systemName: loaded.system.info.name,
    name: loaded.input.name,
    sides: loaded.compiled.sides,
    forces: forcesOf(loaded),
    source: sourceText(loaded),
    placeholders: placeholders(loaded.provenance),
  };
}

/** Loads a file as the CLI would: a scenario, or an experiment (its base checked to be readable here). */
export function loadEntry(folder: string, abs: string): { entry: Omit<ScenarioEntry, 'ref' | 'origin' | 'path'>; loaded?: LoadedScenario } {
  const src = readSourceFile(abs);
  if (isExperimentData(src.data)) {
    checkBase(folder, abs, src.data.base);
    const exp = loadExperimentFile(abs);
    return { entry: { kind: 'experiment', ...scenarioFields(exp.base), name: exp.spec.name, variants: exp.plan.variants.map((v) => v.name) }, loaded: exp.base };
  }
  const loaded = loadScenarioFile(abs);
  return { entry: { kind: 'scenario', ...scenarioFields(loaded) }, loaded };
}

function describe(folder: string, abs: string, origin: 'bundled' | 'folder'): ScenarioEntry {
  let mtime = 0;
  try {
    mtime = statSync(abs).mtimeMs;
  } catch {
    /* reported below */
  }
  const hit = cache.get(abs);
  if (hit && hit.mtime === mtime) return hit.entry;
  const ref = refOf(folder, abs);
  const path = origin === 'bundled' ? ref.slice(BUNDLED.length) : ref;
  let entry: ScenarioEntry;
  try {
    entry = { ref, origin, path, ...loadEntry(folder, abs).entry };
  } catch (e) {
    let kind: 'scenario' | 'experiment' = 'scenario';
    try {
      kind = isExperimentData(readSourceFile(abs).data) ? 'experiment' : 'scenario';
    } catch {
      /* unreadable: listed as a scenario with its error */
    }
    entry = { ref, origin, path, kind, errors: errorLines(e) };
  }
  cache.set(abs, { mtime, entry });
  return entry;
}

/** Whether a folder file looks like a salvo scenario or experiment (other YAML is not listed). */
function looksLikeSalvo(abs: string): boolean {
  try {
    const data = readSourceFile(abs).data;
    return typeof data === 'object' && data !== null && ('system' in data || ('experiment' in data && 'base' in data));
  } catch (e) {
    return e instanceof InputError; // a broken file is listed with its errors
  }
}

export function catalogue(folder: string): ScenarioEntry[] {
  const bundledFiles = [...yamlFiles(join(PACKAGE_ROOT, 'scenarios')), ...yamlFiles(join(PACKAGE_ROOT, 'experiments'))];
  const bundled = bundledFiles.map((f) => describe(folder, f, 'bundled'));
  const root = realpathSync(folder);
  // A folder that holds salvo itself (`npx salvo lab` in a clone) lists the bundled files once.
  const isBundled = new Set(bundledFiles.map((f) => realpathSync(f)));
  const own = yamlFiles(root).filter((f) => !isBundled.has(realpathSync(f)) && looksLikeSalvo(f)).map((f) => describe(folder, f, 'folder'));
  return [...own, ...bundled];
}

function optionInfos(specs: OptionSpecs, values: Readonly<Record<string, unknown>>): OptionInfo[] {
  return Object.entries(specs).map(([name, s]) => {
    const v = values[name] ?? s.default;
    return { name, value: typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : String(v), ...(s.values ? { values: s.values } : typeof s.default === 'boolean' ? { values: [true, false] } : {}), description: s.description };
  });
}

/** Everything the Play and What-if panels need of one scenario or experiment (its base). */
export function scenarioDetail(folder: string, ref: FileRef): ScenarioDetail {
  const abs = resolveRef(folder, ref);
  const { entry, loaded } = loadEntry(folder, abs);
  if (!loaded) throw new InputError(abs, [{ path: '', message: 'not a scenario' }]);
  const origin = ref.startsWith(BUNDLED) ? 'bundled' : 'folder';
  const values: RulesValue[] = loaded.provenance
    .filter((e) => typeof e.value === 'number' || typeof e.value === 'string' || typeof e.value === 'boolean')
    .map((e) => ({ path: e.path, label: valueLabel(e.path, loaded.data), value: e.value as number | string | boolean, provenance: e.provenance.kind, ...(e.provenance.ref ? { ref: e.provenance.ref } : {}) }));
  const agents = availableAgents(loaded.system).map((a) => ({ name: a.name, description: a.description, params: Object.fromEntries(Object.entries(a.params).map(([k, p]) => [k, p.default])) }));
  return {
    entry: { ref, origin, path: origin === 'bundled' ? ref.slice(BUNDLED.length) : ref, ...entry },
    agents,
    defaultAgents: (loaded.defaults.agents ?? loaded.system.defaultAgents.map((name: string) => ({ name, params: {} }))).map((a) => [a.name, ...Object.entries(a.params).map(([k, v]) => `${k}=${v}`)].join(':')),
    search: offersSearch(loaded.system),
    games: loaded.defaults.games ?? 10_000,
    seed: loaded.defaults.seed ?? 1,
    values,
    options: optionInfos(loaded.system.options, loaded.options),
    units: unitSlots(loaded),
  };
}

