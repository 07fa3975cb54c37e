/**
 * The cases of the extreme-value sweep (issue 22 item 3): every number in play in every bundled
 * scenario (each rules value its provenance lists, through `overrides:`, and each number of its
 * `scenario:` block), set in turn to the corners of what its schema accepts (its own minimum and
 * maximum) and to the values that break engines (0, -1, 1/2, 10^6, ±2^31, 2^53 + 2, ±1e308). A value the
 * schema refuses is rejected at load time, cheaply; each accepted one is compiled and played.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parse } from 'yaml';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { numberBoundsAt } from '../../src/scenario/zod-walk.ts';
import { ROOT, bundledScenarios } from '../helpers/bundled.ts';
import type { ExtremeCase } from './play-cases.ts';

/** The values every number is tried at, besides its schema's own bounds. */
export const EXTREMES: readonly number[] = [0, -1, 0.5, 1e6, 2 ** 31, -(2 ** 31), 2 ** 53 + 2, 1e308, -1e308];

export interface Target {
  readonly file: string;
  readonly system: string;
  /** 'overrides' (a rules value) or 'scenario' (a number of the block). */
  readonly where: 'overrides' | 'scenario';
  /** Dotted path: the override key, or the path inside the file. */
  readonly path: string;
  readonly value: number;
  readonly bounds?: { readonly min: number; readonly max: number; readonly int: boolean };
}

function numericLeaves(v: unknown, path: string[] = []): string[][] {
  if (typeof v === 'number') return [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => numericLeaves(x, [...path, String(i)]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => numericLeaves(x, [...path, k]));
  return [];
}

function getIn(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const k of path) node = (node as Record<string, unknown>)[k];
  return node;
}

function setIn(root: unknown, path: readonly string[], value: unknown): void {
  let node = root as Record<string, unknown>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[path[path.length - 1]] = value;
}

const docs = new Map<string, Record<string, unknown>>();
function docOf(file: string): Record<string, unknown> {
  let d = docs.get(file);
  if (!d) docs.set(file, (d = parse(readFileSync(file, 'utf8')) as Record<string, unknown>));
  return d;
}

/** Every number in play in a bundled scenario. */
export function targetsOf(file: string): Target[] {
  const loaded = loadScenarioFile(file);
  const system = loaded.system;
  const doc = docOf(file);
  const out: Target[] = [];
  for (const p of loaded.provenance) {
    if (typeof p.value !== 'number') continue;
    out.push({ file, system: system.info.id, where: 'overrides', path: p.path, value: p.value, bounds: numberBoundsAt(system.rulesSchema, p.path.split('.')) });
  }
  for (const path of numericLeaves(doc.scenario)) {
    out.push({ file, system: system.info.id, where: 'scenario', path: ['scenario', ...path].join('.'), value: getIn(doc.scenario, path) as number, bounds: numberBoundsAt(system.scenarioSchema, path) });
  }
  return out;
}

/** The values a target is tried at: its schema's bounds and EXTREMES, without its own value. */
export function extremesOf(t: Target): number[] {
  const b = t.bounds;
  const corners = b ? [b.min, b.max].filter((v) => Number.isFinite(v) && Math.abs(v) < 2 ** 53) : [];
  return [...new Set([...corners, ...EXTREMES])].filter((v) => v !== t.value);
}

export function caseOf(t: Target, value: number, seed: number, games = 2): ExtremeCase {
  const doc = structuredClone(docOf(t.file));
  if (t.where === 'overrides') doc.overrides = { ...((doc.overrides as object) ?? {}), [t.path]: value };
  else setIn(doc, t.path.split('.'), value);
  return { file: t.file, doc, label: `${t.where === 'overrides' ? 'overrides.' : ''}${t.path} = ${value}`, games, seed };
}

/** Every case of the full sweep for the given systems (all when none), in a fixed order. */
export function sweepCases(systems?: readonly string[], games = 2): ExtremeCase[] {
  const out: ExtremeCase[] = [];
  for (const file of bundledScenarios()) {
    const id = relative(`${ROOT}/scenarios`, file).split('/')[0];
    if (systems && !systems.includes(id)) continue;
    for (const t of targetsOf(file)) for (const v of extremesOf(t)) out.push(caseOf(t, v, 1 + out.length, games));
  }
  return out;
}

/** A short name of a case for reports: scenario file and label. */
export function caseName(c: ExtremeCase): string {
  return `${relative(`${ROOT}/scenarios`, c.file)}: ${c.label}`;
}
