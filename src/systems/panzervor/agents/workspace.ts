/**
 * The heuristics' scratch and memo tables (heuristic.ts): one workspace per compiled game and side,
 * reused by the agents of successive games, so a decision allocates (almost) nothing. Stamps and
 * decision numbers are unique across every agent and game, so a reused buffer never returns a
 * stale value.
 */
import type { PvStatic } from '../model.ts';
import { Evaluator } from './evaluator.ts';
import { Searcher } from './search.ts';

/** Scratch and memo tables of one compiled game and side, reused by the agents of successive games. */
export class Workspace {
  /** The agent that used it last: another agent renews every stamp before trusting a memo. */
  owner: object | null = null;
  readonly search: Searcher;
  readonly ev: Evaluator;
  // Candidate plans of evalCard (value and plan per tank and mode), and their order.
  readonly cVal: Float64Array;
  readonly cTank: Int32Array;
  readonly cMode: Int32Array;
  readonly cHex: Int32Array;
  readonly cFacing: Int32Array;
  readonly cTarget: Int32Array;
  readonly cOrd: Int32Array;
  // evalCard's value and best plan per card type, for the decision numbered kDecision[k].
  readonly kDecision: Float64Array;
  readonly kValue: Float64Array;
  readonly kTank: Int32Array;
  readonly kMode: Int32Array;
  readonly kHex: Int32Array;
  readonly kFacing: Int32Array;
  readonly kTarget: Int32Array;
  // Best end of a move per (attack modifiers slot + 1, or 0 for a move alone; tank; MP), for the
  // decision numbered mvDecision[(slot * tanks + t) * MOVE_MEMO_MP + mp].
  readonly mvDecision: Float64Array;
  readonly mvValue: Float64Array;
  readonly mvHex: Int32Array;
  readonly mvFacing: Int32Array;
  readonly mvTarget: Int32Array;
  /** Last set-up reference hex and the coordinate sums it was found for. */
  refQ = 0;
  refR = 0;
  refN = 0;
  ref = 0;
  constructor(G: PvStatic, side: number) {
    this.search = new Searcher(G);
    this.ev = new Evaluator(G, side);
    const m = 2 * G.nT;
    this.cVal = new Float64Array(m);
    this.cTank = new Int32Array(m);
    this.cMode = new Int32Array(m);
    this.cHex = new Int32Array(m);
    this.cFacing = new Int32Array(m);
    this.cTarget = new Int32Array(m);
    this.cOrd = new Int32Array(m);
    this.kDecision = new Float64Array(G.nK);
    this.kValue = new Float64Array(G.nK);
    this.kTank = new Int32Array(G.nK);
    this.kMode = new Int32Array(G.nK);
    this.kHex = new Int32Array(G.nK);
    this.kFacing = new Int32Array(G.nK);
    this.kTarget = new Int32Array(G.nK);
    const mv = (1 + this.ev.slots) * G.nT * MOVE_MEMO_MP;
    this.mvDecision = new Float64Array(mv);
    this.mvValue = new Float64Array(mv);
    this.mvHex = new Int32Array(mv);
    this.mvFacing = new Int32Array(mv);
    this.mvTarget = new Int32Array(mv);
  }
}

/** Moves of up to this many MP have their best end memoised per decision. */
export const MOVE_MEMO_MP = 32;

const workspaces = new WeakMap<PvStatic, Workspace[]>();

export function workspaceFor(G: PvStatic, side: number): Workspace {
  let list = workspaces.get(G);
  if (!list) workspaces.set(G, (list = []));
  return (list[side] ??= new Workspace(G, side));
}

/** Stamps are unique across every agent and game, so a reused buffer never returns a stale value. */
let nextStamp = 1;
export const newStamp = (): number => nextStamp++;
/** Decision numbers, unique across agents (card values are memoised for one decision). */
let nextDecision = 1;
export const newDecision = (): number => nextDecision++;
