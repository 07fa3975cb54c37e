/**
 * The import graph of src/: every module's runtime imports (static `import`/`export ... from`,
 * and dynamic `import('...')` apart), read from the TypeScript sources. Type-only imports
 * (`import type`, `export type`) are erased by tsc and
 * never run, so they are left out; `import { type A }` still loads its module (tsc emits `import {}`).
 *
 * Run as a script to print the graph's cycles and layer violations:
 *   npx tsx test/architecture/import-graph.ts
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

export interface ModuleImports {
  /** Static runtime imports: evaluated before the module's body (these make load-order cycles). */
  readonly staticImports: string[];
  /** `import('...')` of a relative module: loaded when the code runs. */
  readonly dynamicImports: string[];
}

/** Module path relative to src/, with forward slashes: 'answers/sprt.ts'. */
export type ModuleId = string;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Removes comments (block and line) while leaving string literals intact. */
export function stripComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const n = text[i + 1];
    if (c === '/' && n === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '/' && n === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * Is this import/export clause erased by tsc? Under `verbatimModuleSyntax` only `import type` and
 * `export type` are: `import { type A } from 'x'` is emitted as `import {} from 'x'`, which loads x.
 */
function typeOnly(clause: string): boolean {
  return /^type\s/.test(clause.trim());
}

export function parseImports(text: string): { statics: string[]; dynamics: string[] } {
  const code = stripComments(text);
  const statics: string[] = [];
  const dynamics: string[] = [];
  const stmt = /(^|[\n;])\s*(import|export)\s+([^;]*?)\s+from\s+['"]([^'"]+)['"]/g;
  for (let m = stmt.exec(code); m; m = stmt.exec(code)) {
    if (!typeOnly(m[3])) statics.push(m[4]);
  }
  const bare = /(^|[\n;])\s*import\s+['"]([^'"]+)['"]/g;
  for (let m = bare.exec(code); m; m = bare.exec(code)) statics.push(m[2]);
  const dyn = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (let m = dyn.exec(code); m; m = dyn.exec(code)) dynamics.push(m[1]);
  return { statics, dynamics };
}

/** Every module of src/ with its runtime imports of other src/ modules. */
export function importGraph(root = SRC): Map<ModuleId, ModuleImports> {
  const graph = new Map<ModuleId, ModuleImports>();
  const id = (abs: string): ModuleId => relative(root, abs).split(sep).join('/');
  for (const file of walk(root)) {
    const { statics, dynamics } = parseImports(readFileSync(file, 'utf8'));
    const local = (spec: string): string[] => (spec.startsWith('.') ? [id(resolve(dirname(file), spec.replace(/\.js$/, '.ts')))] : []);
    graph.set(id(file), { staticImports: [...new Set(statics.flatMap(local))], dynamicImports: [...new Set(dynamics.flatMap(local))] });
  }
  return graph;
}

/** Strongly connected components of more than one module (or a module importing itself): Tarjan. */
export function staticCycles(graph: ReadonlyMap<ModuleId, ModuleImports>): ModuleId[][] {
  let index = 0;
  const idx = new Map<ModuleId, number>();
  const low = new Map<ModuleId, number>();
  const stack: ModuleId[] = [];
  const on = new Set<ModuleId>();
  const out: ModuleId[][] = [];
  const visit = (v: ModuleId): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v)?.staticImports ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: ModuleId[] = [];
      let w: ModuleId;
      do {
        w = stack.pop()!;
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || graph.get(v)!.staticImports.includes(v)) out.push(comp.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}

/** The layer of a module: its first folder under src/ ('core', 'answers', 'systems', ...; 'index.ts' is 'index'). */
export function layerOf(m: ModuleId): string {
  const slash = m.indexOf('/');
  return slash < 0 ? m.replace(/\.ts$/, '') : m.slice(0, slash);
}

/**
 * A layer rule: modules of `from` never import (statically or dynamically) modules of any layer in
 * `not`, except the leaf modules named in `except`.
 */
export interface LayerRule {
  readonly from: string;
  readonly not: readonly string[];
  readonly except?: readonly ModuleId[];
}

export const LAYER_RULES: readonly LayerRule[] = [
  { from: 'core', not: ['agents', 'app', 'answers', 'run', 'report', 'cli', 'systems', 'analysis', 'scenario', 'odds', 'lab'] },
  { from: 'run', not: ['app', 'answers', 'report', 'cli', 'lab'] },
  { from: 'answers', not: ['app', 'cli', 'lab'] },
  // Pure statistics: words for people come from the leaf report/text.ts only.
  { from: 'analysis', not: ['answers', 'app', 'cli', 'report', 'lab'], except: ['report/text.ts'] },
  { from: 'report', not: ['app', 'cli', 'lab'] },
  // The lab sits above app/: it calls what the command line calls, and nothing below it knows it exists.
  { from: 'app', not: ['cli', 'lab'] },
  { from: 'agents', not: ['lab'] },
  { from: 'scenario', not: ['lab'] },
  { from: 'odds', not: ['lab'] },
  { from: 'systems', not: ['lab'] },
];

export interface Violation {
  readonly from: ModuleId;
  readonly to: ModuleId;
  readonly kind: 'static' | 'dynamic';
}

export function layerViolations(graph: ReadonlyMap<ModuleId, ModuleImports>, rules: readonly LayerRule[] = LAYER_RULES): Violation[] {
  const out: Violation[] = [];
  for (const [from, imps] of graph) {
    const rule = rules.find((r) => r.from === layerOf(from));
    if (!rule) continue;
    for (const [kind, list] of [['static', imps.staticImports], ['dynamic', imps.dynamicImports]] as const) {
      for (const to of list) if (rule.not.includes(layerOf(to)) && !rule.except?.includes(to)) out.push({ from, to, kind });
    }
  }
  return out.sort((a, b) => (a.from + a.to < b.from + b.to ? -1 : 1));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const g = importGraph();
  const cycles = staticCycles(g);
  console.log(`${g.size} modules; ${cycles.length} runtime import cycles`);
  for (const c of cycles) console.log(`  cycle: ${c.join(' <-> ')}`);
  for (const v of layerViolations(g)) console.log(`  layer: ${v.from} -> ${v.to} (${v.kind})`);
}
