/**
 * Constructed positions for the AT-43 agents' tests: a decision context on a state, an agent's
 * choice there, side A's unit 0 activated, and unit documents of troopers and golems.
 */
import { expect } from 'vitest';
import { resolveAgentParams, type AgentFactory, type DecisionContext } from '../../../src/core/agent.ts';
import { Rng } from '../../../src/core/rng/rng.ts';
import { A, F } from '../../../src/systems/at43/actions.ts';
import type { At43Game } from '../../../src/systems/at43/engine.ts';
import { PH_ACT, type At43State } from '../../../src/systems/at43/state.ts';
import { compile, start } from './helpers.ts';

export function ctxFor(g: At43Game, s: At43State): DecisionContext {
  const legal = new Int32Array(g.maxActions);
  const n = g.legalActions(s, legal);
  const side = g.currentSide(s);
  return { side, legal, n, rng: new Rng([1, 2, 3, 4]), observe: () => g.observe(s, side), describe: (a) => g.describeAction(s, a), determinize: (r) => g.determinize!(s, side, r) };
}

export function decide(f: AgentFactory, g: At43Game, s: At43State, params: Record<string, number | boolean> = {}): number {
  const c = ctxFor(g, s);
  return f.create(g, c.side, resolveAgentParams(f, params)[0]).decide(c);
}

/** Side A's unit 0 activates (its cards laid, side A first); `place` arranges the table first. */
export function activate(d: Record<string, unknown>, place?: (g: At43Game, s: At43State) => void) {
  const g = compile(d);
  const { s, ctx } = start(g);
  place?.(g, s);
  // side A lays its cards first, unit 0 on top; then side B
  for (const side of [0, 1]) for (const U of g.model.units) if (U.side === side && U.fielded > 0) g.apply(s, A.encode.order(U.index), ctx);
  if (F.top(s.pending) === 'first') g.apply(s, A.encode.first(0), ctx);
  g.apply(s, A.encode.turn(0), ctx);
  if (F.top(s.pending) === 'rally') g.apply(s, A.encode.rally(1), ctx); // a failed morale test (fallen to 3)
  if (F.top(s.pending) === 'pay') g.apply(s, A.encode.pay(1), ctx);
  expect(s.phase === PH_ACT && s.unit === 0).toBe(true);
  return { g, s, ctx };
}

export const troopers = (id: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({ id, profile: 'steel-trooper', count: 6, officer: 'sergeant', x, y, formation: 'line', ...extra });
export const golems = (id: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({ id, profile: 'storm-golem', count: 6, x, y, formation: 'blob', ...extra });
