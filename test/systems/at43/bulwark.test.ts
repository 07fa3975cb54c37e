/**
 * bulwark, the outgunned seat's plan (issue 19), on constructed positions: its post lies behind
 * the low wall on the line from the enemy; it goes there when it has nothing to shoot, keeps an
 * Overwatch! marker there, shoots what is near and overwatches what is far; it leaves its post
 * for the objective once its side outnumbers the enemy; it bids its maximum for the initiative
 * and plays first. Against random: agents.test.ts (the full figures: scripts/agents-vs-random.ts --system at43).
 */
import { describe, expect, it } from 'vitest';
import { type AgentFactory } from '../../../src/core/agent.ts';
import { A, F } from '../../../src/systems/at43/actions.ts';
import { bulwarkAgent, SEARCH_PORTFOLIO } from '../../../src/systems/at43/agents/index.ts';
import { postOf } from '../../../src/systems/at43/agents/bulwark.ts';
import { MAX_UNITS, N_DIRS } from '../../../src/systems/at43/model.ts';
import { activate, ctxFor, decide, golems, troopers } from './agent-helpers.ts';
import { compile, doc, start } from './helpers.ts';

const B = bulwarkAgent as AgentFactory;
const OBJ = N_DIRS + MAX_UNITS; // goal of objective 0
/** A low wall (Size 1, cover) across x 10-30 at y 30-32, on a table 200 cm deep (enemies out of range at y 190). */
const wall = (extra: Record<string, unknown> = {}) => ({ terrain: [{ id: 'w', polygon: [[10, 30], [30, 30], [30, 32], [10, 32]], size: 1, cover: true }], firstRoundAuthorityWinner: 'A', table: { width: 120, depth: 200 }, ...extra });
const leaderY = (s: { fy: readonly number[]; leader: readonly number[] }) => s.fy[s.leader[0]];

describe('bulwark: the post behind the low wall', () => {
  it('lies beyond the wall on the line from the enemy, and only within reach and out of the enemy\'s reach', () => {
    const post = new Float64Array(2);
    const north = activate(doc([troopers('s', 20, 10)], [golems('g', 20, 190)], wall()));
    expect(postOf(north.g.observe(north.s, 0), 0, 30, 25, post)).toBe(true);
    expect(post[0]).toBeCloseTo(20, 5);
    expect(post[1]).toBeLessThan(30); // south of the wall, the golems north of it
    expect(post[1]).toBeGreaterThan(25);
    // golems to the north-east: the post is south-west of the wall's centre, on their line through it
    const ne = activate(doc([troopers('s', 20, 10)], [golems('g', 100, 190)], wall()));
    expect(postOf(ne.g.observe(ne.s, 0), 0, 30, 25, post)).toBe(true);
    expect(post[0]).toBeLessThan(20);
    expect(post[1]).toBeLessThan(30);
    expect((post[0] - 20) / (post[1] - 31)).toBeCloseTo((100 - 20) / (ne.s.fy[ne.s.leader[1]] - 31), 5);
    // golems to the south: the post is north of the wall
    const south = activate(doc([troopers('s', 20, 60)], [golems('g', 20, 2)], wall({ table: { width: 120, depth: 90 } })));
    expect(postOf(south.g.observe(south.s, 0), 0, 30, 25, post)).toBe(true);
    expect(post[1]).toBeGreaterThan(32);
    // beyond reach, or within `safe` of an enemy leader: no post
    expect(postOf(north.g.observe(north.s, 0), 0, 10, 25, post)).toBe(false);
    const close = activate(doc([troopers('s', 20, 10)], [golems('g', 20, 45)], wall()));
    expect(postOf(close.g.observe(close.s, 0), 0, 30, 25, post)).toBe(false);
  });

  it('with nothing to shoot it rushes to its post, then keeps an Overwatch! marker there', () => {
    const { g, s, ctx } = activate(doc([troopers('s', 20, 10)], [golems('g', 20, 190)], wall()));
    const a = decide(B, g, s);
    expect(g.describeAction(s, a)).toBe('s rushes heading 0°');
    g.apply(s, a, ctx);
    expect(leaderY(s)).toBeGreaterThan(25); // stopped by the wall, behind it
    expect(leaderY(s)).toBeLessThan(30);
    expect(decide(B, g, s)).toBe(A.encode.drill(1));
  });

  it('at its post it shoots a target less than `watch` range bands away and overwatches a farther one', () => {
    const near = activate(doc([troopers('s', 20, 27)], [golems('g', 20, 55)], wall()));
    expect(near.g.describeAction(near.s, decide(B, near.g, near.s))).toBe('s fires laser-rifle at g');
    const far = activate(doc([troopers('s', 20, 27)], [golems('g', 20, 72)], wall()));
    expect(decide(B, far.g, far.s)).toBe(A.encode.drill(1));
    expect(far.g.describeAction(far.s, decide(B, far.g, far.s, { watch: 99 }))).toBe('s fires laser-rifle at g');
  });

  it('leaves its post for the objective once its side outnumbers the enemy by `advance`', () => {
    // 12 troopers against 6 golems on the objective: 2:1
    const d = doc([troopers('s', 20, 27), troopers('t', 90, 10, { officer: undefined })], [golems('g', 20, 60)], wall({ objectives: [{ id: 'o', x: 20, y: 62, vpPerRound: 1 }] }));
    const go = activate(d);
    expect(A.is(decide(B, go.g, go.s), 'move') && A.read.move.goal(decide(B, go.g, go.s))).toBe(OBJ);
    const stay = activate(d);
    expect(A.is(decide(B, stay.g, stay.s, { advance: 2.5 }), 'move')).toBe(false);
  });
});

describe('bulwark: the initiative', () => {
  it('bids its maximum for the initiative and plays first; with lead=false it names the enemy first', () => {
    const g = compile(doc([troopers('s', 20, 10)], [golems('g', 20, 80)], { table: { width: 120, depth: 90 } }));
    const { s, ctx } = start(g);
    for (const side of [0, 1]) for (const U of g.model.units) if (U.side === side) g.apply(s, A.encode.order(U.index), ctx);
    expect(F.top(s.pending)).toBe('wager');
    const c = ctxFor(g, s);
    const max = c.legal[c.n - 1];
    expect(max).toBe(A.encode.wager(2)); // a sergeant: Authority 1, up to 2 LP (p.55)
    expect(decide(B, g, s)).toBe(max);
    // play the wagers until the winner names the first player
    while (F.top(s.pending) === 'wager') g.apply(s, decide(B, g, s), ctx);
    expect(F.top(s.pending)).toBe('first');
    expect(g.currentSide(s)).toBe(0); // these dice: side A wins the authority test
    expect(decide(B, g, s)).toBe(A.encode.first(0));
    expect(decide(B, g, s, { lead: false })).toBe(A.encode.first(1));
  });
});

describe('bulwark in the search portfolio', () => {
  it('is one of the plans mcts switches between, with its tuned setting (underdog.test.ts; against random: agents.test.ts)', () => {
    expect(SEARCH_PORTFOLIO).toContain('bulwark');
  });
});
