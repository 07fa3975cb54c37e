/**
 * `mcts`: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012, "Information
 * Set Monte Carlo Tree Search", IEEE TCIAIG 4(2); the single-observer variant, SO-ISMCTS) on any
 * system that offers evaluate and determinize.
 *
 * One tree per decision, rooted at the agent's information set. Each iteration
 *   1. determinises: a state consistent with what the agent's side has seen (DecisionContext.determinize);
 *   2. descends from the root by UCB1 among the children whose actions are legal in THIS
 *      determinisation, with availability counts (a child's exploration term uses the number of
 *      visits of its parent in which it was available, not the parent's visits);
 *   3. expands one untried legal action (chosen uniformly); decisions with a single legal action
 *      are played through without a node, in the descent and after the expansion;
 *   4. rolls out at most `rollout` decisions with uniformly random actions, then scores the
 *      position with the system's evaluator (a finished game scores 1 / 0 / 1/2);
 *   5. backs the value up: each node holds the value for the side that chose its action, so
 *      sides that make several decisions in a row, and more than two sides, need nothing special.
 * Chance lives inside `apply`, so a node is the (open-loop) sequence of actions from the root.
 *
 * The budget is `iterations`, never time, and every random number comes from the agent's own
 * stream (four draws per decision seed the simulation's generator): a decision is a pure
 * function of the seed, and the game's dice and tally are never touched.
 */
import { agentOf } from '../core/agent.ts';
import { Rng } from '../core/rng/rng.ts';
import { SimContext, evaluatorOf, rngFrom, valueOf } from './search.ts';

/** Forced moves followed after the expanded node at most (a safety bound, not a rule). */
const MAX_FORCED = 64;

class Node {
  /** Children by action code. */
  readonly children = new Map<number, Node>();
  visits = 0;
  /** Parent visits in which this node's action was legal (ISMCTS availability). */
  avail = 0;
  /** Sum of the values, for `mover`, of the iterations through this node. */
  total = 0;
  constructor(
    readonly action: number,
    /** Side that chose `action` (the side to act at the parent). */
    readonly mover: number,
  ) {}
}

export const mctsAgent = agentOf<unknown, unknown>()({
  name: 'mcts',
  description: 'Generic information-set Monte Carlo tree search (SO-ISMCTS, UCB1) scored by the system evaluator; budget in iterations.',
  params: {
    iterations: { default: 200, min: 1, max: 1_000_000, description: 'search iterations per decision (the whole budget: no clock)' },
    c: { default: 0.7, min: 0, max: 10, description: 'UCB1 exploration constant (values are win probabilities in [0, 1])' },
    rollout: { default: 0, min: 0, max: 10_000, description: 'random decisions played after the expanded node before evaluating' },
  },
  create(game, side, p) {
    const evaluate = evaluatorOf(game, 'mcts');
    const sim = new SimContext(game, new Rng([1, 0, 0, 0]));
    const buf = new Int32Array(Math.max(1, game.maxActions));
    const nSides = game.sides.length;
    const values = new Float64Array(nSides);
    const known = new Uint8Array(nSides);
    const path: Node[] = [];
    const { iterations, c, rollout } = p;

    return {
      decide(ctx) {
        if (ctx.n === 1) return ctx.legal[0];
        const dice = rngFrom(ctx.rng);
        sim.dice = dice;
        const root = new Node(-1, -1);
        for (let it = 0; it < iterations; it++) {
          const s = ctx.determinize(dice);
          let node = root;
          path.length = 0;
          // Selection and expansion (the engine's safety cap bounds a descent through forced moves).
          for (let steps = 0; steps < game.maxDecisions && game.result(s) === null; steps++) {
            const mover = game.currentSide(s);
            const n = game.legalActions(s, buf);
            if (n === 1) {
              // A forced move is no choice: played through without a node.
              game.apply(s, buf[0], sim);
              continue;
            }
            let untried = 0;
            for (let i = 0; i < n; i++) {
              const ch = node.children.get(buf[i]);
              if (ch === undefined) untried++;
              else ch.avail++;
            }
            if (untried > 0) {
              let k = dice.int(untried);
              let a = buf[0];
              for (let i = 0; i < n; i++) {
                if (node.children.has(buf[i])) continue;
                if (k-- === 0) {
                  a = buf[i];
                  break;
                }
              }
              const child = new Node(a, mover);
              child.avail = 1;
              node.children.set(a, child);
              path.push(child);
              game.apply(s, a, sim);
              for (let f = 0; f < MAX_FORCED && game.result(s) === null && game.legalActions(s, buf) === 1; f++) game.apply(s, buf[0], sim);
              break;
            }
            let best: Node | undefined;
            let bestScore = -Infinity;
            for (let i = 0; i < n; i++) {
              const ch = node.children.get(buf[i])!;
              const u = ch.total / ch.visits + c * Math.sqrt(Math.log(ch.avail) / ch.visits);
              if (u > bestScore) {
                bestScore = u;
                best = ch;
              }
            }
            node = best!;
            path.push(node);
            game.apply(s, node.action, sim);
          }
          // Rollout.
          for (let r = 0; r < rollout && game.result(s) === null; r++) {
            const n = game.legalActions(s, buf);
            game.apply(s, buf[dice.int(n)], sim);
          }
          // Backup: each node gets the value for the side that chose its action.
          known.fill(0);
          for (let i = 0; i < path.length; i++) {
            const nd = path[i];
            if (!known[nd.mover]) {
              values[nd.mover] = valueOf(game, evaluate, s, nd.mover);
              known[nd.mover] = 1;
            }
            nd.visits++;
            nd.total += values[nd.mover];
          }
        }
        // The most visited root action that is legal now; ties by mean value, then the stream.
        let best = -1;
        let bestVisits = -1;
        let bestMean = -Infinity;
        let ties = 0;
        for (let i = 0; i < ctx.n; i++) {
          const ch = root.children.get(ctx.legal[i]);
          const v = ch ? ch.visits : 0;
          const mean = ch && ch.visits > 0 ? ch.total / ch.visits : 0;
          if (v > bestVisits || (v === bestVisits && mean > bestMean)) {
            best = i;
            bestVisits = v;
            bestMean = mean;
            ties = 1;
          } else if (v === bestVisits && mean === bestMean && ctx.rng.int(++ties) === 0) best = i;
        }
        return ctx.legal[best];
      },
    };
  },
});
