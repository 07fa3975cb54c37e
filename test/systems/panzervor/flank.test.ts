/**
 * The flanking set-up (src/systems/panzervor/agents/setup.ts frontArcsOn, the `flank` parameter of
 * every scripted agent): a side that places after the enemy keeps its tanks out of the front arcs
 * of the enemy tanks already placed, where a fixed gun cannot fire without turning first and a
 * shot lands on side armour (spec §3.2, §3.5), and still faces them.
 */
import { describe, expect, it } from 'vitest';
import type { PvCompiledGame } from '../../../src/systems/panzervor/index.ts';
import { inFrontArc } from '../../../src/systems/panzervor/rules/board.ts';
import type { PvState } from '../../../src/systems/panzervor/state.ts';
import { agent, loadBundled, placeAll, seatWins } from './helpers.ts';

/** For each Team B tank: how many Team A tanks hold it in their front arc, and how many it holds in its own. */
function arcs(game: PvCompiledGame, s: PvState): Array<{ inTheirs: number; inMine: number }> {
  const G = game.G;
  return G.sideTanks[1].map((b) => {
    let inTheirs = 0;
    let inMine = 0;
    for (const a of G.sideTanks[0]) {
      if (inFrontArc(G, s.hex[a], s.hex[b], s.facing[a])) inTheirs++;
      if (inFrontArc(G, s.hex[b], s.hex[a], s.facing[b])) inMine++;
    }
    return { inTheirs, inMine };
  });
}

describe('flank: the set-up of the side that places second', () => {
  it("fake-battle, Team B against the anvil's Team A (0606 and 0807 facing S): out of both front arcs, facing both tanks", () => {
    const game = loadBundled('fake-battle.yaml');
    for (const name of ['marksman', 'brawler', 'flag-commander', 'greedy', 'anvil']) {
      const s = placeAll(game, [agent('anvil', game, 0), agent(name, game, 1, { flank: 1 })]);
      expect([game.G.grid.id(s.hex[0]), game.G.grid.id(s.hex[1])]).toEqual(['0606', '0807']);
      for (const x of arcs(game, s)) expect(x, name).toEqual({ inTheirs: 0, inMine: 2 });
    }
    // Without it (flank=0, the default), the marksman stands at the back of its zone (1013, 1113),
    // in the StuG's front arc.
    const s = placeAll(game, [agent('anvil', game, 0), agent('marksman', game, 1)]);
    for (const x of arcs(game, s)) expect(x.inTheirs).toBeGreaterThan(0);
  });

  it('the front arcs it avoids are those the enemy placed: against other Team A set-ups it takes the hexes fewest of them hold', () => {
    const game = loadBundled('fake-battle.yaml');
    const G = game.G;
    const seen = new Set<string>();
    for (const a of ['marksman', 'brawler', 'anvil']) {
      const s = placeAll(game, [agent(a, game, 0), agent('marksman', game, 1, { flank: 1 })]);
      // The fewest Team A front arcs any hex of Team B's zone lies in.
      let least = 99;
      for (const h of G.tZone[2]!) least = Math.min(least, G.sideTanks[0].filter((t) => inFrontArc(G, s.hex[t], h, s.facing[t])).length);
      for (const x of arcs(game, s)) expect(x.inTheirs, a).toBe(least);
      seen.add(`${s.hex[2]} ${s.hex[3]}`);
    }
    // Its hexes follow the enemy's set-up.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('the first placer has no enemy to flank: flank=1 places as the default', () => {
    const game = loadBundled('fake-battle.yaml');
    for (const name of ['marksman', 'anvil']) {
      const a = placeAll(game, [agent(name, game, 0, { flank: 1 }), agent('marksman', game, 1)]);
      const b = placeAll(game, [agent(name, game, 0), agent('marksman', game, 1)]);
      expect(Array.from(a.hex), name).toEqual(Array.from(b.hex));
      expect(Array.from(a.facing), name).toEqual(Array.from(b.facing));
    }
  });

  it("wins more of fake-battle's Team B games against the anvil than the marksman does (common seeds)", () => {
    const game = loadBundled('fake-battle.yaml');
    const wins = (flank: number) => seatWins(game, () => [agent('anvil', game, 0), agent('marksman', game, 1, { flank })], 1, 200);
    // 62.5% without and 72.0% with it over 2,000 games (docs/agents.md).
    expect(wins(1) - wins(0)).toBeGreaterThanOrEqual(8);
  });
});
