/**
 * Proof that a refactor changed no result: re-runs every bundled scenario of the given systems
 * (2000 games, seed 7, inline, with the scenario's default agents and with random,random), hashes
 * each summary.json (timing and pool fields removed) and each golden transcript, and compares them
 * with the reference recorded in scripts/check-identical.json.
 *
 *   npx tsx scripts/check-identical.ts                 compare (exit 1 on any difference)
 *   npx tsx scripts/check-identical.ts --record        write the reference (do it on the old code)
 *   npx tsx scripts/check-identical.ts --dump DIR      also write the normalised summaries to DIR (to diff)
 *   npx tsx scripts/check-identical.ts --only mgv      one system
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { buildReportFiles } from '../src/report/run-report.ts';
import { runScenario } from '../src/app/execute.ts';
import { bundledScenarios, ROOT } from '../test/helpers/bundled.ts';
import { goldenPath, goldenTranscript } from '../test/helpers/golden.ts';
import { loadSystems } from '../src/systems/index.ts';

const SYSTEMS = ['duel', 'panzervor', 'mgv', 'ww2setup', 'mak', 'at43'];
const GAMES = 2000;
const SEED = 7;
const REFERENCE = join(ROOT, 'scripts', 'check-identical.json');

const args = process.argv.slice(2);
const record = args.includes('--record');
const dumpAt = args.indexOf('--dump');
const dump = dumpAt >= 0 ? args[dumpAt + 1] : undefined;
const onlyAt = args.indexOf('--only');
const systems = onlyAt >= 0 ? [args[onlyAt + 1]] : SYSTEMS;
await loadSystems(systems); // the golden transcripts load scenarios synchronously

/** summary.json without the fields that depend on the clock or the pool. */
function normalise(summaryJson: string): string {
  const s = JSON.parse(summaryJson) as Record<string, unknown>;
  delete s.elapsedSeconds;
  delete s.workers;
  delete s.batchSize;
  const versions = s.versions as Record<string, unknown> | undefined;
  if (versions) delete versions.node;
  return JSON.stringify(s, null, 2) + '\n';
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

const reference: Record<string, string> = existsSync(REFERENCE) ? (JSON.parse(readFileSync(REFERENCE, 'utf8')) as Record<string, string>) : {};
const current: Record<string, string> = {};
if (dump) mkdirSync(dump, { recursive: true });

for (const system of systems) {
  for (const file of bundledScenarios(system)) {
    const name = relative(join(ROOT, 'scenarios'), file);
    const golden = goldenTranscript(file);
    current[`golden ${name}`] = sha(golden);
    if (readFileSync(goldenPath(file), 'utf8') !== golden) console.log(`golden ${name}: differs from ${relative(ROOT, goldenPath(file))}`);
    for (const agents of ['default', 'random,random']) {
      const t0 = performance.now();
      const outcome = await runScenario({
        file,
        games: GAMES,
        seed: SEED,
        workers: 0,
        agents: agents === 'default' ? undefined : agents.split(',').map((a) => ({ name: a, params: {} })),
        command: `check-identical ${name} ${agents}`,
      });
      const text = normalise(buildReportFiles(outcome.report)['summary.json']);
      const key = `run ${name} ${agents}`;
      current[key] = sha(text);
      if (dump) writeFileSync(join(dump, `${basename(name).replace(/\.ya?ml$/, '')}.${agents.replace(',', '-')}.json`), text);
      const verdict = record ? 'recorded' : reference[key] === current[key] ? 'identical' : 'DIFFERENT';
      console.log(`${key}: ${current[key]} ${verdict} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    }
  }
}

if (record) {
  writeFileSync(REFERENCE, JSON.stringify({ ...reference, ...current }, null, 2) + '\n');
  console.log(`wrote ${relative(ROOT, REFERENCE)}`);
} else {
  const bad = Object.keys(current).filter((k) => reference[k] !== current[k]);
  console.log(bad.length ? `${bad.length} DIFFERENT: ${bad.join('; ')}` : `all ${Object.keys(current).length} identical`);
  process.exitCode = bad.length ? 1 : 0;
}
