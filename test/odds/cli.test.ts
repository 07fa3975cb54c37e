/**
 * salvo odds / cards / setup: the command functions through commander (in process, with the
 * same error handling as src/cli/main.ts: InputError -> one message, exit code 2), and the real
 * binary once src/cli/main.ts registers the three commands.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { register as registerCards } from '../../src/cli/commands/cards.ts';
import { register as registerOdds } from '../../src/cli/commands/odds.ts';
import { register as registerSetup } from '../../src/cli/commands/setup.ts';
import { InputError } from '../../src/scenario/errors.ts';
import { salvo } from '../helpers/cli.ts';
import { ROOT } from '../helpers/bundled.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-odds-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs the three commands in process; returns what main.ts would print and its exit code. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const program = new Command().exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  registerOdds(program);
  registerCards(program);
  registerSetup(program);
  let stdout = '';
  const write = process.stdout.write.bind(process.stdout);
  (process.stdout as { write: unknown }).write = (chunk: string) => {
    stdout += chunk;
    return true;
  };
  try {
    await program.parseAsync(['node', 'salvo', ...args]);
    return { code: 0, stdout, stderr: '' };
  } catch (e) {
    if (e instanceof InputError) return { code: 2, stdout, stderr: `error: ${e.message}\n` };
    if (e instanceof CommanderError) return { code: e.exitCode === 0 ? 0 : 2, stdout, stderr: e.message };
    throw e;
  } finally {
    (process.stdout as { write: unknown }).write = write;
  }
}

describe('salvo odds (in process)', () => {
  it('no mechanic: lists the mechanics and their parameters', async () => {
    const r = await cli(['odds', 'ww2setup']);
    expect(r.code).toBe(0);
    for (const m of ['summary', 'setup', 'air-superiority', 'airstrikes', 'barrages', 'defensive-works', 'proximity', 'lull', 'lull-features', 'compare']) expect(r.stdout).toMatch(new RegExp(`^${m}$`, 'm'));
    expect(r.stdout).toMatch(/--param units=20\s+N, sub-units on the battlefield/);
  });

  it('table, json and csv formats; --param; --exact', async () => {
    const t = await cli(['odds', 'ww2setup', 'barrages', '--param', 'units=22']);
    expect(t.stdout).toMatch(/Barrages per side, N = 22 sub-units/);
    expect(t.stdout).toMatch(/MajorOffensive\s+Attacker\s+4\s+6\s+7\s+10\s+13\s+15\s+9\.167/);
    const j = JSON.parse((await cli(['odds', 'ww2setup', 'barrages', '-p', 'units=22', '--format', 'json'])).stdout);
    expect(j.rows.find((r: any) => r.intensity === 'MajorOffensive' && r.role === 'Attacker' && r.column === 'mean')).toMatchObject({ exact: '55/6' });
    const c = await cli(['odds', 'ww2setup', 'air-superiority', '--format', 'csv']);
    expect(c.stdout.split('\n')[0]).toBe('system,mechanic,m,column,label,kind,decimal,exact,placeholder,override,was,dependsOn');
    expect((await cli(['odds', 'ww2setup', 'lull', '--exact'])).stdout).toMatch(/^1\s+1\/36\s+1\/36$/m);
  });

  it('--scenario applies the house rules; --out writes the file; html goes to a file', async () => {
    const out = join(tmp, 'tarawa.json');
    const r = await cli(['odds', 'ww2setup', 'summary', '--scenario', 'scenarios/ww2setup/tarawa-1943.yaml', '--format', 'json', '--out', out]);
    expect(r.stdout).toBe(`wrote ${out}\n`);
    const j = JSON.parse(readFileSync(out, 'utf8'));
    expect(j.overrides).toEqual([{ path: 'air.modifiers.Japan.IslandGarrison.1943', value: -2, kind: 'override', ref: 'scenarios/ww2setup/tarawa-1943.yaml' }]);
    const html = join(tmp, 'air.html');
    expect((await cli(['odds', 'ww2setup', 'airstrikes', '--format', 'html', '--out', html])).stdout).toBe(`wrote ${html}\n`);
    const text = readFileSync(html, 'utf8');
    expect(text).not.toMatch(/<script/);
    expect(text).toMatch(/<svg class="odds-chart"/);
  });

  it('bad input: exit 2 and one clear line naming the flag or file', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['odds', 'ww2setp'], /<system>: unknown system 'ww2setp' \(did you mean 'ww2setup'\?\)/],
      [['odds', 'duel', 'hit', '--param', 'aim=9'], /--param aim: expected a number in \[0, 6\], got 9/],
      [['odds', 'ww2setup', 'nope'], /mechanic: unknown mechanic 'nope'/],
      [['odds', 'ww2setup', 'barrages', '--param', 'units'], /--param: expected key=value, got 'units'/],
      [['odds', 'ww2setup', 'barrages', '--param', 'units=-3'], /--param units: expected a number in \[0, 1000\], got -3/],
      [['odds', 'ww2setup', 'barrages', '--format', 'pdf'], /--format: expected one of table, csv, json, html, got 'pdf'/],
      [['odds', 'ww2setup', 'summary', '--scenario', 'missing.yaml'], /missing\.yaml: file not found/],
      [['odds', 'ww2setup', 'summary', '--scenario', 'scenarios/duel/high-noon.yaml'], /system: the scenario is for system 'duel', expected 'ww2setup'/],
      [['cards', 'nosuch'], /unknown system 'nosuch'/],
      [['setup', 'ww3'], /<generator>: unknown set-up generator 'ww3'; expected ww2/],
      [['setup', 'ww2', '--defender', 'Russians'], /--attacker: required/],
      [['setup', 'ww2', '--attacker', 'Germans', '--defender', 'Russians', '--year', '1950'], /--year: expected a year 1939\.\.1945/],
      [['setup', 'ww2', '--attacker', 'Germans', '--defender', 'Russians', '--front', 'Moon'], /--front: unknown front 'Moon'/],
      [['setup', 'ww2', '--attacker', 'Germans', '--defender', 'Russians', '--units', '1,2,3'], /--units: expected 'A,B' or one whole number/],
      [['setup', 'ww2', '--attacker', 'Germans', '--defender', 'Russians', '--option', 'halfDie=sideways'], /--option halfDie: expected one of "up", "down", got "sideways"/],
      [['setup', 'ww2', '--scenario', 'scenarios/ww2setup/kursk-1943.yaml', '--year', '1944'], /--year: give either --scenario or the battle flags, not both/],
    ];
    for (const [args, re] of cases) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(re);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('salvo setup ww2 (in process)', () => {
  it('prints one seeded set-up, the same for the same seed, in the canonical step order', async () => {
    const args = ['setup', 'ww2', '--attacker', 'Germans', '--defender', 'Russians', '--year', '1943', '--front', 'East', '--intensity', 'MajorOffensive', '--units', '12,8', '--seed', '7'];
    const a = await cli(args);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe((await cli(args)).stdout);
    expect(a.stdout).toMatch(/^WWII 1943 set-up: Germans attack Russians, East front 1943, Major Offensive \(seed 7\)$/m);
    const steps = ['1 Attacker', '2 Air superiority', '3 Airstrikes', '4 Barrages', '5 Defensive works', '7 Setup proximity'].map((s) => a.stdout.indexOf(s));
    expect(steps.every((x, i) => x >= 0 && (i === 0 || x > steps[i - 1]))).toBe(true);
    expect((await cli([...args.slice(0, -1), '8'])).stdout).not.toBe(a.stdout);
  });

  it('--json gives the set-up as data; --scenario takes the battle from a file and keeps its options', async () => {
    const j = JSON.parse((await cli(['setup', 'ww2', '--scenario', 'scenarios/ww2setup/sedan-1940.yaml', '--seed', '3', '--json'])).stdout);
    expect(j.plan).toMatchObject({ year: 1940, front: 'West', N: 20, axisMod: 2 });
    expect(j.setup.sides.map((s: any) => s.id)).toEqual(['GER', 'FRA']);
    expect(j.setup.sides[0].barrage.N).toBe(20);
    const k = JSON.parse((await cli(['setup', 'ww2', '--scenario', 'scenarios/ww2setup/sedan-1940.yaml', '--seed', '3', '--json', '--option', 'countAttachedUnits=true'])).stdout);
    expect(k.plan.N).toBe(22);
  });
});

describe('salvo cards (in process)', () => {
  it('writes the poker cards page and the JSON; every value carries its exact fraction in JSON', async () => {
    const dir = join(tmp, 'cards');
    const r = await cli(['cards', 'ww2setup', '--out', dir, '--scenario', 'scenarios/ww2setup/sedan-1940.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ww2setup: 12 tables, \d+ charts on \d+ cards, poker 63 × 88 mm \(printed: \d+ pages of 63 × 88 mm\)$/m);
    const html = readFileSync(join(dir, 'ww2setup-sedan-1940-cards-poker.html'), 'utf8');
    expect(html).toMatch(/@page \{ size: 63mm 88mm; margin: 0; \}/);
    expect(html).toMatch(/† Placeholder values in use/);
    expect(html).toMatch(/nations\.French\.works\.0 \(9 values\)/);
    expect(html).not.toMatch(/<script/);
    const json = JSON.parse(readFileSync(join(dir, 'ww2setup-sedan-1940-cards-poker.json'), 'utf8'));
    expect(json.tables.length).toBeGreaterThanOrEqual(10);
    for (const t of json.tables) for (const row of t.rows) expect(typeof row.exact === 'string' && typeof row.decimal === 'number').toBe(true);
    for (const t of json.tables) expect(t.command).toMatch(/^salvo cards ww2setup [\w-]+( --param \S+)* --scenario scenarios\/ww2setup\/sedan-1940\.yaml$/);
  });

  it('bad input: an unknown size, a parameter no mechanic has, a scenario edit without a scenario', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['cards', 'mgv', '--size', 'poker2'], /--size: expected one of poker, tarot, a6, a4-sheet, got 'poker2' \(did you mean 'poker'\?\)/],
      [['cards', 'mgv', '--param', 'atack=9'], /--param atack: no mechanic on mgv's cards has a parameter 'atack' \(did you mean 'attack'\?\)/],
      [['cards', 'mgv', 'kinetic', '--param', 'error=1'], /--param error: mechanic 'kinetic' has no parameter 'error'/],
      [['cards', 'mgv', '--set', 'scenario.sides.0.id=X'], /--set scenario\.sides\.0\.id: 'scenario\.' edits a scenario file: give --scenario FILE/],
      [['cards', 'mgv', '--set', 'kinetic.dyce=3'], /--set kinetic\.dyce: unknown key 'dyce' at kinetic \(did you mean 'dice'\?\)/],
      [['odds', 'mgv', 'kinetic', '--set', 'kinetic.dice=x'], /--set kinetic\.dice: expected a number, got "x"/],
    ];
    for (const [args, want] of cases) {
      const r = await cli([...args, '--out', join(tmp, 'bad')].filter((a, i, all) => !(args[0] === 'odds' && (a === '--out' || all[i - 1] === '--out'))));
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(want);
    }
  });
});

const built = existsSync(join(ROOT, 'dist', 'cli', 'main.js')) && /commands\/odds/.test(readFileSync(join(ROOT, 'dist', 'cli', 'main.js'), 'utf8'));

describe.skipIf(!built)('the real binary (once main.ts registers odds, cards and setup)', () => {
  it('salvo odds, cards and setup run; bad input exits 2 without a stack trace', () => {
    const o = salvo(['odds', 'ww2setup', 'air-superiority', '--format', 'json']);
    expect(o.code).toBe(0);
    expect(JSON.parse(o.stdout).rows).toHaveLength(130);
    const c = salvo(['cards', 'ww2setup', '--out', join(tmp, 'bin-cards')]);
    expect(c.code).toBe(0);
    expect(existsSync(join(tmp, 'bin-cards', 'ww2setup-cards-poker.html'))).toBe(true);
    const s = salvo(['setup', 'ww2', '--attacker', 'Americans', '--defender', 'Japanese', '--year', '1944', '--front', 'PacificIsland', '--intensity', 'NavalBarrage', '--units', '10', '--seed', '5']);
    expect(s.code).toBe(0);
    expect(s.stdout).toMatch(/Americans attack Japanese/);
    const bad = salvo(['setup', 'ww2', '--attacker', 'Germans', '--defender', 'Russians', '--year', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--year: expected a year 1939\.\.1945/);
    expect(bad.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });
});
