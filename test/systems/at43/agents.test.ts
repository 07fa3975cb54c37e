/**
 * The scripted AT-43 agents on constructed positions (issue 19 item 2): on a scenario with an
 * objective the nearest unit takes it and holds it, the other supports one not held securely; a
 * shooting unit with a target does not walk into close combat and steps out of one it loses;
 * only a close-combat army charges; "Take cover!" only where cover is at hand; an officer down to
 * a few men keeps out of reach; `rank` puts the agent's own choice first; the decisions answered
 * before observing are answered as tactical() answers them. And, cheaply, each
 * against random on sector55 (the full figures: 1,000-game runs quoted in the commit).
 */
import { describe, expect, it } from 'vitest';
import { randomAgent, resolveAgentParams, type AgentFactory } from '../../../src/core/agent.ts';
import { playGame, PlayScratch } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { loadScenarioFile } from '../../../src/scenario/load.ts';
import { Rng } from '../../../src/core/rng/rng.ts';
import { A } from '../../../src/systems/at43/actions.ts';
import { assaultAgent, bulwarkAgent, gunlineAgent, objectiveAgent } from '../../../src/systems/at43/agents/index.ts';
import { quickAnswer, tactical, type Ctx } from '../../../src/systems/at43/agents/common.ts';
import type { At43Game } from '../../../src/systems/at43/engine.ts';
import { MAX_UNITS, N_DIRS } from '../../../src/systems/at43/model.ts';
import type { At43State } from '../../../src/systems/at43/state.ts';
import { bundledScenarios } from '../../helpers/bundled.ts';
import { activate, ctxFor, decide, golems, troopers } from './agent-helpers.ts';
import { doc } from './helpers.ts';

const AGENTS = [gunlineAgent, assaultAgent, objectiveAgent] as AgentFactory[];
const OBJ = N_DIRS + MAX_UNITS; // goal of objective 0

const withObjective = (x: number, y: number, extra: Record<string, unknown> = {}) => ({ objectives: [{ id: 'o', x, y, vpPerRound: 1 }], firstRoundAuthorityWinner: 'A', ...extra });

describe('objectives (p.72-73)', () => {
  it('the unit nearest an open objective far away rushes to it; with a target in range it combat-moves (and may shoot after), with every agent', () => {
    for (const f of AGENTS) {
      const far = activate(doc([troopers('s', 20, 10)], [golems('g', 190, 85)], withObjective(20, 45, { table: { width: 200, depth: 90 } })));
      expect(decide(f, far.g, far.s), f.name).toBe(A.encode.move(1, OBJ));
      const near = activate(doc([troopers('s', 60, 10)], [golems('g', 110, 60)], withObjective(60, 45)));
      expect(decide(f, near.g, near.s), f.name).toBe(A.encode.move(0, OBJ));
    }
  });
  it('a unit on its objective stays: it shoots or ends, it does not walk away', () => {
    for (const f of AGENTS) {
      const { g, s } = activate(doc([troopers('s', 60, 45)], [golems('g', 60, 85)], withObjective(60, 46)));
      expect(A.is(decide(f, g, s), 'move'), f.name).toBe(false);
    }
  });
  it('without objectives the same gunline does not go to one (the spec §7.3 policy)', () => {
    // 170 cm apart on a 200 cm table: no shot, so the gunline closes in on the golems
    const { g, s } = activate(doc([troopers('s', 20, 10)], [golems('g', 190, 85)], { firstRoundAuthorityWinner: 'A', table: { width: 200, depth: 90 } }));
    expect(decide(gunlineAgent, g, s)).toBe(A.encode.move(0, N_DIRS + 1));
  });
  it('a second unit supports the objective the enemy disputes, and stays put when it is held securely', () => {
    // unit 0 is the far one: the nearer unit 1 takes the objective; golems stand on it
    const disputed = activate(doc([troopers('far', 20, 10), troopers('near', 60, 30, { officer: undefined })], [golems('g', 60, 52)], withObjective(60, 46)));
    const a = decide(gunlineAgent, disputed.g, disputed.s);
    expect(A.is(a, 'move') && A.read.move.goal(a) === OBJ).toBe(true);
    const held = activate(doc([troopers('far', 20, 10), troopers('near', 60, 44, { officer: undefined })], [golems('g', 110, 85)], withObjective(60, 46)));
    expect(A.is(decide(gunlineAgent, held.g, held.s), 'move')).toBe(false);
  });
});

describe('close combat', () => {
  it('a shooting unit with a target near the objective shoots rather than walk into the golems on it', () => {
    const { g, s } = activate(doc([troopers('s', 60, 20)], [golems('g', 60, 40)], withObjective(60, 42)));
    expect(A.is(decide(gunlineAgent, g, s), 'shoot')).toBe(true);
    // with nothing to shoot at (the golems out of sight behind a container), it goes for the objective
    const hidden = activate(doc([troopers('s', 60, 20)], [golems('g', 60, 40)], withObjective(60, 42, { terrain: [{ id: 'c', polygon: [[40, 30], [80, 30], [80, 34], [40, 34]], size: 3, cover: false }] })));
    expect(decide(gunlineAgent, hidden.g, hidden.s)).toBe(A.encode.move(0, OBJ));
  });
  it('troopers caught by golems step back; golems caught by troopers strike', () => {
    const d = doc([troopers('s', 60, 40)], [golems('g', 60, 47.5)], { firstRoundAuthorityWinner: 'A' });
    const { g, s } = activate(d);
    expect(s.engagedAtStart).toBe(1);
    const a = decide(gunlineAgent, g, s);
    expect(A.is(a, 'move') && A.read.move.goal(a) === 4).toBe(true); // heading 180°: away from the golems (south)
    const gs = activate(doc([golems('g', 60, 47.5)], [troopers('s', 60, 40)], { firstRoundAuthorityWinner: 'A' }));
    for (const f of AGENTS) expect(decide(f, gs.g, gs.s), f.name).toBe(A.encode.fight());
  });
  it('assault charges with golems (reaper blades 3+ / 3+) but not with steel troopers (knives 5+ to wound)', () => {
    const gol = activate(doc([golems('g', 60, 40)], [troopers('s', 60, 60)], { firstRoundAuthorityWinner: 'A' }));
    expect(decide(assaultAgent, gol.g, gol.s)).toBe(A.encode.move(1, N_DIRS + 1));
    const tro = activate(doc([troopers('s', 60, 40)], [golems('g', 60, 60)], { firstRoundAuthorityWinner: 'A' }));
    const a = decide(assaultAgent, tro.g, tro.s);
    expect(A.is(a, 'move') && A.read.move.goal(a) === N_DIRS + 1).toBe(false);
    expect(A.is(a, 'shoot')).toBe(true);
  });
});

describe('officers and drills', () => {
  it('an officer down to three men steps out of the golems\' reach; without an officer the same unit shoots', () => {
    const threeLeft = (g: At43Game, s: At43State) => {
      for (let f = 3; f < 6; f++) s.alive[f] = 0;
      s.members[0] = 3;
      s.lp[0] = 5; // LP to rally after a failed morale test (fallen to 3) and to pay for an officer-less unit
      s.geom++;
    };
    const led = activate(doc([troopers('s', 60, 40)], [golems('g', 60, 62)], { firstRoundAuthorityWinner: 'A' }), threeLeft);
    const a = decide(gunlineAgent, led.g, led.s);
    expect(led.g.describeAction(led.s, a)).toBe('s moves heading 180°'); // away, south
    const plain = activate(doc([troopers('s', 60, 40, { officer: undefined })], [golems('g', 60, 62)], { firstRoundAuthorityWinner: 'A' }), threeLeft);
    expect(plain.g.describeAction(plain.s, decide(gunlineAgent, plain.g, plain.s))).toBe('s fires laser-rifle at g');
  });
  it('"Take cover!" only where cover is at hand (a low wall within 10 cm); Overwatch otherwise', () => {
    // the golems 170 cm away (no shot); the troopers step 14 cm north, ending by the wall or far from it
    const extra = { terrain: [{ id: 'w', polygon: [[10, 48], [30, 48], [30, 50], [10, 50]], size: 1, cover: true }], firstRoundAuthorityWinner: 'A', table: { width: 200, depth: 90 } };
    for (const [y, drill] of [[38, 2], [10, 1]] as const) {
      const { g, s, ctx } = activate(doc([troopers('s', 20, y)], [golems('g', 190, 85)], extra));
      g.apply(s, A.encode.move(0, 0), ctx);
      expect(decide(objectiveAgent, g, s), `from y ${y}`).toBe(A.encode.drill(drill));
    }
  });
});

describe('the search hooks', () => {
  it('rank gives the agent\'s own choice the top prior, and other legal actions less', () => {
    for (const f of AGENTS) {
      const { g, s } = activate(doc([troopers('s', 60, 20)], [golems('g', 60, 50)], withObjective(60, 46)));
      const c = ctxFor(g, s);
      const ag = f.create(g, 0, resolveAgentParams(f, {})[0]);
      const out = new Float64Array(c.n);
      ag.rank!(c, out);
      const choice = ag.decide(c);
      const top = out.indexOf(Math.max(...out));
      expect(c.legal[top], f.name).toBe(choice);
      expect(out.filter((v) => v >= 1).length).toBe(1);
    }
  });
});

describe('evaluate: a win-probability estimate with the objectives in it', () => {
  const file = bundledScenarios('at43').find((f) => f.endsWith('sector55.yaml'))!;
  const L = loadScenarioFile(file);
  const g = L.compiled as unknown as At43Game;
  const fresh = () => g.newGame(new Rng([1, 2, 3, 4]), { dice: new Rng([1, 1, 1, 1]), tally: new Tally(g.metrics) });
  it('is symmetric (the sides\' estimates add up to 1) and rises with material, the VP lead and the objective held', () => {
    const s = fresh();
    const e0 = g.evaluate!(s, 0);
    expect(e0 + g.evaluate!(s, 1)).toBeCloseTo(1, 12);
    const lead = fresh();
    lead.vp[0] = 2;
    expect(g.evaluate!(lead, 0)).toBeGreaterThan(e0);
    // UNA's troopers on the generator (and the golems away): UNA would score the rounds left
    const held = fresh();
    const O = g.model.objectives[0];
    for (let f = 0; f < 6; f++) {
      held.fx[f] = O.x - 5 + 2 * f;
      held.fy[f] = O.y + 4;
    }
    held.geom++;
    expect(g.evaluate!(held, 0)).toBeGreaterThan(e0);
    const fewer = fresh();
    const U = g.model.units[2];
    for (let f = U.first; f < U.first + 4; f++) fewer.alive[f] = 0;
    fewer.members[2] -= 4;
    expect(g.evaluate!(fewer, 0)).toBeGreaterThan(e0);
    expect(g.evaluate!(fewer, 0) + g.evaluate!(fewer, 1)).toBeCloseTo(1, 12);
  });
  it('predicts the outcome better than a coin on positions of default-agent games (Brier score)', () => {
    const tally = new Tally(g.metrics);
    const scratch = new PlayScratch(L.compiled);
    let brier = 0;
    let n = 0;
    for (let i = 0; i < 20; i++) {
      const agents = [gunlineAgent, assaultAgent].map((f, side) => (f as AgentFactory).create(g, side, resolveAgentParams(f as AgentFactory, {})[0]));
      const p: number[] = [];
      let k = 0;
      const r = playGame(L.compiled, agents, gameStreams(9, i, 2), tally, scratch, { beforeDecision: (s) => void (k++ % 10 === 0 && p.push(g.evaluate!(s as At43State, 0))) });
      const y = r.result.winner === 0 ? 1 : r.result.winner === 1 ? 0 : 0.5;
      for (const q of p) brier += (q - y) ** 2;
      n += p.length;
    }
    expect(n).toBeGreaterThan(100);
    expect(brier / n).toBeLessThan(0.2); // a coin: 0.25
  });
});

describe('against random (sector55, 30 games a seat)', () => {
  const file = bundledScenarios('at43').find((f) => f.endsWith('sector55.yaml'))!;
  const L = loadScenarioFile(file);
  const g = L.compiled as unknown as At43Game;
  const wins = (fs: AgentFactory[], seat: number) => {
    const tally = new Tally(g.metrics);
    const scratch = new PlayScratch(L.compiled);
    let n = 0;
    for (let i = 0; i < 30; i++) {
      const agents = fs.map((f, side) => f.create(g, side, resolveAgentParams(f, {})[0]));
      if (playGame(L.compiled, agents, gameStreams(5, i, 2), tally, scratch).result.winner === seat) n++;
    }
    return n;
  };
  for (const f of [...AGENTS, bulwarkAgent as AgentFactory])
    it(`${f.name} wins most games as UNA and every game as the Therians`, () => {
      expect(wins([f, randomAgent as AgentFactory], 0)).toBeGreaterThanOrEqual(23);
      expect(wins([randomAgent as AgentFactory, f], 1)).toBe(30);
    });
});

describe('quickAnswer: the decisions an agent answers before observing', () => {
  it('gets tactical()\'s answer wherever it answers, over random playouts of every bundled scenario', () => {
    const answered: Record<string, number> = {};
    let wrong = 0;
    for (const file of bundledScenarios('at43')) {
      const L = loadScenarioFile(file);
      const g = L.compiled as unknown as At43Game;
      const tally = new Tally(g.metrics);
      const scratch = new PlayScratch(L.compiled);
      for (let i = 0; i < 3; i++) {
        const agents = [0, 1].map((side) => randomAgent.create(g, side, resolveAgentParams(randomAgent, {})[0]));
        playGame(L.compiled, agents, gameStreams(21, i, 2), tally, scratch, {
          beforeDecision: (st) => {
            const c = ctxFor(g, st as At43State) as Ctx;
            for (const first of [c.side, 1 - c.side]) {
              const q = quickAnswer(c, first);
              if (q < 0) continue;
              const o = c.observe();
              // tactical names its own side first; the other side is bulwark's answer with lead: false
              const t = o.pending === 'first' && first !== o.me ? A.encode.first(1 - o.me) : tactical(c, o, () => 0, () => 0);
              if (q !== t) wrong++;
              const k = o.pending ?? 'turn';
              answered[k] = (answered[k] ?? 0) + 1;
            }
          },
        });
      }
    }
    expect(wrong).toBe(0);
    for (const k of ['turn', 'pay', 'first']) expect(answered[k] ?? 0).toBeGreaterThan(10);
    // what reads the observation is never answered blind
    for (const k of ['order', 'wager', 'rally', 'overwatch']) expect(answered[k] ?? 0).toBe(0);
  });
});
