import { determinizeFor } from '../../../src/core/play.ts';
/**
 * The agents' fast evaluation must give exactly what the plain definitions give (spec §7.3): the
 * move search (search.ts) against the original straightforward Dijkstra (kept here as the oracle),
 * the memoised position values and card shots (evaluator.ts) against eval.ts, over states from
 * random playouts under option variants that take every fallback path (terrain, wrecks that block
 * sight, smoke, Cutting Through, turret rotation, simplified armour, boundary rules). Equality is
 * exact (toBe), which is what keeps the agents' decisions and the golden transcripts unchanged.
 */
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../../src/core/agent.ts';
import { PlayScratch, playGame } from '../../../src/core/play.ts';
import { gameStreams } from '../../../src/core/rng/streams.ts';
import { Tally } from '../../../src/core/tally.ts';
import { opposite, rotate } from '../../../src/core/geometry/hex/index.ts';
import { findSystem } from '../../../src/systems/index.ts';
import { STEP_FORWARD, STEP_REVERSE, TURN_KS, turnCode } from '../../../src/systems/panzervor/actions.ts';
import { boardIndex, otherTankAt, stepCost, turnCost } from '../../../src/systems/panzervor/rules/board.ts';
import type { PvCompiledGame } from '../../../src/systems/panzervor/index.ts';
import type { PvObservation } from '../../../src/systems/panzervor/observe.ts';
import { MATCH_FLAG } from '../../../src/systems/panzervor/model.ts';
import { PLAIN, bestShot, killChance, nearestEnemy, quickShotKill, threatAt } from '../../../src/systems/panzervor/agents/eval.ts';
import { Evaluator } from '../../../src/systems/panzervor/agents/evaluator.ts';
import { Searcher } from '../../../src/systems/panzervor/agents/search.ts';
import type { PvState } from '../../../src/systems/panzervor/state.ts';
import { agent, compileDoc, loadBundled, type DocSpec } from './helpers.ts';

/** One end state of a move: where the tank can stop, and the first step (payload) to get there. */
interface EndState {
  readonly hex: number;
  readonly facing: number;
  /** First step's CAT_STEP payload, or -1 when the tank is already there (stop). */
  readonly first: number;
  readonly cost: number;
}

// The original search's buffers.
let bestBuf = new Int16Array(0);
let firstBuf = new Int16Array(0);
let seenBuf = new Uint8Array(0);
let occBuf = new Int16Array(0);
let wreckBuf = new Uint8Array(0);
const touched: number[] = [];

/**
 * Every (hex, facing) tank t can end its move on, from (hex, facing) with `mp` MP and the free
 * 60-degree turn available or not; Dijkstra over (hex, facing, free) with the engine's step costs.
 */
function referenceReach(o: PvObservation, t: number, hex: number, facing: number, mp: number, free: boolean): EndState[] {
  const G = o.G;
  const n = G.grid.n;
  const size = n * 12;
  if (bestBuf.length < size) {
    bestBuf = new Int16Array(size).fill(-1);
    firstBuf = new Int16Array(size);
    seenBuf = new Uint8Array(n * 6);
    occBuf = new Int16Array(n);
    wreckBuf = new Uint8Array(n);
  }
  const board = boardIndex(G, o, occBuf, wreckBuf);
  const best = bestBuf; // remaining MP, -1 unseen
  const first = firstBuf;
  touched.length = 0;
  const buckets: number[][] = [];
  for (let i = 0; i <= mp; i++) buckets.push([]);
  const k0 = (hex * 6 + facing) * 2 + (free ? 1 : 0);
  touched.push(k0);
  best[k0] = mp;
  first[k0] = -1;
  buckets[0].push(k0);
  for (let spent = 0; spent <= mp; spent++) {
    const q = buckets[spent];
    for (let qi = 0; qi < q.length; qi++) {
      const k = q[qi];
      const left = mp - spent;
      if (best[k] !== left) continue;
      const h = ((k >> 1) / 6) | 0;
      const f = (k >> 1) % 6;
      const fr = (k & 1) === 1;
      const f0 = first[k];
      for (let r = 0; r < 2; r++) {
        const c = stepCost(G, board, t, h, f, r === 1);
        if (c < 0 || c > left) continue;
        const dest = G.grid.nbr[h * 6 + (r === 1 ? opposite(f) : f)];
        const k2 = (dest * 6 + f) * 2 + 1;
        const rem = left - c;
        if (best[k2] >= rem) continue;
        if (best[k2] < 0) touched.push(k2);
        best[k2] = rem;
        first[k2] = f0 === -1 ? (r === 1 ? STEP_REVERSE : STEP_FORWARD) : f0;
        buckets[mp - rem].push(k2);
      }
      for (let i = 0; i < TURN_KS.length; i++) {
        const kk = TURN_KS[i];
        const c = turnCost(G, fr, kk);
        if (c > left) continue;
        const k2 = (h * 6 + rotate(f, kk)) * 2;
        const rem = left - c;
        if (best[k2] >= rem) continue;
        if (best[k2] < 0) touched.push(k2);
        best[k2] = rem;
        first[k2] = f0 === -1 ? turnCode(kk) : f0;
        buckets[mp - rem].push(k2);
      }
    }
  }
  // Collapse to (hex, facing) where the tank may stop; keep the cheaper of the two free flags.
  touched.sort((a, b) => a - b);
  const out: EndState[] = [];
  const seen = seenBuf;
  for (const k of touched) {
    const hf = k >> 1;
    if (seen[hf]) continue;
    seen[hf] = 1;
    const twin = hf * 2 + ((k & 1) ^ 1);
    const use = best[twin] > best[k] ? twin : k;
    const h = (hf / 6) | 0;
    if (otherTankAt(G, board, h, t) >= 0) continue;
    out.push({ hex: h, facing: hf % 6, first: first[use], cost: mp - best[use] });
  }
  for (const k of touched) {
    best[k] = -1;
    seen[k >> 1] = 0;
  }
  return out;
}

/** Observations of side `side` at a spread of decisions of random playouts. */
function observations(game: PvCompiledGame, games: number, seed: number, every = 3): PvObservation[][] {
  const rnd = findSystem('panzervor')!.agents.find((a) => a.name === 'random')!;
  const scratch = new PlayScratch(game);
  const tally = new Tally(game.metrics);
  const out: PvObservation[][] = [];
  for (let g = 0; g < games; g++) {
    const agents: Agent[] = [0, 1].map((side) => rnd.create(game, side, {}));
    const list: PvObservation[] = [];
    let i = 0;
    playGame(game, agents, gameStreams(seed, g, 2), tally, scratch, {
      onDecision: (s) => {
        const st = s as PvState;
        if (i++ % every === 0 && st.hex.some((h) => h >= 0)) list.push(game.observe(st, st.active));
      },
    });
    out.push(list);
  }
  return out;
}

const WOODS: Record<string, string> = { '0705': 'forest', '0706': 'forest', '0906': 'hill', '0907': 'hill', '0809': 'forest', '1008': 'hill', '0608': 'hill' };
const units = (side: 0 | 1): DocSpec['a'] =>
  side === 0
    ? [{ tank: 'pz4f2', hex: '0606', character: { id: 'miho' } }, { tank: 'stug3f', hex: '0707', character: { id: 'saori' } }, { tank: 'm3lee', hex: '0508' }]
    : [{ tank: 'm4', hex: '1010', facing: 'S', character: { id: 'yukari' } }, { tank: 'firefly', hex: '1111', facing: 'S', character: { id: 'hana' } }, { tank: 'type89', hex: '0911', facing: 'S' }];

const VARIANTS: Array<[string, () => PvCompiledGame]> = [
  ['fake battle', () => loadBundled('fake-battle.yaml')],
  ['kuromorimine line (terrain, 7 vs 7, two-gun tanks)', () => loadBundled('kuromorimine-line.yaml')],
  ['saunders flag battle', () => loadBundled('saunders-flag.yaml')],
  ['wrecks that block sight, Cutting Through, smoke, reverse x everything', () =>
    compileDoc({ a: units(0), b: units(1), terrain: WOODS, hands: [5, 5], options: { wreckage: true, wreckLos: 'blocks', cuttingThrough: true, reverseCostMode: 'doubleEverything' }, overrides: { 'deck.composition.smokescreen': 6 } })],
  ['turret rotation, simplified armour, boundary rules', () =>
    compileDoc({ a: units(0), b: units(1), terrain: WOODS, hands: [5, 5], options: { turretRotation: true, turretRelativeToHull: false, simplifiedArmour: true, arcBoundaryFiring: 'outside', frontArcWidth: 120 } })],
  ['attacker-side boundary armour, wide rear arc, extreme range from 6', () =>
    compileDoc({ a: units(0), b: units(1), terrain: WOODS, hands: [5, 5], options: { arcBoundaryArmour: 'attacker', rearArcWidth: 120, extremeRangeFrom: 6, wreckage: true } })],
];

describe('agent move search (search.ts) equals the original Dijkstra', () => {
  for (const [name, make] of VARIANTS) {
    it(name, () => {
      const game = make();
      const G = game.G;
      let checked = 0;
      // Every 6th decision of two games: hundreds of positions per variant, every fallback path taken.
      const lists = observations(game, 2, 11, 6);
      for (const list of lists) {
        // One searcher per side across the whole game: its per-board cache and carry-over are exercised.
        const searchers = [new Searcher(G), new Searcher(G)];
        let stamp = 1;
        for (const o of list) {
          const S = searchers[o.side];
          S.setBoard(o, false, () => stamp++);
          for (const t of G.sideTanks[o.side]) {
            if (!o.alive[t] || o.hex[t] < 0) continue;
            for (const [mp, free] of [[G.tMove[t], false], [G.tMove[t] + 2, false], [2, true], [0, true]] as Array<[number, boolean]>) {
              const want = referenceReach(o, t, o.hex[t], o.facing[t], mp, free);
              const got = free ? S.reach(t, o.hex[t], o.facing[t], mp, free) : S.reachHome(t, o.hex[t], o.facing[t], mp, 2);
              const ends: EndState[] = [];
              for (let i = 0; i < got.count; i++) if (got.cost[i] <= mp) ends.push({ hex: (got.hf[i] / 6) | 0, facing: got.hf[i] % 6, first: got.first[i], cost: got.cost[i] });
              expect(ends).toEqual(want);
              // The first step toward a few end states, and toward one that is not an end state.
              for (let j = 0; j < want.length; j += 7) expect(S.firstStep(t, o.hex[t], o.facing[t], mp, free, want[j].hex, want[j].facing)).toBe(want[j].first);
              const far = (o.hex[t] + 97) % G.grid.n;
              if (!want.some((e) => e.hex === far)) expect(S.firstStep(t, o.hex[t], o.facing[t], mp, free, far, 0)).toBe(-2);
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(50);
      if (G.opt.wreckage && G.opt.wreckLos === 'blocks') {
        const all = lists.flat();
        expect(all.some((o) => o.smokeHex.length > 0)).toBe(true);
        expect(all.some((o) => o.wreck.some((w, t) => w && !o.alive[t]))).toBe(true);
      }
    });
  }
});

/** position() as the original policy defined it, from the plain functions of eval.ts. */
function referencePosition(o: PvObservation, t: number, hex: number, facing: number, lambda: number, style: { closeWeight: number; rangeWeight: number; ownFlagWeight: number }, weights: Float64Array): number {
  const G = o.G;
  const potential = 0.3 * bestShot(o, t, hex, facing, PLAIN, weights).ek;
  const own = G.matchType === MATCH_FLAG && G.tFlag[t] ? style.ownFlagWeight : 1;
  const risk = lambda * own * threatAt(o, t, hex, facing);
  const near = Math.min(30, nearestEnemy(o, t, hex));
  const close = style.closeWeight * Math.min(20, near);
  const longest = Math.max(G.gRange[2 * t], G.nG[t] > 1 ? G.gRange[2 * t + 1] : 0);
  const outOfRange = style.rangeWeight * Math.max(0, near - Math.min(longest, G.opt.extremeRangeFrom - 1));
  return potential - risk - close - outOfRange;
}

describe('memoised evaluations (evaluator.ts) equal the plain ones (eval.ts), bit for bit', () => {
  for (const [name, make] of VARIANTS) {
    it(name, () => {
      const game = make();
      const G = game.G;
      const style = { closeWeight: 0.25, rangeWeight: 0.1, ownFlagWeight: 3 };
      const weights = new Float64Array(G.nT).map((_, u) => (G.matchType === MATCH_FLAG && G.tFlag[u] ? 5 : 1));
      const mta = G.kId.map((_, k) => k).filter((k) => G.kKind[k] === 3);
      let checked = 0;
      let stamp = 1;
      const step = Math.max(11, Math.floor(G.grid.n / 20));
      // One game, every 5th decision, the first 20 of them: both sides, early and middle game.
      for (const list of observations(game, 1, 5, 5)) {
        // One evaluator per side across the game: pair memos survive from one decision to the next
        // (and side B does without them, as huge scenarios do).
        const evs = [new Evaluator(G, 0), new Evaluator(G, 1, 0)];
        for (const o of list.slice(0, 20)) {
          const ev = evs[o.side];
          const lambda = 0.5 + (o.enfDrawn % 3) * 0.25;
          ev.begin(o, ++stamp, lambda, style, weights);
          for (const t of G.sideTanks[o.side]) {
            if (!o.alive[t]) continue;
            for (let hex = (t * 7 + stamp) % step; hex < G.grid.n; hex += step) {
              for (let f = 0; f < 6; f++) {
                expect(ev.position(t, hex, f)).toBe(referencePosition(o, t, hex, f, lambda, style, weights));
                expect(ev.quickShot(t, hex, f)).toBe(quickShotKill(o, t, hex, f));
                for (const k of mta) {
                  const want = bestShot(o, t, hex, f, { attackMod: G.kAtk[k], damageMod: G.kDmg[k], noRoll: G.kNoRoll[k] === 1 }, weights);
                  expect(ev.cardShot(k, t, hex, f)).toBe(want.ek);
                  expect(ev.lastTarget).toBe(want.target);
                }
                checked++;
              }
            }
            // Attacks from where it stands, with every attack modifier.
            for (const [atk, dmg, noRoll] of [[0, 0, false], [2, 0, false], [-1, 1, false], [0, 0, true]] as Array<[number, number, boolean]>) {
              const card = { attackMod: atk, damageMod: dmg, noRoll };
              if (o.hex[t] < 0) continue;
              const want = bestShot(o, t, o.hex[t], o.facing[t], card, weights);
              expect(ev.shot(t, o.hex[t], o.facing[t], atk, dmg, noRoll)).toBe(want.ek);
              expect([ev.lastTarget, ev.lastP]).toEqual([want.target, want.p]);
              for (let u = 0; u < G.nT; u++) {
                if (!o.alive[u] || G.tSide[u] === G.tSide[t] || o.hex[u] < 0) continue;
                expect(ev.killP(t, o.hex[t], o.facing[t], u, o.hex[u], o.facing[u], atk, dmg, noRoll)).toBe(killChance(o, t, o.hex[t], o.facing[t], u, card).p);
              }
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(500);
    });
  }
});

describe('positionBound (evaluator.ts) bounds every position value and card shot of the hex', () => {
  // The heuristic passes over a hex whose bound cannot beat its best end: a bound below a value
  // would change a decision.
  for (const [name, make] of VARIANTS) {
    it(name, () => {
      const game = make();
      const G = game.G;
      const weights = new Float64Array(G.nT).map((_, u) => (G.matchType === MATCH_FLAG && G.tFlag[u] ? 3 : 1));
      const mta = G.kId.map((_, k) => k).filter((k) => G.kKind[k] === 3);
      const styles = [
        [0.5, { closeWeight: 0.25, rangeWeight: 0.1, ownFlagWeight: 3 }],
        [0, { closeWeight: 0, rangeWeight: 0, ownFlagWeight: 1 }],
      ] as const;
      const step = Math.max(3, Math.floor(G.grid.n / 60));
      let stamp = 1;
      let tight = 0;
      let checked = 0;
      const below: string[] = [];
      for (const list of observations(game, 1, 5, 5)) {
        const ev = new Evaluator(G, 0);
        for (const o of list.filter((x) => x.side === 0).slice(0, 8)) {
          const [lambda, style] = styles[stamp % 2];
          ev.begin(o, ++stamp, lambda, style, weights);
          for (const t of G.sideTanks[0]) {
            if (!o.alive[t]) continue;
            for (let hex = stamp % step; hex < G.grid.n; hex += step) {
              const bound = ev.positionBound(t, hex);
              const shotBound = ev.lastShotBound;
              for (let f = 0; f < 6; f++) {
                const v = ev.position(t, hex, f);
                if (!(bound >= v)) below.push(`position t${t} hex ${hex} f${f}: ${v} > ${bound}`);
                if (bound === v) tight++;
                for (const k of mta) {
                  const shot = ev.cardShot(k, t, hex, f);
                  if (!(shotBound >= shot)) below.push(`card ${k} t${t} hex ${hex} f${f}: ${shot} > ${shotBound}`);
                }
                checked++;
              }
            }
          }
        }
      }
      expect(below.slice(0, 5)).toEqual([]);
      expect(checked).toBeGreaterThan(500);
      // Reached (out of every enemy's range, no risk): the bound is not loose everywhere.
      expect(tight).toBeGreaterThan(0);
    });
  }
});

describe('heuristic agents', () => {
  it('decide the same without the positionBound shortcut (hexes that cannot win passed over)', () => {
    // The default styles, and styles with no pull toward the enemy, whose ends out of every range
    // tie at 0 with staying put (the first of them in order is the choice), on every variant.
    const pairs: Array<[string, Record<string, number>, string, Record<string, number>]> = [
      ['marksman', {}, 'brawler', {}],
      ['marksman', { rangeWeight: 0 }, 'brawler', { closeWeight: 0 }],
    ];
    const play = (): number[] => {
      const log: number[] = [];
      for (const [, make] of VARIANTS) {
        const game = make();
        const tally = new Tally(game.metrics);
        const scratch = new PlayScratch(game);
        for (const [a, pa, b, pb] of pairs) {
          for (let g = 0; g < 2; g++) playGame(game, [agent(a, game, 0, pa), agent(b, game, 1, pb)], gameStreams(5, g, 2), tally, scratch, { onDecision: (_s, _side, x) => log.push(x) });
        }
      }
      return log;
    };
    const fast = play();
    const bound = Object.getOwnPropertyDescriptor(Evaluator.prototype, 'positionBound')!;
    Object.defineProperty(Evaluator.prototype, 'positionBound', { ...bound, value: () => Infinity });
    try {
      expect(fast).toEqual(play());
    } finally {
      Object.defineProperty(Evaluator.prototype, 'positionBound', bound);
    }
    expect(fast.length).toBeGreaterThan(1000);
  });

  it('decide the same when games of one compiled scenario interleave (shared memo tables)', () => {
    const system = findSystem('panzervor')!;
    const game = loadBundled('fake-battle.yaml');
    const make = (side: number) => system.agents.find((a) => a.name === (side === 0 ? 'marksman' : 'brawler'))!;
    const params = (side: number) => Object.fromEntries(Object.entries(make(side).params).map(([k, v]) => [k, v.default]));
    const tally = new Tally(game.metrics);
    // Sequential games, as the runner plays them.
    const sequential: number[][] = [];
    for (let g = 0; g < 4; g++) {
      const log: number[] = [];
      playGame(game, [0, 1].map((s) => make(s).create(game, s, params(s))), gameStreams(3, g, 2), tally, new PlayScratch(game), { onDecision: (_s, _side, a) => log.push(a) });
      sequential.push(log);
    }
    // The same games played one decision at a time in turn, each with its own agents.
    const states = [0, 1, 2, 3].map((g) => {
      const streams = gameStreams(3, g, 2);
      const ctx = { dice: streams.dice, tally };
      return { g, streams, ctx, s: game.newGame(streams.setup, ctx), agents: [0, 1].map((s) => make(s).create(game, s, params(s))), log: [] as number[] };
    });
    const legal = new Int32Array(game.maxActions);
    let live = states.length;
    while (live > 0) {
      live = 0;
      for (const st of states) {
        if (game.result(st.s) !== null) continue;
        live++;
        const side = game.currentSide(st.s);
        const n = game.legalActions(st.s, legal);
        let obs: PvObservation | null = null;
        const a = n === 1 ? legal[0] : st.agents[side].decide({ side, legal, n, rng: st.streams.agents[side], observe: () => (obs ??= game.observe(st.s, side)), describe: (x) => game.describeAction(st.s, x), determinize: (r) => determinizeFor(game, st.s, side, r) });
        st.log.push(a);
        game.apply(st.s, a, st.ctx);
      }
    }
    expect(states.map((st) => st.log)).toEqual(sequential);
  });
});
