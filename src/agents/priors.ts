/**
 * The candidates of a search node and their priors, from the rollout policy (progressive bias,
 * Chaslot et al. 2008; the policy prior of PUCT, Silver et al. 2017):
 *   - a policy with `rank` orders the legal actions by its scores; the top `width` are kept;
 *   - a policy with `decide` only lends its choice, then its next choices: it is asked again with
 *     the actions it already chose removed from the legal list (as long as it answers from the
 *     list it is given), up to `width`;
 *   - no policy (random rollouts): every legal action, uniform.
 * Priors follow the order, halving from one candidate to the next (equal scores share theirs): the
 * policy's scale never matters, only its order.
 */
import type { Agent } from '../core/agent.ts';
import type { SimDecision } from './search.ts';

export class Ranker {
  private readonly scores: Float64Array;
  private readonly rest: Int32Array;
  private readonly taken: Uint8Array;
  constructor(maxActions: number) {
    this.scores = new Float64Array(maxActions);
    this.rest = new Int32Array(maxActions);
    this.taken = new Uint8Array(maxActions);
  }

  /**
   * Writes the candidates of the decision `ctx` is aimed at into cand[0..k) and their priors into
   * prior[0..k) (summing to 1), best first; returns k >= 1. `ctx.legal` is left as it was given.
   * `first`, when given (a legal action), is the first candidate whatever the policy says.
   */
  candidates(policy: Agent | null, ctx: SimDecision<unknown>, width: number, cand: Int32Array, prior: Float64Array, first = -1): number {
    const n = ctx.n;
    const legal = ctx.legal;
    if (policy === null) {
      for (let i = 0; i < n; i++) {
        cand[i] = legal[i];
        prior[i] = 1 / n;
      }
      return n;
    }
    const w = Math.min(width, n);
    let k: number;
    if (policy.rank !== undefined) k = this.byRank(policy, ctx, w, cand, prior, first);
    else k = this.byAsking(policy, ctx, w, cand, prior, first);
    let sum = 0;
    for (let i = 0; i < k; i++) sum += prior[i];
    for (let i = 0; i < k; i++) prior[i] /= sum;
    return k;
  }

  private byRank(policy: Agent, ctx: SimDecision<unknown>, w: number, cand: Int32Array, prior: Float64Array, first: number): number {
    const n = ctx.n;
    const scores = this.scores;
    const taken = this.taken;
    scores.fill(0, 0, n);
    taken.fill(0, 0, n);
    policy.rank!(ctx, scores);
    let k = 0;
    if (first >= 0) {
      for (let i = 0; i < n; i++) if (ctx.legal[i] === first) taken[i] = 1;
      cand[0] = first;
      prior[0] = 1;
      k = 1;
    }
    let weight = first >= 0 ? 1 : 2;
    let last = NaN;
    for (; k < w; k++) {
      let best = -1;
      for (let i = 0; i < n; i++) if (!taken[i] && (best < 0 || scores[i] > scores[best])) best = i;
      taken[best] = 1;
      if (scores[best] !== last) weight /= 2;
      last = scores[best];
      cand[k] = ctx.legal[best];
      prior[k] = weight;
    }
    return w;
  }

  private byAsking(policy: Agent, ctx: SimDecision<unknown>, w: number, cand: Int32Array, prior: Float64Array, first: number): number {
    const legal = ctx.legal;
    const n = ctx.n;
    const state = ctx.state;
    const side = ctx.side;
    cand[0] = first >= 0 ? first : policy.decide(ctx);
    prior[0] = 1;
    if (w === 1) return 1;
    const rest = this.rest;
    let m = 0;
    for (let i = 0; i < n; i++) if (legal[i] !== cand[0]) rest[m++] = legal[i];
    let k = 1;
    let weight = 1;
    while (k < w && m > 0) {
      const a = policy.decide(ctx.at(state, side, rest, m));
      let at = -1;
      for (let i = 0; i < m; i++)
        if (rest[i] === a) {
          at = i;
          break;
        }
      if (at < 0) break; // the policy answers outside the list it was given: its order ends here
      weight /= 2;
      cand[k] = a;
      prior[k++] = weight;
      rest.copyWithin(at, at + 1, m--); // keeps the legal order (a policy may prefer the first)
    }
    ctx.at(state, side, legal, n);
    return k;
  }
}
