/**
 * scripts/bind-imports.mjs, the build's last step: imports of bindings that never change become
 * module-local consts; everything a program can observe stays as tsc wrote it. Checked on small
 * fixture modules (each case of the rules in the script's header) and on the real build.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bundled.ts';
// @ts-expect-error: a plain .mjs build script, without type declarations
import { bindImports } from '../../scripts/bind-imports.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-bind-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function write(dir: string, files: Record<string, string>): void {
  mkdirSync(join(dir, 'lib'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

const FIXTURE: Record<string, string> = {
  'consts.js': "export const K = { leg: 3 };\nexport let counter = 0;\nexport function bump() { counter++; }\nexport class Box { constructor(v) { this.v = v; } }\nexport default 42;\n",
  'lib/index.js': "export * from './shapes.js';\nexport { K as Kinds } from '../consts.js';\n",
  'lib/shapes.js': 'export const area = (r) => 3 * r * r;\nexport var mutableVar = 1;\n',
  // a cycle: a.js <-> b.js (neither is rewritten; main.js, outside it, may bind what it imports from it)
  'a.js': "import { fromB } from './b.js';\nexport const fromA = 1;\nexport const sum = () => fromB + fromA;\n",
  'b.js': "import { fromA } from './a.js';\nexport const fromB = 2;\nexport const twice = () => 2 * fromA;\n",
  'main.js': [
    "import answer, { K, counter, bump, Box } from './consts.js';",
    'import {',
    '  area,',
    '  Kinds as KK,',
    '  mutableVar,',
    "} from './lib/index.js';",
    "import * as ns from './consts.js';",
    "import { sum } from './a.js';",
    "import { readFileSync } from 'node:fs';",
    'export function report() {',
    '  bump();',
    '  return [answer, K.leg, KK.leg, counter, new Box(5).v, area(2), mutableVar, ns.K.leg, sum(), typeof readFileSync, new Error().stack.split("\\n")[1].match(/main\\.js:(\\d+)/)[1]];',
    '}',
    '',
  ].join('\n'),
};

describe('bind-imports (build step)', () => {
  it('binds const, function and class imports (through re-exports) and leaves everything else as tsc wrote it', async () => {
    const plain = join(tmp, 'plain');
    const bound = join(tmp, 'bound');
    write(plain, FIXTURE);
    write(bound, FIXTURE);
    const r = bindImports(bound);
    expect(r.cyclic.map((f: string) => f.slice(bound.length + 1)).sort()).toEqual(['a.js', 'b.js']);
    const main = readFileSync(join(bound, 'main.js'), 'utf8');
    // the fixed bindings are local consts now ...
    expect(main).toContain("import answer, { counter, K as K__bound, bump as bump__bound, Box as Box__bound } from './consts.js'; const K = K__bound, bump = bump__bound, Box = Box__bound;");
    expect(main).toMatch(/import \{ mutableVar, area as area__bound, Kinds as KK__bound \} from '.\/lib\/index.js'; const area = area__bound, KK = KK__bound;\n{5}/);
    // (a module outside the cycle runs after the whole cycle has been evaluated: it may bind)
    expect(main).toContain("import { sum as sum__bound } from './a.js'; const sum = sum__bound;");
    // ... while `let`, `var`, default, namespace, package imports and the cycle's own modules are untouched
    expect(main).toContain("import * as ns from './consts.js';");
    expect(main).toContain("import { readFileSync } from 'node:fs';");
    expect(readFileSync(join(bound, 'a.js'), 'utf8')).toBe(FIXTURE['a.js']);
    expect(r.bound).toBe(6);
    // same results, the live `counter` binding included, and the same line numbers in stack traces
    const before = (await import(pathToFileURL(join(plain, 'main.js')).href)).report();
    const after = (await import(pathToFileURL(join(bound, 'main.js')).href)).report();
    expect(after).toEqual(before);
    expect(before[3]).toBe(1);
    // idempotent: a second pass finds nothing left to bind
    expect(bindImports(bound).bound).toBe(0);
    expect(readFileSync(join(bound, 'main.js'), 'utf8')).toBe(main);
  });

  it('the build binds the hot modules (npm run build ends with it)', () => {
    const engine = readFileSync(join(ROOT, 'dist', 'systems', 'mgv', 'decisions', 'move.js'), 'utf8');
    expect(engine).toMatch(/import \{[^}]*\bK as K__bound\b[^}]*\} from '\.\.\/actions\.js'; const [^;]*\bK = K__bound\b/);
  });
});
