/**
 * `lookahead`: one step of search on any system that offers evaluate and determinize. For each
 * legal action it plays the action on a determinised copy (then any forced moves that follow,
 * those with a single legal action) and scores the position with the system's evaluator for
 * its own side; `samples` determinisations, each with its own dice, are averaged. All actions
 * of one sample share the same determinisation and the same dice (common random numbers), so
 * the comparison between actions is not drowned in sampling noise. Ties go to the agent's stream.
 */
import { agentOf } from '../core/agent.ts';
import { LOOKAHEAD } from './names.ts';
import { Rng } from '../core/rng/rng.ts';
import { SimContext, evaluatorOf, valueOf } from './search.ts';

/** Forced moves followed after an action at most (a safety bound, not a rule). */
const MAX_FORCED = 64;

export const lookaheadAgent = agentOf<unknown, unknown>()({
  name: LOOKAHEAD,
  description: 'Generic one-step lookahead: plays each legal action on determinised copies and keeps the best by the system evaluator.',
  params: {
    samples: { default: 2, min: 1, max: 1000, description: 'determinisations (with their own dice) averaged per action' },
  },
  create(game, side, p) {
    const evaluate = evaluatorOf(game, 'lookahead');
    const sim = new SimContext(game, new Rng([1, 0, 0, 0]));
    const buf = new Int32Array(Math.max(1, game.maxActions));
    const score = new Float64Array(Math.max(1, game.maxActions));
    const seed: [number, number, number, number] = [1, 0, 0, 0];
    return {
      decide(ctx) {
        const n = ctx.n;
        if (n === 1) return ctx.legal[0];
        score.fill(0, 0, n);
        for (let k = 0; k < p.samples; k++) {
          const det = ctx.determinize(ctx.rng);
          seed[0] = ctx.rng.nextUint32() | 1;
          seed[1] = ctx.rng.nextUint32();
          seed[2] = ctx.rng.nextUint32();
          seed[3] = ctx.rng.nextUint32();
          for (let i = 0; i < n; i++) {
            const s = game.clone(det);
            sim.dice = new Rng(seed);
            game.apply(s, ctx.legal[i], sim);
            for (let f = 0; f < MAX_FORCED && game.result(s) === null && game.legalActions(s, buf) === 1; f++) game.apply(s, buf[0], sim);
            score[i] += valueOf(game, evaluate, s, side);
          }
        }
        // Best score; ties (within rounding) broken uniformly by the agent's stream.
        let best = 0;
        let ties = 1;
        for (let i = 1; i < n; i++) {
          const d = score[i] - score[best];
          if (d > 1e-12) {
            best = i;
            ties = 1;
          } else if (d >= -1e-12 && ctx.rng.int(++ties) === 0) best = i;
        }
        return ctx.legal[best];
      },
    };
  },
});
