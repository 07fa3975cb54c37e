/**
 * underdog (issue 19): a side whose army is worth less than the enemy's plays bulwark in its
 * tuned setting, else its plan; the tuned setting's behaviours on constructed positions (the unit
 * with a post plays its card first; it keeps its post while an enemy stands within 90 cm of the
 * objective); the tuned plan bidding in full (BULWARK_FULL_BID: the most LP its Commander's rank
 * allows, the same play as the tuned plan on sector55's outgunned side); and mcts's portfolio
 * (that plan followed first) and defaults.
 */
import { describe, expect, it } from 'vitest';
import { type AgentFactory } from '../../../src/core/agent.ts';
import { playGame, PlayScratch } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { createAgent } from '../../../src/agents/resolve.ts';
import { PolicySwitch } from '../../../src/agents/switching.ts';
import { system } from '../../../src/systems/at43/index.ts';
import { compileScenarioDocument, loadScenarioFile } from '../../../src/scenario/load.ts';
import { A, F } from '../../../src/systems/at43/actions.ts';
import { BULWARK_FULL_BID, bulwarkAgent, SEARCH_PORTFOLIO } from '../../../src/systems/at43/agents/index.ts';
import { armyRatio, UNDERDOG_BULWARK } from '../../../src/systems/at43/agents/underdog.ts';
import type { At43Game } from '../../../src/systems/at43/engine.ts';
import { MAX_UNITS, N_DIRS } from '../../../src/systems/at43/model.ts';
import { activate, ctxFor, decide, golems, troopers } from './agent-helpers.ts';
import { doc, start } from './helpers.ts';

const B = bulwarkAgent as AgentFactory;
const OBJ = N_DIRS + MAX_UNITS; // goal of objective 0
const TUNED = { reach: 25, hold: 3, advance: 4, watch: 99, near: 60, postFirst: 1 };
/** A low wall (Size 1, cover) across x 10-30 at y 30-32, on a table 200 cm deep. */
const wall = (extra: Record<string, unknown> = {}) => ({ terrain: [{ id: 'w', polygon: [[10, 30], [30, 30], [30, 32], [10, 32]], size: 1, cover: true }], firstRoundAuthorityWinner: 'A', table: { width: 120, depth: 200 }, ...extra });

describe('underdog: the plan of the side as its army stands', () => {
  it('reads the armies from the scenario: UNA fields 380 points against 470 on sector55', () => {
    const g = loadScenarioFile('scenarios/at43/sector55.yaml').compiled as unknown as At43Game;
    expect(armyRatio(g.model, 0)).toBeCloseTo(380 / 470, 9);
    expect(armyRatio(g.model, 1)).toBeCloseTo(470 / 380, 9);
  });

  it('outgunned, it plays the tuned bulwark; otherwise its plan', () => {
    // six troopers (200 points) behind a wall, golems out of range: bulwark rushes to its post, gunline closes in
    for (const [n, outgunned] of [[9, true], [3, false]] as const) {
      const d = doc([troopers('s', 20, 10)], [golems('g', 20, 190, { count: n })], wall());
      const L = compileScenarioDocument(d, 'test.yaml');
      const { g, s } = activate(d);
      const c = ctxFor(g, s);
      const pick = (choice: string) => createAgent(L.system, g, 0, choice).decide(c);
      expect(g.describeAction(s, pick(UNDERDOG_BULWARK))).toBe('s rushes heading 0°'); // to its post
      expect(pick(UNDERDOG_BULWARK)).not.toBe(pick('gunline'));
      expect(pick('underdog')).toBe(pick(outgunned ? UNDERDOG_BULWARK : 'gunline'));
      expect(pick('underdog:below=0')).toBe(pick('gunline'));
    }
  });
});

describe('the tuned bulwark (UNDERDOG_BULWARK)', () => {
  it('is bulwark with the tuned parameters', () => {
    expect(UNDERDOG_BULWARK).toBe(`bulwark:${Object.entries(TUNED).map(([k, v]) => `${k}=${v}`).join(':')}`);
  });

  it('plays the card of the unit with a post first, though the other unit stands nearer the enemy', () => {
    // unit 0 behind the wall (a post), unit 1 in the open nearer the golems
    const g = loadDoc(doc([troopers('s', 20, 10), troopers('t', 90, 60, { officer: undefined })], [golems('g', 60, 190)], wall()));
    const { s } = start(g);
    expect(F.top(s.pending)).toBe('order');
    expect(decide(B, g, s, TUNED)).toBe(A.encode.order(0));
    expect(decide(B, g, s, { ...TUNED, postFirst: 0 })).toBe(A.encode.order(1));
  });

  it('keeps its post while an enemy stands within 1.5 × near of the objective; with near 20 it leaves for it', () => {
    // at its post behind the wall; the objective 70 cm north, the golems 45 cm beyond it (out of range)
    const d = doc([troopers('s', 20, 27)], [golems('g', 20, 145)], wall({ objectives: [{ id: 'o', x: 20, y: 100, vpPerRound: 1 }] }));
    const keep = activate(d);
    expect(decide(B, keep.g, keep.s, TUNED)).toBe(A.encode.drill(1)); // Overwatch! at its post
    const go = activate(d);
    const a = decide(B, go.g, go.s, { ...TUNED, near: 20 });
    expect(A.is(a, 'move') && A.read.move.goal(a)).toBe(OBJ);
  });
});

describe('the tuned bulwark bidding in full (BULWARK_FULL_BID)', () => {
  /** The wagers of side A (a sergeant: rank 1, up to 2 LP) and side B (an overseer alpha: rank 2, up to 3) at round 1's authority test. */
  const wagers = (choice: string): number[] => {
    const d = doc([troopers('s', 20, 10)], [golems('g', 20, 80, { officer: 'overseer-alpha' })], { table: { width: 120, depth: 90 } });
    const L = compileScenarioDocument(d, 'test.yaml');
    const g = L.compiled as unknown as At43Game;
    const { s, ctx } = start(g);
    for (const side of [0, 1]) for (const U of g.model.units) if (U.side === side) g.apply(s, A.encode.order(U.index), ctx);
    const out: number[] = [];
    for (const side of [0, 1]) {
      expect(F.top(s.pending)).toBe('wager');
      const c = ctxFor(g, s);
      expect(c.side).toBe(side);
      const a = createAgent(L.system, g, side, choice).decide(c);
      expect(A.is(a, 'wager')).toBe(true);
      out.push(A.read.wager.lp(a));
      g.apply(s, a, ctx);
    }
    return out;
  };

  it("bids the most its Commander's rank allows: the overseer alpha 3 where the tuned plan bids 2, the sergeant 2 either way", () => {
    expect(BULWARK_FULL_BID).toBe(`${UNDERDOG_BULWARK}:wager=7:wagerLater=7`);
    expect(wagers(UNDERDOG_BULWARK)).toEqual([2, 2]);
    expect(wagers(BULWARK_FULL_BID)).toEqual([2, 3]);
  });

  it("plays UNA's sector55 games exactly as the tuned plan (the outgunned side's choices are unchanged)", () => {
    const L = loadScenarioFile('scenarios/at43/sector55.yaml');
    const play = (una: string, g: number) => {
      const t = new Tally(L.compiled.metrics);
      const r = playGame(L.compiled, [createAgent(L.system, L.compiled, 0, una), createAgent(L.system, L.compiled, 1, 'bulwark')], gameStreams(7, g, 2), t, new PlayScratch(L.compiled));
      return [r.result.winner, Array.from(t.scalars)];
    };
    for (let g = 0; g < 4; g++) expect(play(BULWARK_FULL_BID, g)).toEqual(play(UNDERDOG_BULWARK, g));
  });
});

describe("mcts's portfolio and defaults on AT-43", () => {
  it('switches between the tuned bulwark bidding in full (followed first) and the four plain plans, and infers the opponent among them', () => {
    expect(SEARCH_PORTFOLIO).toEqual([BULWARK_FULL_BID, 'gunline', 'assault', 'objective', 'bulwark']);
    const L = loadScenarioFile('scenarios/at43/sector55.yaml');
    const m = createAgent(L.system, L.compiled, 1, 'mcts') as PolicySwitch<unknown>;
    expect(m.modelWeights(0).map(([name]) => name)).toEqual([...SEARCH_PORTFOLIO, 'random']);
  });

  it('keeps the plan it follows unless another is shown better by 2 standard errors, and refines its choice at every decision', () => {
    expect(system.searchDefaults).toEqual({ mcts: { margin: 2, refine: 96, alloc: 'halving', refineAt: 'always', z: 2 } });
  });

  it('plays a sector55 game as UNA on the tuned plan where the plans agree, and searches where they do not', () => {
    const L = loadScenarioFile('scenarios/at43/sector55.yaml');
    const m = createAgent(L.system, L.compiled, 0, 'mcts:iterations=10') as PolicySwitch<unknown>;
    playGame(L.compiled, [m, createAgent(L.system, L.compiled, 1, 'gunline')], gameStreams(3, 0, 2), new Tally(L.compiled.metrics), new PlayScratch(L.compiled));
    expect(m.agreed).toBeGreaterThan(0);
    expect(m.searched).toBeGreaterThan(0);
  });
});

function loadDoc(d: Record<string, unknown>): At43Game {
  return compileScenarioDocument(d, 'test.yaml').compiled as unknown as At43Game;
}
