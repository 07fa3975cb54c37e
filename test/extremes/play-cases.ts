/**
 * Child-process side of the extreme-value property test (a child process, so that even a V8
 * fatal error such as 'invalid array length' is a counted crash and not the end of the test run): compiles each case (a bundled scenario with
 * one rules value or scenario number set to an extreme) and plays a few games with random
 * agents. Posts 'start' before a case and its outcome after, so the parent's watchdog can name
 * the case, seed and game index of a game that does not end.
 */
import { parseAgentChoice, resolveAgentParams, type Agent } from '../../src/core/agent.ts';
import { InputError } from '../../src/core/errors.ts';
import { PlayScratch, playGame } from '../../src/core/play.ts';
import { gameStreams } from '../../src/core/rng/streams.ts';
import { Tally } from '../../src/core/tally.ts';
import { findAgent } from '../../src/scenario/agents.ts';
import { compileScenarioDocument } from '../../src/scenario/load.ts';
import { loadSystemsOfDocuments } from '../../src/scenario/systems.ts';

export interface ExtremeCase {
  readonly file: string;
  readonly doc: unknown;
  readonly label: string;
  readonly games: number;
  readonly seed: number;
}

export type CaseMessage =
  | { kind: 'start'; index: number; game: number }
  | { kind: 'rejected'; index: number; message: string }
  | { kind: 'played'; index: number; reasons: Record<string, number>; decisions: number }
  | { kind: 'threw'; index: number; game: number; error: string };

const post = (m: CaseMessage) => process.send!(m);

process.once('message', async (data: { cases: ExtremeCase[]; from: number }) => {
  await loadSystemsOfDocuments(data.cases.map((c) => c.doc)); // this process loads only the systems it plays
  playCases(data.cases, data.from);
  process.disconnect();
});

function playCases(cases: ExtremeCase[], from: number): void {
for (let index = from; index < cases.length; index++) {
  const c = cases[index];
  let game = -1;
  post({ kind: 'start', index, game });
  try {
    const loaded = compileScenarioDocument(c.doc, c.file);
    const compiled = loaded.compiled;
    const scratch = new PlayScratch(compiled);
    const reasons: Record<string, number> = {};
    let decisions = 0;
    for (game = 0; game < c.games; game++) {
      post({ kind: 'start', index, game });
      const streams = gameStreams(c.seed, game, compiled.sides.length);
      const tally = new Tally(compiled.metrics);
      const agents: Agent[] = compiled.sides.map((_, side) => {
        const f = findAgent(loaded.system, parseAgentChoice('random').name)!;
        const [params] = resolveAgentParams(f, {});
        return f.create(compiled, side, params);
      });
      const r = playGame(compiled, agents, streams, tally, scratch, {
        onDecision: () => {
          decisions++;
        },
      });
      reasons[r.result.reason] = (reasons[r.result.reason] ?? 0) + 1;
    }
    post({ kind: 'played', index, reasons, decisions });
  } catch (e) {
    if (e instanceof InputError) post({ kind: 'rejected', index, message: e.message.slice(0, 400) });
    else post({ kind: 'threw', index, game, error: String((e as Error)?.stack ?? e).slice(0, 1500) });
  }
}
}
