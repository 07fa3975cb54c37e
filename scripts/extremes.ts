/**
 * The full extreme-value sweep (issue 22 item 3): every number in play in every bundled scenario,
 * at its schema's bounds and at the values that break engines (test/extremes/cases.ts), each
 * rejected at load time or played to an end with random agents within a per-game time bound.
 * The default suite plays a deterministic subset (test/extremes/extremes.test.ts).
 *
 *   npx tsx scripts/extremes.ts [--only mgv,at43] [--parallel 2] [--bound-ms 10000] [--games 1]
 *
 * Prints one line per system and every problem (throw, hang, crash); exits 1 if there is one.
 */
import { sweepCases } from '../test/extremes/cases.ts';
import { runCases, summaryLine } from '../test/extremes/runner.ts';
import { SYSTEM_IDS } from '../src/systems/index.ts';
import { loadAllSystems } from '../src/systems/index.ts';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = flag('--only')?.split(',') ?? [...SYSTEM_IDS];
const parallel = Number(flag('--parallel') ?? 1);
const gameBoundMs = Number(flag('--bound-ms') ?? 10_000);
const games = Number(flag('--games') ?? 1);

await loadAllSystems();
let total = 0;
let problems = 0;
const t0 = performance.now();
for (const id of only) {
  const cases = sweepCases([id], games);
  const t = performance.now();
  const o = await runCases(cases, {
    gameBoundMs,
    parallel,
    onProgress: (d, n) => {
      if (process.stderr.isTTY) process.stderr.write(`\r${id}: ${d}/${n}`);
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\r');
  total += cases.length;
  problems += o.problems.length;
  console.log(`${summaryLine(`extremes ${id}`, cases.length, o)} (${((performance.now() - t) / 1000).toFixed(0)} s)`);
  for (const p of o.problems) console.log(`  ${p.split('\n').slice(0, 4).join('\n    ')}`);
}
console.log(`all: ${total} cases, ${problems} problems, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
process.exitCode = problems > 0 ? 1 : 0;
