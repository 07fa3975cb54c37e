/**
 * The agents' own copy of the compiled static model: every field shared (read-only) except the
 * terrain LOS table, whose lazily filled cache is the agents' own. The static model reaches agents
 * through their observation (observation.G), and an agent must never write through it; computing
 * every LOS pair at compile time instead costs about a second per scenario.
 */
import { LosTable } from '../../../core/geometry/hex/index.ts';
import type { PvStatic } from '../model.ts';

const copies = new WeakMap<PvStatic, PvStatic>();
/** The agents' LOS table per map table (compiles of one map share G.los), so versions of a scenario share what was filled. */
const losCopies = new WeakMap<LosTable, LosTable>();

export function agentStatic(G: PvStatic): PvStatic {
  let c = copies.get(G);
  if (c === undefined) {
    let los = losCopies.get(G.los);
    if (los === undefined) losCopies.set(G.los, (los = new LosTable(G.grid, G.blocksLos)));
    c = { ...G, los };
    copies.set(G, c);
  }
  return c;
}
