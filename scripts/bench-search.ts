/**
 * npm run bench, the search agent's part: the cost of `mcts` at its default budget on each system's
 * main scenario, against the system's first default agent on one thread (both seats): ms per
 * decision, decisions per game, and the time a 200-game check would take on 2 workers at that rate
 * (issue 19's target: under a minute). With `params` ('refine=96:alloc=halving', bench.ts's --mcts),
 * mcts with those parameters (checkMctsParams: a bad parameter exits 2 before any bench runs).
 */
import { join } from 'node:path';

const dist = (m: string): Promise<unknown> => import(new URL(`../dist/${m}.js`, import.meta.url).href);

const MAIN: ReadonlyArray<[string, string]> = [
  ['duel', 'scenarios/duel/high-noon.yaml'],
  ['panzervor', 'scenarios/panzervor/fake-battle.yaml'],
  ['mgv', 'scenarios/mgv/sample-duel.yaml'],
  ['mak', 'scenarios/mak/forest-ridge.yaml'],
  ['at43', 'scenarios/at43/sector55.yaml'],
];

/** Exits 2 with the agent resolver's message when mcts does not take `params` on a main scenario's system: before any bench runs. */
export async function checkMctsParams(params: string): Promise<void> {
  const { loadScenarioFile } = (await dist('scenario/load')) as typeof import('../src/scenario/load.ts');
  const { loadSystemsOfFile } = (await dist('scenario/systems')) as typeof import('../src/scenario/systems.ts');
  const { resolveAgent } = (await dist('agents/resolve')) as typeof import('../src/agents/resolve.ts');
  const root = join(import.meta.dirname, '..');
  for (const [, rel] of MAIN) {
    const file = join(root, rel);
    await loadSystemsOfFile(file);
    try {
      resolveAgent(loadScenarioFile(file).system, `mcts:${params}`);
    } catch (e) {
      process.stderr.write(`bench: --mcts: ${(e as Error).message}\n`);
      process.exit(2);
    }
  }
}

export async function benchSearch(quick: boolean, params?: string): Promise<void> {
  const { emptyScore, playSeated } = (await dist('agents/match')) as typeof import('../src/agents/match.ts');
  const { loadScenarioFile } = (await dist('scenario/load')) as typeof import('../src/scenario/load.ts');
  const { loadSystemsOfFile } = (await dist('scenario/systems')) as typeof import('../src/scenario/systems.ts');
  const { findAgent, searchPolicyOf, searchPortfolioOf } = (await dist('agents/resolve')) as typeof import('../src/agents/resolve.ts');
  const choice = params ? `mcts:${params}` : 'mcts';
  const root = join(import.meta.dirname, '..');
  const games = quick ? 1 : 4;
  console.log(`\n${params ? `mcts:${params}` : 'mcts at its default budget'} (one thread, ${2 * games} games against the first default agent, both seats)`);
  for (const [id, rel] of MAIN) {
    const file = join(root, rel);
    await loadSystemsOfFile(file);
    const l = loadScenarioFile(file);
    const opp = l.system.defaultAgents[0] ?? 'random';
    playSeated(l, [choice, opp], [emptyScore(), emptyScore()], 'warm-up', 1); // JIT warm-up, untimed
    const me = emptyScore();
    const them = emptyScore();
    const t0 = performance.now();
    playSeated(l, [choice, opp], [me, them], 'bench', games);
    playSeated(l, [opp, choice], [them, me], 'bench', games);
    const perGame = (performance.now() - t0) / 1000 / (2 * games);
    const mcts = findAgent(l.system, 'mcts')?.params;
    const tree = mcts?.mode?.default === 'tree';
    const policy = searchPolicyOf(l.system) ?? 'random rollouts (no searchPolicy declared)';
    const control = String(mcts?.control?.default ?? '');
    const how = tree ? `policy ${policy}${control ? `, control ${control}` : ''}` : `switching between ${searchPortfolioOf(l.system).join(', ')}`;
    console.log(
      `  ${id.padEnd(10)} ${(me.ms / Math.max(1, me.decisions)).toFixed(1).padStart(6)} ms/decision, ${(me.decisions / me.games).toFixed(0).padStart(3)} decisions/game; a 200-game check on 2 workers ≈ ${((200 * perGame) / 2).toFixed(0)} s  (${how}, against ${opp})`,
    );
  }
}
