import { parseAgentChoice } from '../src/core/agent.ts';
import { playBatch } from '../src/run/batch.ts';
import { planForScenario } from '../src/run/execute.ts';
import { planKey } from '../src/run/plan.ts';
import { loadScenarioFile } from '../src/scenario/load.ts';
const file = process.argv[2] ?? '/work/wt/mak/scenarios/mak/forest-ridge.yaml';
for (const [agents, games] of [[['random','random'], 5000], [['assault','firebase'], 2000]] as const) {
  const loaded = loadScenarioFile(file);
  const plan = planForScenario(loaded, { games, seed: 1, agents: agents.map(parseAgentChoice) });
  const key = planKey(plan);
  playBatch({ planKey: key, variants: plan.variants, baseline: -1, seed: 999, start: 0, count: 500 });
  const t0 = performance.now();
  const r = playBatch({ planKey: key, variants: plan.variants, baseline: -1, seed: 1, start: 0, count: games });
  const dt = (performance.now() - t0) / 1000;
  const s = r.summaries[0];
  console.log(agents.join(' v '), Math.round(games / dt), 'games/s', (s.decisions / games).toFixed(1), 'decisions/game');
}
