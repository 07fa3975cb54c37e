/**
 * The measurement scripts (scripts/) take flags from people typing them: a bad one is one line
 * naming the flag and what was expected, then the usage line, exit 2, before any game is played
 * (scripts/script-input.ts scriptFlags), never a stack trace or a run on a misread number.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function script(name: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(TSX, [join('scripts', `${name}.ts`), ...args], { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

// [script, flags, the message expected on the first line]
const CASES: Array<[string, string[], RegExp]> = [
  ['agents-vs-random', ['--system', 'panzervor', '--games', '2x'], /^agents-vs-random: --games: expected a whole number, got 2x$/],
  ['agents-vs-random', ['--games', '10'], /^agents-vs-random: --system is required$/],
  ['panzervor-evaluate', ['--every', '0'], /^panzervor-evaluate: --games and --every: expected whole numbers of at least 1$/],
  ['panzervor-placements', ['--side', 'C'], /^panzervor-placements: --side: expected A or B, got C$/],
  ['panzervor-placements', ['--pairs', '0101-1211'], /^panzervor-placements: --pairs: '0101-1211' is not two hexes of side B's zone joined by '-' \(the zone: 0810 .* 1212\)$/],
  ['competence', ['--games', '-3'], /^competence: --games: expected a whole number, got -3$/],
];

describe('measurement scripts reject bad flags', () => {
  it('with one line naming the flag, the usage line and exit 2, no stack trace and no output', async () => {
    const runs = await Promise.all(CASES.map(([name, args]) => script(name, args)));
    runs.forEach((r, i) => {
      const [name, args, message] = CASES[i];
      const lines = r.stderr.trimEnd().split('\n');
      expect(r.code, `${name} ${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(lines[0]).toMatch(message);
      expect(lines[1]).toMatch(new RegExp(`^usage: npx tsx scripts/${name}\\.ts`));
      expect(lines).toHaveLength(2);
      expect(r.stdout).toBe('');
    });
  }, 90_000);
});
