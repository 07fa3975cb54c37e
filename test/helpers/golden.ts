/** Golden transcripts: game 0 of seed 1 with the scenario's default agents, as text. */
import { join, relative } from 'node:path';
import { planForScenario } from '../../src/app/execute.ts';
import { transcribeGame } from '../../src/run/transcript.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { ROOT } from './bundled.ts';

export function goldenPath(scenarioFile: string): string {
  return join(ROOT, 'test', 'golden', relative(join(ROOT, 'scenarios'), scenarioFile).replace(/\.ya?ml$/, '.txt'));
}

export function goldenTranscript(scenarioFile: string): string {
  const loaded = loadScenarioFile(scenarioFile);
  const plan = planForScenario(loaded, { seed: 1 });
  const t = transcribeGame(loaded, plan.variants[0].agents, 1, 0);
  const head = `# ${relative(ROOT, scenarioFile)}: game 0, seed 1, agents ${plan.variants[0].agents.map((a) => a.name).join(' vs ')}\n# regenerate: npx tsx scripts/update-golden.ts\n`;
  return head + t.lines.join('\n') + '\n';
}
