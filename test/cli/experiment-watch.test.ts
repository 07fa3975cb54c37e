/** `salvo experiment` takes --watch and --open like `salvo run` (issue 12 follow-up). */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { registerExperiment } from '../../src/cli/commands/experiment.ts';
import { registerRun } from '../../src/cli/commands/run.ts';
import { InputError } from '../../src/core/errors.ts';
import { ROOT } from '../helpers/bundled.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-exp-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function program(): Command {
  const p = new Command().exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} });
  registerRun(p);
  registerExperiment(p);
  return p;
}

/** Runs a command in process with stdout/stderr captured and no browser (headless). */
async function capture(args: string[]): Promise<{ stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const env = { d: process.env.DISPLAY, w: process.env.WAYLAND_DISPLAY, b: process.env.BROWSER };
  delete process.env.DISPLAY;
  delete process.env.WAYLAND_DISPLAY;
  delete process.env.BROWSER;
  (process.stdout as { write: unknown }).write = (c: string) => ((stdout += c), true);
  (process.stderr as { write: unknown }).write = (c: string) => ((stderr += c), true);
  try {
    await program().parseAsync(['node', 'salvo', ...args]);
  } finally {
    (process.stdout as { write: unknown }).write = out;
    (process.stderr as { write: unknown }).write = err;
    Object.assign(process.env, Object.fromEntries(Object.entries({ DISPLAY: env.d, WAYLAND_DISPLAY: env.w, BROWSER: env.b }).filter(([, v]) => v !== undefined)));
  }
  return { stdout, stderr };
}

describe('salvo experiment --watch / --open', () => {
  it('both commands declare the two flags', () => {
    for (const name of ['run', 'experiment']) {
      const cmd = program().commands.find((c) => c.name() === name)!;
      const flags = cmd.options.map((o) => o.long);
      expect(flags, name).toContain('--watch');
      expect(flags, name).toContain('--open');
    }
  });

  it('--open plays the experiment, writes the report, then opens it (here: says there is no browser)', async () => {
    const out = join(dir, 'exp');
    const r = await capture(['experiment', join(ROOT, 'experiments/duel-house-rules.yaml'), '-n', '40', '-w', '0', '--no-progress', '--out', out, '--open']);
    expect(existsSync(join(out, 'report.html'))).toBe(true);
    expect(r.stdout).toMatch(/40 games x 4 variants/);
    expect(r.stderr).toContain(`(no browser to open here: the report is ${join(out, 'report.html')})`);
  });

  it('--watch needs an experiment file, not --plan', async () => {
    await expect(capture(['experiment', '--watch', '--plan', join(dir, 'p.json')])).rejects.toThrow(InputError);
    await expect(capture(['experiment', '--watch', '--plan', join(dir, 'p.json')])).rejects.toThrow(/--watch: needs an experiment file/);
  });
});
