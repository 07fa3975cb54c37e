// The README's library example (docs/examples/library.ts; test/package/pack.test.ts runs it from a packed, installed salvo).
import { bundledScenario, exactOdds, loadScenario, runScenario, systems, validateFile, writeReport, type RunOutcome } from 'salvo';

// A scenario that ships with salvo (the package's scenarios/duel/high-noon.yaml), or a path to your own.
const file = bundledScenario('duel/high-noon');

const check = validateFile(file);
if (!check.ok) throw new Error(check.message);
const scenario = loadScenario(file);
console.log(`systems: ${systems().map((s) => s.id).join(', ')}; scenario: ${scenario.input.name}`);

let calls = 0;
const outcome: RunOutcome = await runScenario(file, { games: 400, seed: 7, workers: 1, onProgress: () => calls++ });
const a = outcome.analysis.variants[0].outcomes[0];
console.log(`${a.outcome} wins ${(a.p * 100).toFixed(1)}% [${(a.lo * 100).toFixed(1)}, ${(a.hi * 100).toFixed(1)}] after ${outcome.result.games} games; progress calls ${calls > 0}`);

const odds = exactOdds('mgv', 'kinetic');
console.log(`odds: ${odds.records.length} cells, first ${odds.records[0].exact}`);

const written = writeReport(outcome, process.argv[2] ?? 'salvo-report');
console.log(`report: ${written.dir}`);
