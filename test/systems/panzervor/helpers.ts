/**
 * Test helpers for Panzer Vor!: scenarios built in code, scripted dice, arranged decks, and
 * choosing actions by their description (so tests read like the rulebook's examples).
 */
import { expect } from 'vitest';
import { Rng } from '../../../src/core/rng/rng.ts';
import { Tally } from '../../../src/core/tally.ts';
import type { PlayContext } from '../../../src/core/system.ts';
import { compileScenarioDocument, loadScenarioFile } from '../../../src/scenario/load.ts';
import type { PvCompiledGame } from '../../../src/systems/panzervor/index.ts';
import { newGame } from '../../../src/systems/panzervor/engine.ts';
import { startTurn } from '../../../src/systems/panzervor/rules/turn.ts';
import { PHASE_ACTION, isOver, type PvState } from '../../../src/systems/panzervor/state.ts';
import { decisionOf, type PvDecision } from '../../../src/systems/panzervor/actions.ts';
import { sideToAct } from '../../../src/core/decision/stack.ts';
import type { PvStatic } from '../../../src/systems/panzervor/model.ts';
import { ROOT } from '../../helpers/bundled.ts';
import { join } from 'node:path';
import type { Agent, DecisionContext } from '../../../src/core/agent.ts';
import { determinizeFor, playGame, PlayScratch } from '../../../src/core/play.ts';
import { gameStreams, streamFor } from '../../../src/core/rng/streams.ts';
import { findSystem } from '../../../src/systems/index.ts';

export const SCENARIOS = join(ROOT, 'scenarios', 'panzervor');

/** Dice that return scripted faces (1..n) in order; falls back to a seeded stream when empty. */
export class ScriptedRng extends Rng {
  readonly queue: number[];
  used = 0;
  constructor(values: number[] = [], readonly strict = true) {
    super([1, 2, 3, 4]);
    this.queue = values.slice();
  }
  push(...values: number[]): void {
    this.queue.push(...values);
  }
  override int(n: number): number {
    if (this.queue.length === 0) {
      if (this.strict) throw new Error(`scripted dice exhausted (a draw of 1..${n} was asked for)`);
      return super.int(n);
    }
    const v = this.queue.shift()!;
    if (v < 1 || v > n) throw new Error(`scripted value ${v} outside 1..${n}`);
    this.used++;
    return v - 1;
  }
}

export interface UnitSpec {
  id?: string;
  tank: string;
  hex: string;
  facing?: string;
  character?: { id: string; face?: 'front' | 'back' };
  flag?: boolean;
  immobile?: boolean;
  inoperative?: boolean;
}

export interface DocSpec {
  a: UnitSpec[];
  b: UnitSpec[];
  options?: Record<string, unknown>;
  overrides?: Record<string, unknown>;
  terrain?: Record<string, string>;
  matchType?: 'elimination' | 'flag';
  hands?: [number, number];
  training?: boolean;
  deck?: { remove?: string[]; keep?: string[] };
  movesFirst?: 'A' | 'B';
  cols?: number;
  rows?: number;
  parity?: 'even-lower' | 'odd-lower';
}

export function scenarioDoc(d: DocSpec): Record<string, unknown> {
  const unit = (u: UnitSpec) => ({ ...u, facing: u.facing ?? 'N', character: u.character ? { id: u.character.id, face: u.character.face ?? 'front' } : undefined });
  const clean = (o: Record<string, unknown>) => JSON.parse(JSON.stringify(o));
  return clean({
    system: 'panzervor',
    id: 'test',
    name: 'test scenario',
    options: d.options,
    overrides: d.overrides,
    scenario: {
      map: { id: 'test-map', cols: d.cols ?? 16, rows: d.rows ?? 16, parity: d.parity ?? 'even-lower', defaultTerrain: 'clear', terrain: d.terrain ?? {} },
      matchType: d.matchType ?? 'elimination',
      placesFirst: 'A',
      movesFirst: d.movesFirst ?? 'A',
      training: d.training ?? false,
      deck: d.deck ? { remove: d.deck.remove ?? [], keep: d.deck.keep ?? [] } : undefined,
      sides: {
        A: { name: 'A', startingHand: d.hands?.[0] ?? 0, units: d.a.map(unit) },
        B: { name: 'B', startingHand: d.hands?.[1] ?? 0, units: d.b.map(unit) },
      },
    },
  });
}

export function compileDoc(d: DocSpec): PvCompiledGame {
  return compileScenarioDocument(scenarioDoc(d), 'test.yaml').compiled as PvCompiledGame;
}

export function loadBundled(name: string): PvCompiledGame {
  return loadScenarioFile(join(SCENARIOS, name)).compiled as PvCompiledGame;
}

/** A play context on scripted dice (non-strict: unscripted draws come from a fixed stream). */
export function scriptedCtx(values: number[] = [], strict = false): PlayContext & { dice: ScriptedRng; tally: Tally; lines: string[] } {
  const lines: string[] = [];
  return { dice: new ScriptedRng(values, strict), tally: undefined as unknown as Tally, log: (l: string) => lines.push(l), lines } as never;
}

/** A shuffler that leaves the order alone (so tests can arrange decks). */
export const noShuffle = { shuffle: () => {} };

/** Orders the deck so that Enforcement cards (the last card types) are at the bottom. */
const harmlessFirst = { shuffle: (a: number[]) => void a.sort((x, y) => y - x) };

/**
 * Sets up a game whose placements are all fixed and arranges the cards: hands as given, the deck
 * holding every other card with `deckTop` on top (first element drawn first). The active side's
 * turn starts without a draw (the Action Phase's main decision) unless `draw` is set, in which case the real Draw
 * Phase runs.
 */
export function setup(game: PvCompiledGame, o: { hands?: [Record<string, number>, Record<string, number>]; deckTop?: string[]; discard?: Record<string, number>; dice?: number[]; active?: number; draw?: boolean } = {}) {
  const G = game.G;
  const ctx = scriptedCtx(o.dice ?? []);
  (ctx as { tally: Tally }).tally = new Tally(game.metrics);
  const s = newGame(G, harmlessFirst, ctx);
  arrangeCards(G, s, o.hands ?? [{}, {}], o.deckTop ?? [], o.discard ?? {});
  s.enfDrawn = 0;
  for (let t = 0; t < G.nT; t++) {
    s.immobile[t] = G.tStartImmobile[t];
    s.inop[t] = G.tStartInop[t];
  }
  s.active = o.active ?? 0;
  s.turn = 0;
  if (o.draw) {
    startTurn(G, s, ctx);
  } else {
    s.turn = 1;
    s.phase = PHASE_ACTION;
    s.pending.depth = 0;
    s.actionsPlayed = 0;
    s.allowance = G.rules.actionCardsPerTurn;
    s.eventsPlayed = 0;
    s.csUsed = false;
    s.desperate = false;
    s.missed = false;
  }
  return { G, s, ctx };
}

export function cardIndex(G: PvStatic, id: string): number {
  const k = G.kId.indexOf(id);
  if (k < 0) throw new Error(`no card '${id}'`);
  return k;
}

/** Rebuilds every pile keeping the card total: hands and discard as given, the rest in the deck. */
export function arrangeCards(G: PvStatic, s: PvState, hands: [Record<string, number>, Record<string, number>], deckTop: string[], discard: Record<string, number>): void {
  const pool = new Array<number>(G.nK).fill(0);
  for (const k of s.deck) pool[k % 1000]++;
  for (let side = 0; side < 2; side++) for (let k = 0; k < G.nK; k++) pool[k] += s.hand[side][k];
  for (let k = 0; k < G.nK; k++) pool[k] += s.discard[k] + s.enfPile[k];
  s.discard.fill(0);
  s.enfPile.fill(0);
  const take = (id: string) => {
    const k = cardIndex(G, id);
    if (pool[k] <= 0) throw new Error(`no ${id} left to arrange`);
    pool[k]--;
    return k;
  };
  for (let side = 0; side < 2; side++) {
    s.hand[side].fill(0);
    s.handSize[side] = 0;
    for (const [id, n] of Object.entries(hands[side])) {
      for (let i = 0; i < n; i++) {
        s.hand[side][take(id)]++;
        s.handSize[side]++;
      }
    }
  }
  for (const [id, n] of Object.entries(discard)) for (let i = 0; i < n; i++) s.discard[take(id)]++;
  const top = deckTop.map(take);
  // Under the arranged top cards, the rest with the Enforcement cards (the last types) at the bottom.
  const rest: number[] = [];
  for (let k = G.nK - 1; k >= 0; k--) for (let i = 0; i < pool[k]; i++) rest.push(k);
  // The deck's top is its last element.
  s.deck = rest.concat(top.reverse());
  s.stagArmed = false;
}

export function hexOf(G: PvStatic, id: string): number {
  const h = G.grid.indexOfId(id);
  if (h < 0) throw new Error(`hex ${id} off the map`);
  return h;
}

export function tankIndex(G: PvStatic, label: string): number {
  const t = G.tLabel.indexOf(label);
  if (t < 0) throw new Error(`no tank '${label}' (have ${G.tLabel.join(', ')})`);
  return t;
}

/** Legal actions with their descriptions. */
export function legal(game: PvCompiledGame, s: PvState): Array<{ a: number; text: string }> {
  const out = new Int32Array(game.maxActions);
  const n = game.legalActions(s, out);
  return Array.from(out.subarray(0, n), (a) => ({ a, text: game.describeAction(s, a) }));
}

export function legalTexts(game: PvCompiledGame, s: PvState): string[] {
  return legal(game, s).map((x) => x.text);
}

/** Applies the unique legal action whose description contains `text` (fails the test otherwise). */
export function choose(game: PvCompiledGame, s: PvState, ctx: PlayContext, text: string): void {
  const all = legal(game, s);
  const hits = all.filter((x) => x.text.includes(text));
  if (hits.length !== 1) {
    throw new Error(`expected exactly one legal action containing '${text}', found ${hits.length}; legal: \n  ${all.map((x) => x.text).join('\n  ')}`);
  }
  game.apply(s, hits[0].a, ctx);
}

/** True when some legal action's description contains `text`. */
export function canChoose(game: PvCompiledGame, s: PvState, text: string): boolean {
  return legal(game, s).some((x) => x.text.includes(text));
}

export function expectDecision(s: PvState, decision: PvDecision): void {
  expect(decisionOf(s)).toBe(decision);
}

/** The side that must decide now (the pending decision's, else the active player). */
export function deciderOf(s: PvState): number {
  return sideToAct(s.pending, s.active);
}

/** Back to the main decision of `phase` (tests that hand a player a second Action or Event card). */
export function toPhase(s: PvState, phase: number): void {
  s.pending.depth = 0;
  s.phase = phase;
}

/** Passes every decision of the active side until the turn passes to the other side (or the game ends). */
export function passTurn(game: PvCompiledGame, s: PvState, ctx: PlayContext): void {
  const side = s.active;
  const out = new Int32Array(game.maxActions);
  let guard = 0;
  while (s.active === side && !isOver(s)) {
    if (++guard > 100) throw new Error('passTurn: stuck');
    const n = game.legalActions(s, out);
    // A_PASS is 0; at the End Phase discard the first card offered.
    let a = out[0];
    for (let i = 0; i < n; i++) if (out[i] === 0) a = 0;
    game.apply(s, a, ctx);
  }
}

const system = findSystem('panzervor')!;

/** A Panzer Vor! agent by name, with its default parameters and `params` over them. */
export const agent = (name: string, game: PvCompiledGame, side: number, params: Record<string, number | string> = {}): Agent => {
  const f = system.agents.find((a) => a.name === name)!;
  const defaults = Object.fromEntries(Object.entries(f.params).map(([k, v]) => [k, v.default]));
  return f.create(game, side, { ...defaults, ...params });
};

/** One decision of agent `a` at the current state (its own seeded stream); returns the chosen action's description and applies it. */
export function step(game: PvCompiledGame, s: PvState, ctx: PlayContext, a: Agent, seed = 1): string {
  const out = new Int32Array(game.maxActions);
  const n = game.legalActions(s, out);
  const side = game.currentSide(s);
  const dctx: DecisionContext = { side, legal: out, n, rng: streamFor(seed, s.turn, 100 + side), observe: () => game.observe(s, side), describe: (x) => game.describeAction(s, x), determinize: (r) => determinizeFor(game, s, side, r) };
  const action = n === 1 ? out[0] : a.decide(dctx);
  const text = game.describeAction(s, action);
  game.apply(s, action, ctx);
  return text;
}

/** Plays the set-up (every placement decision) with the given agents; returns the state after it. */
export function placeAll(game: PvCompiledGame, agents: Agent[], seed = 1): PvState {
  const streams = gameStreams(seed, 0, 2);
  const ctx = { dice: streams.dice, tally: new Tally(game.metrics) };
  const s = game.newGame(streams.setup, ctx);
  const out = new Int32Array(game.maxActions);
  while (decisionOf(s) === 'place' || decisionOf(s) === 'placeCharacter') {
    const n = game.legalActions(s, out);
    const side = deciderOf(s);
    const dctx: DecisionContext = { side, legal: out, n, rng: streamFor(seed, s.turn, 100 + side), observe: () => game.observe(s, side), describe: (x) => game.describeAction(s, x), determinize: (r) => determinizeFor(game, s, side, r) };
    game.apply(s, n === 1 ? out[0] : agents[side].decide(dctx), ctx);
  }
  return s;
}

/** Games of `seat` won over `games` games on the common seeds of (seed, g), with fresh agents from `agents()` each game. */
export function seatWins(game: PvCompiledGame, agents: () => Agent[], seat: number, games: number, seed = 7): number {
  const scratch = new PlayScratch(game);
  const tally = new Tally(game.metrics);
  let w = 0;
  for (let g = 0; g < games; g++) if (playGame(game, agents(), gameStreams(seed, g, 2), tally, scratch).result.winner === seat) w++;
  return w;
}
