/**
 * The package as a user gets it: `npm pack`, then the tarball installed by real npm (`npm install
 * <tarball> --offline`) into a fresh project, from the npm cache that `npm ci` filled: no symlink
 * into this checkout, nothing fetched. Then the README's library block is run as written, the
 * complete examples in TypeScript (type-checked against the shipped .d.ts files, run with tsx) and
 * plain JavaScript, and the command line of the installed package.
 *
 * Why the fresh project starts with a lockfile: npm 11 resolves a version range with the full
 * packument (`application/json`), while `npm ci` caches only the abbreviated one, so no fresh
 * resolution can run offline from that cache. The project's package-lock.json is therefore seeded
 * with the versions salvo's own lockfile resolved (its production part, nothing else: salvo itself
 * is not in it), and `npm install <tarball>` installs salvo and satisfies its dependencies from
 * them. That the same ranges resolve online to packages the registry serves (no pin needed, issue
 * 21 item 1) is the dependency choice written up in the README's "Dependencies and why".
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bundled.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-pack-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const proj = join(tmp, 'project');
let tarball = '';

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 240_000, env: { ...process.env, NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
  return { code: r.status ?? -1, out: `${r.stdout ?? ''}${r.stderr ?? ''}`, stdout: r.stdout ?? '' };
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  [k: string]: unknown;
}

/** A lockfile for a fresh project holding salvo's production dependencies (and, for the TypeScript check, @types/node) at salvo's locked versions. */
function seededLock(): unknown {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const wanted = (path: string, e: LockEntry): boolean => !e.dev || /^node_modules\/(@types\/node|undici-types)$/.test(path);
  const packages: Record<string, LockEntry> = {};
  for (const [path, e] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || !wanted(path, e)) continue;
    const { dev: _dev, devOptional: _devOptional, ...rest } = e;
    packages[path] = rest;
  }
  const typesNode = lock.packages['node_modules/@types/node'].version!;
  return { name: 'salvo-user', version: '1.0.0', lockfileVersion: 3, requires: true, packages: { '': { name: 'salvo-user', version: '1.0.0', devDependencies: { '@types/node': typesNode } }, ...packages } };
}

beforeAll(() => {
  const build = run(process.execPath, [join(ROOT, 'scripts', 'build-if-stale.mjs')], ROOT);
  expect(build.code, build.out).toBe(0);
  const pack = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], ROOT);
  expect(pack.code, pack.out).toBe(0);
  tarball = join(tmp, readdirSync(tmp).find((f) => f.endsWith('.tgz'))!);
  mkdirSync(proj, { recursive: true });
  const lock = seededLock() as { packages: Record<string, { devDependencies?: Record<string, string> }> };
  writeFileSync(join(proj, 'package.json'), JSON.stringify({ name: 'salvo-user', version: '1.0.0', private: true, type: 'module', devDependencies: lock.packages[''].devDependencies }, null, 2));
  writeFileSync(join(proj, 'package-lock.json'), JSON.stringify(lock, null, 2));
  const install = run('npm', ['install', tarball, '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], proj);
  expect(install.code, install.out).toBe(0);
  writeFileSync(join(proj, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2023', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: ['node'], noEmit: true, skipLibCheck: false }, files: ['example.ts'] }));
  copyFileSync(join(ROOT, 'docs', 'examples', 'library.ts'), join(proj, 'example.ts'));
  copyFileSync(join(ROOT, 'docs', 'examples', 'library.mjs'), join(proj, 'example.mjs'));
}, 300_000);

/** The README's "As a library" section. */
function librarySection(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## As a library');
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
}

describe('the packed package', () => {
  it('is installed by npm from its tarball, offline, into a fresh project: real folders, no link into the checkout', () => {
    const pkgDir = join(proj, 'node_modules', 'salvo');
    expect(lstatSync(pkgDir).isSymbolicLink()).toBe(false);
    const pkg = JSON.parse(readFileSync(join(proj, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies.salvo).toMatch(/^file:.*salvo-[\d.]+\.tgz$/);
    const salvoPkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const dep of Object.keys(salvoPkg.dependencies)) {
      const dir = join(proj, 'node_modules', dep);
      expect(existsSync(dir), dep).toBe(true);
      expect(lstatSync(dir).isSymbolicLink(), dep).toBe(false);
    }
    // arquero is held at 8.0.1, whose flechette 1.x needs no @uwdata/wk-geojson (the package the
    // registry does not serve, which made npm i fail for users: issue 21 item 1).
    expect(salvoPkg.dependencies.arquero).toBe('8.0.1');
    const flechette = JSON.parse(readFileSync(join(proj, 'node_modules', '@uwdata', 'flechette', 'package.json'), 'utf8')) as { version: string };
    expect(flechette.version).toMatch(/^1\./);
    expect(existsSync(join(proj, 'node_modules', '@uwdata', 'wk-geojson'))).toBe(false);
  });

  it('ships the built code, its declarations, the schemas, the bundled scenarios and the docs, and no sources or tests', () => {
    const pkgDir = join(proj, 'node_modules', 'salvo');
    for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/run/worker.js', 'bin/salvo.js', 'schemas/panzervor.scenario.schema.json', 'scenarios/duel/high-noon.yaml', 'experiments/duel-house-rules.yaml']) expect(existsSync(join(pkgDir, f)), f).toBe(true);
    for (const f of ['src', 'test', 'node_modules']) expect(existsSync(join(pkgDir, f)), f).toBe(false);
    // Every docs/ file the README's library section points to ships.
    const docs = [...librarySection().matchAll(/`(docs\/[\w./-]+?)`/g)].map((m) => m[1]);
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) expect(existsSync(join(pkgDir, d)), d).toBe(true);
  });

  it("the README's library block runs as written (ESM, Node 20.19, bundled scenarios through the package)", () => {
    const section = librarySection();
    expect(section).toMatch(/ESM only/);
    expect(section).toMatch(/20\.19/);
    const block = /```js\n([\s\S]*?)```/.exec(section)![1];
    writeFileSync(join(proj, 'readme.mjs'), block);
    const r = run(process.execPath, ['readme.mjs'], proj);
    expect(r.code, r.out).toBe(0);
    expect(r.stdout).toMatch(/wins \d+\.\d% \(\d+\.\d–\d+\.\d\) of 4000 games/);
    expect(r.stdout).toMatch(/\d+ exact odds, the first \d+/);
    expect(existsSync(join(proj, 'reports', 'high-noon', 'report.html'))).toBe(true);
    // CommonJS: require fails (top-level await), await import works, as the README says.
    writeFileSync(join(proj, 'cjs.cjs'), "try { require('salvo'); console.log('required'); } catch (e) { console.log(e.code); }\nimport('salvo').then((s) => console.log(typeof s.bundledScenario));\n");
    const cjs = run(process.execPath, ['cjs.cjs'], proj);
    expect(cjs.stdout.trim().split('\n')).toEqual(['ERR_REQUIRE_ASYNC_MODULE', 'function']);
  });

  it('the TypeScript example type-checks against the shipped declarations', () => {
    const r = run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(proj, 'tsconfig.json')], proj);
    expect(r.out).toBe('');
    expect(r.code).toBe(0);
  });

  it.each([
    ['TypeScript', [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'example.ts']],
    ['plain JavaScript', ['example.mjs']],
  ])('the %s example runs: validates, plays with progress, exact odds, writes a report', (_lang, args) => {
    const out = join(tmp, `report-${args.length}`);
    const r = run(process.execPath, [...args, out], proj);
    expect(r.code, r.out).toBe(0);
    expect(r.stdout).toMatch(/systems: duel, .*; scenario: High noon/);
    expect(r.stdout).toMatch(/wins \d+\.\d% \[\d+\.\d, \d+\.\d\] after 400 games; progress calls true/);
    expect(r.stdout).toMatch(/odds: \d+ cells, first \d+\/\d+|odds: \d+ cells, first \d+/);
    expect(existsSync(join(out, 'report.html'))).toBe(true);
    expect(existsSync(join(out, 'summary.json'))).toBe(true);
  });

  it('the command line works from the installed package (its bin link)', () => {
    const r = run(join(proj, 'node_modules', '.bin', 'salvo'), ['validate', join(proj, 'node_modules', 'salvo', 'scenarios', 'duel', 'high-noon.yaml')], proj);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^ok: /);
  });
});
