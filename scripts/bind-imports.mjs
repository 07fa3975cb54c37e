#!/usr/bin/env node
/**
 * The build's last step (`npm run build`, after the two `tsc` passes): in every compiled module of dist/,
 * each named import of a constant, function or class from another module of dist/ is bound once
 * to a module-local const:
 *
 *   import { K, roll } from './actions.js';
 *     becomes
 *   import { K as K__bound, roll as roll__bound } from './actions.js'; const K = K__bound, roll = roll__bound;
 *
 * Why: V8 (Node 20) reads an imported binding through the exporting module's cell, with a hole
 * check, at every use, and does not fold it the way it folds a module-local const. Hot loops that
 * read the action codec, rule constants and geometry helpers at every step pay for it: bound, the
 * MGV heuristics bench runs 7% faster, Panzer Vor! random 7%, AT-43 heuristics 6% (README,
 * "Speed"). The sources keep plain imports; only the compiled output changes, and nothing a
 * program can observe does:
 *  - only bindings that can never change are bound: `export const`, `export function`,
 *    `export class` (TypeScript rejects assigning to any of them), followed through re-exports;
 *  - a module in an import cycle is left alone: its body may run before a module it imports has
 *    been evaluated, where a const copy would read an uninitialised binding;
 *  - the import keeps its line (the consts follow it on the same line), so stack traces point at
 *    the same lines as tsc's output.
 * The pass is idempotent (a bound import is recognised by its `__bound` names).
 *
 * Usage: node scripts/bind-imports.mjs [dist-folder]   (prints what it bound)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'acorn';

const SUFFIX = '__bound';

function jsFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...jsFiles(p));
    else if (e.name.endsWith('.js')) out.push(p);
  }
  return out;
}

/** The module file a relative specifier names (undefined for packages and node: modules). */
function target(from, spec, modules) {
  if (!spec.startsWith('.')) return undefined;
  const p = resolve(dirname(from), spec);
  return modules.has(p) ? p : undefined;
}

/** Parsed facts of one module: its imports, exports and the kinds of its top-level bindings. */
function analyse(file, code) {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const kinds = new Map(); // top-level local name -> 'const' | 'function' | 'class' | 'mutable' | { import: [spec, name] }
  const exports = new Map(); // exported name -> local name, or { from: spec, name }
  const stars = []; // export * from spec
  const deps = new Set(); // every static specifier
  const imports = []; // ImportDeclaration nodes
  const declare = (decl) => {
    if (decl.type === 'VariableDeclaration') {
      for (const d of decl.declarations) for (const n of namesOf(d.id)) kinds.set(n, decl.kind === 'const' ? 'const' : 'mutable');
    } else if (decl.type === 'FunctionDeclaration') kinds.set(decl.id.name, 'function');
    else if (decl.type === 'ClassDeclaration') kinds.set(decl.id.name, 'class');
  };
  for (const node of ast.body) {
    switch (node.type) {
      case 'ImportDeclaration':
        deps.add(node.source.value);
        imports.push(node);
        for (const s of node.specifiers) kinds.set(s.local.name, { import: [node.source.value, s.type === 'ImportSpecifier' ? importedName(s) : undefined] });
        break;
      case 'ExportNamedDeclaration':
        if (node.source) {
          deps.add(node.source.value);
          for (const s of node.specifiers) exports.set(s.exported.name ?? s.exported.value, { from: node.source.value, name: s.local.name ?? s.local.value });
        } else if (node.declaration) {
          declare(node.declaration);
          const d = node.declaration;
          const names = d.type === 'VariableDeclaration' ? d.declarations.flatMap((x) => namesOf(x.id)) : [d.id.name];
          for (const n of names) exports.set(n, n);
        } else for (const s of node.specifiers) exports.set(s.exported.name ?? s.exported.value, s.local.name);
        break;
      case 'ExportAllDeclaration':
        deps.add(node.source.value);
        if (!node.exported) stars.push(node.source.value);
        break;
      case 'ExportDefaultDeclaration':
        exports.set('default', 'default');
        kinds.set('default', 'mutable');
        break;
      default:
        if (node.type === 'VariableDeclaration' || node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') declare(node);
    }
  }
  return { file, code, kinds, exports, stars, deps, imports };
}

function importedName(s) {
  return s.imported.name ?? s.imported.value;
}

function namesOf(pattern) {
  if (pattern.type === 'Identifier') return [pattern.name];
  if (pattern.type === 'ObjectPattern') return pattern.properties.flatMap((p) => namesOf(p.type === 'RestElement' ? p.argument : p.value));
  if (pattern.type === 'ArrayPattern') return pattern.elements.filter(Boolean).flatMap((e) => namesOf(e.type === 'RestElement' ? e.argument : e));
  if (pattern.type === 'AssignmentPattern') return namesOf(pattern.left);
  return [];
}

/** Tarjan's strongly connected components: the set of files that sit in an import cycle. */
function filesInCycles(mods) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cyclic = new Set();
  let next = 0;
  const edges = (f) => [...mods.get(f).deps].map((d) => target(f, d, mods)).filter(Boolean);
  const visit = (f) => {
    index.set(f, next);
    low.set(f, next++);
    stack.push(f);
    onStack.add(f);
    for (const g of edges(f)) {
      if (!index.has(g)) {
        visit(g);
        low.set(f, Math.min(low.get(f), low.get(g)));
      } else if (onStack.has(g)) low.set(f, Math.min(low.get(f), index.get(g)));
    }
    if (low.get(f) === index.get(f)) {
      const scc = [];
      let g;
      do {
        g = stack.pop();
        onStack.delete(g);
        scc.push(g);
      } while (g !== f);
      if (scc.length > 1 || edges(f).includes(f)) for (const x of scc) cyclic.add(x);
    }
  };
  for (const f of mods.keys()) if (!index.has(f)) visit(f);
  return cyclic;
}

/** Whether export `name` of module `file` is a binding that never changes (followed through re-exports). */
function isFixed(mods, file, name, seen = new Set()) {
  const key = `${file}#${name}`;
  if (seen.has(key)) return false;
  seen.add(key);
  const m = mods.get(file);
  const e = m.exports.get(name);
  if (e === undefined) {
    // export * from ...: exactly one star source may provide it
    const found = m.stars.map((s) => target(file, s, mods)).filter((t) => t && (mods.get(t).exports.has(name) || mods.get(t).stars.length));
    const fixed = found.filter((t) => isFixed(mods, t, name, seen));
    return fixed.length === 1 && found.length === 1;
  }
  if (typeof e === 'object') {
    const t = target(file, e.from, mods);
    return t !== undefined && isFixed(mods, t, e.name, seen);
  }
  const k = m.kinds.get(e);
  if (k === 'const' || k === 'function' || k === 'class') return true;
  if (typeof k === 'object' && k.import[1] !== undefined) {
    const t = target(file, k.import[0], mods);
    return t !== undefined && isFixed(mods, t, k.import[1], seen);
  }
  return false;
}

/** Binds the fixed imports of every module of `dir` in place; returns counts for the build's log. */
export function bindImports(dir) {
  const mods = new Map();
  for (const f of jsFiles(resolve(dir))) mods.set(f, null);
  for (const f of mods.keys()) mods.set(f, analyse(f, readFileSync(f, 'utf8')));
  const cyclic = filesInCycles(mods);
  let bound = 0;
  let files = 0;
  for (const m of mods.values()) {
    if (cyclic.has(m.file)) continue;
    const edits = [];
    for (const imp of m.imports) {
      const t = target(m.file, imp.source.value, mods);
      if (t === undefined || imp.specifiers.some((s) => s.type === 'ImportNamespaceSpecifier')) continue;
      const keep = [];
      const take = [];
      for (const s of imp.specifiers) {
        if (s.type === 'ImportSpecifier' && !s.local.name.endsWith(SUFFIX) && isFixed(mods, t, importedName(s))) take.push(s);
        else keep.push(s);
      }
      if (take.length === 0) continue;
      for (const s of take) if (m.code.includes(s.local.name + SUFFIX)) throw new Error(`${m.file}: '${s.local.name}${SUFFIX}' is already a name there`);
      const named = keep.filter((s) => s.type === 'ImportSpecifier').map((s) => (importedName(s) === s.local.name ? s.local.name : `${importedName(s)} as ${s.local.name}`));
      for (const s of take) named.push(`${importedName(s)} as ${s.local.name}${SUFFIX}`);
      const def = keep.find((s) => s.type === 'ImportDefaultSpecifier');
      const clause = `${def ? `${def.local.name}, ` : ''}{ ${named.join(', ')} }`;
      const lines = m.code.slice(imp.start, imp.end).split('\n').length - 1;
      const text = `import ${clause} from '${imp.source.value}'; const ${take.map((s) => `${s.local.name} = ${s.local.name}${SUFFIX}`).join(', ')};` + '\n'.repeat(lines);
      edits.push([imp.start, imp.end, text]);
      bound += take.length;
    }
    if (edits.length === 0) continue;
    let code = m.code;
    for (const [a, b, text] of edits.reverse()) code = code.slice(0, a) + text + code.slice(b);
    writeFileSync(m.file, code);
    files++;
  }
  return { modules: mods.size, cyclic: [...cyclic], files, bound };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const r = bindImports(dir);
  console.log(`bind-imports: ${r.bound} imports bound to module-local consts in ${r.files} of ${r.modules} modules (${r.cyclic.length} in import cycles left as they are)`);
}
