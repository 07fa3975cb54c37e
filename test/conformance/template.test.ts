/**
 * The copy test: a system built by copying src/systems/duel/ into a fresh folder, with its id
 * renamed in index.ts and nothing else changed, registered by one line, passes the whole battery
 * and typechecks with no cast. Copying duel is therefore a working start for a new system.
 *
 * The copy lives in src/systems/.<id>/ (a dot folder: tsc's and vitest's globs never pick it up,
 * so a parallel run cannot see a half-written copy) under a name unique to this process, and is
 * removed in afterAll. Its scenario and its tests are copied into the same folder. Workers rebuild
 * the real registry by id, so determinism is checked inline at two batch sizes only (duel itself
 * is checked on 1 and 2 workers by registry.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AnySystem } from '../../src/core/system.ts';
import { ROOT } from '../helpers/bundled.ts';
import { checkConformance } from './battery.ts';
import { extras } from './registry-mock.ts';

vi.mock('../../src/systems/index.ts', async (real) => (await import('./registry-mock.ts')).withExtras(await real()));

const ID = `duelcopy${process.pid}x${Date.now().toString(36)}`;
const DIR = join(ROOT, 'src', 'systems', `.${ID}`);

function makeCopy(): void {
  cpSync(join(ROOT, 'src', 'systems', 'duel'), DIR, { recursive: true });
  const index = join(DIR, 'index.ts');
  const text = readFileSync(index, 'utf8');
  expect(text.match(/id: 'duel'/g), "duel's index.ts names its id once, as id: 'duel'").toHaveLength(1);
  writeFileSync(index, text.replace("id: 'duel'", `id: '${ID}'`));
  // What a new system's author adds beside the folder: a bundled scenario and the tests.
  mkdirSync(join(DIR, 'scenarios'));
  const scenario = readFileSync(join(ROOT, 'scenarios', 'duel', 'high-noon.yaml'), 'utf8');
  writeFileSync(join(DIR, 'scenarios', 'high-noon.yaml'), scenario.replace(/^system: duel$/m, `system: ${ID}`));
  cpSync(join(ROOT, 'test', 'systems', 'duel'), join(DIR, 'test'), { recursive: true });
}

/** `x as T` casts in code (comments, strings and import/export renames are not casts; `as const` is fine). */
function casts(code: string): string[] {
  const stripped = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''")
    .replace(/^\s*import\b[^;]*;/gm, '')
    .replace(/^\s*export\s+(type\s+)?\{[^}]*\}\s*from[^;]*;/gm, '');
  return stripped.match(/\bas\s+(?!const\b)[A-Za-z_{[(][^;,)]*/g) ?? [];
}

afterAll(() => {
  rmSync(DIR, { recursive: true, force: true });
  expect(existsSync(DIR)).toBe(false);
});

describe('a copy of duel', () => {
  it('registered by one line, passes the whole conformance battery', async () => {
    makeCopy();
    const { system } = await import(join(DIR, 'index.ts'));
    const copy: AnySystem = system;
    expect(copy.info.id).toBe(ID);
    extras.push(copy); // the one registry line: the registry + the copy
    const problems = await checkConformance(copy, {
      systemDir: DIR,
      scenarioDir: join(DIR, 'scenarios'),
      testsDir: join(DIR, 'test'),
      workers: false,
    });
    expect(problems).toEqual([]);
  });

  it('typechecks on its own with no cast', () => {
    if (!existsSync(DIR)) makeCopy();
    expect(casts('const a = b as Foo; const c = [1] as const; // x as Y')).toEqual(['as Foo']);
    const files = readdirSync(DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.startsWith('test'));
    for (const f of files) {
      expect(casts(readFileSync(join(DIR, f), 'utf8')), `${f} casts`).toEqual([]);
    }
    const config = join(DIR, 'tsconfig.json');
    writeFileSync(config, JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), compilerOptions: { noEmit: true }, include: ['./*.ts', './**/*.ts'], exclude: ['./test'] }));
    const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
    let out = '';
    try {
      execFileSync(tsc, ['-p', config], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      out = `${err.stdout ?? ''}${err.stderr ?? ''}`;
    }
    expect(out).toBe('');
  });
});
