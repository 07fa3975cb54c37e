/** Runs the real `salvo` binary (bin/salvo.js → dist/, built by `npm test` / `npm ci`). */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './bundled.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function salvo(args: string[], opts: { cwd?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'salvo.js'), ...args], {
    cwd: opts.cwd ?? ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 300_000,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
