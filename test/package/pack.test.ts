/**
 * The package as a user gets it: `npm pack`, the tarball installed into a fresh temporary project
 * (unpacked as npm does into node_modules/salvo; its dependencies resolved, offline, from this
 * checkout's node_modules through one symlink per dependency, so nothing is fetched and npm never
 * touches the shared node_modules), then the README's library example run in TypeScript
 * (type-checked against the shipped .d.ts files, run with tsx) and in plain JavaScript.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bundled.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-pack-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const proj = join(tmp, 'project');

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 240_000, env: { ...process.env, NO_COLOR: '1', npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' } });
  return { code: r.status ?? -1, out: `${r.stdout ?? ''}${r.stderr ?? ''}`, stdout: r.stdout ?? '' };
}

beforeAll(() => {
  const build = run(process.execPath, [join(ROOT, 'scripts', 'build-if-stale.mjs')], ROOT);
  expect(build.code, build.out).toBe(0);
  const pack = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], ROOT);
  expect(pack.code, pack.out).toBe(0);
  const tarball = join(tmp, readdirSync(tmp).find((f) => f.endsWith('.tgz'))!);
  const pkgDir = join(proj, 'node_modules', 'salvo');
  mkdirSync(pkgDir, { recursive: true });
  const untar = run('tar', ['xzf', tarball, '-C', pkgDir, '--strip-components=1'], tmp);
  expect(untar.code, untar.out).toBe(0);
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dep of [...Object.keys(pkg.dependencies), '@types/node']) {
    const link = join(proj, 'node_modules', dep);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dep), link, 'dir');
  }
  writeFileSync(join(proj, 'package.json'), JSON.stringify({ name: 'salvo-user', version: '1.0.0', private: true, type: 'module', dependencies: { salvo: `file:${tarball}` } }, null, 2));
  writeFileSync(join(proj, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2023', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: ['node'], noEmit: true, skipLibCheck: false }, files: ['example.ts'] }));
  copyFileSync(join(ROOT, 'docs', 'examples', 'library.ts'), join(proj, 'example.ts'));
  copyFileSync(join(ROOT, 'docs', 'examples', 'library.mjs'), join(proj, 'example.mjs'));
}, 240_000);

describe('the packed package', () => {
  it('ships the built code, its declarations, the schemas and the bundled scenarios, and no sources or tests', () => {
    const pkgDir = join(proj, 'node_modules', 'salvo');
    for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/run/worker.js', 'bin/salvo.js', 'schemas/panzervor.scenario.schema.json', 'scenarios/duel/high-noon.yaml']) expect(existsSync(join(pkgDir, f)), f).toBe(true);
    for (const f of ['src', 'test', 'node_modules']) expect(existsSync(join(pkgDir, f)), f).toBe(false);
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

  it('the command line works from the installed package', () => {
    const r = run(process.execPath, [join(proj, 'node_modules', 'salvo', 'bin', 'salvo.js'), 'validate', join(proj, 'node_modules', 'salvo', 'scenarios', 'duel', 'high-noon.yaml')], proj);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^ok: /);
  });
});
