/**
 * The stack of pending decisions (TAG's IExtendedSequence, as plain data): the moments when
 * the normal flow of a turn stops and some side must decide first — a reaction window, a
 * defensive fire in a hex just entered, an overwatch breaking into the enemy's activation,
 * one half of a secret simultaneous choice, a choice after seeing the dice.
 *
 * A system declares its frame kinds once, with named integer arguments:
 *
 *   const F = decisionFrames({ reaction: ['firer', 'target', 'gun'], defensiveFire: ['mover', 'hex'] });
 *   F.push(state.pending, 'reaction', defender, firer, target, gun);   // typed arity
 *   if (F.isTop(state.pending, 'reaction')) { const t = F.arg(state.pending, 'reaction', 'target'); ... }
 *   F.pop(state.pending);
 *
 * The stack lives in the game state (`pending: DecisionStack`), so it is cloned, serialised and
 * observed like everything else. Frames are fixed-width rows of one number array that is never
 * shrunk: pushing and popping in the hot loop allocate nothing once the stack has reached its
 * deepest. `sideToAct` gives `currentSide` its answer: the top frame's side, else the phase's.
 *
 * Secret simultaneous choices are two frames (or one frame decided twice) whose recorded choice
 * the system's `observe` withholds from the other side until both have chosen; the conformance
 * battery checks that observations never leak it (hidden-information check).
 */

/** Words per frame: kind, side, then up to FRAME_ARGS arguments. */
export const FRAME_ARGS = 6;
/** Numbers per frame in `DecisionStack.words`. */
export const FRAME_WORDS = 2 + FRAME_ARGS;
const W = FRAME_WORDS;

export interface DecisionStack {
  /** Frames in use. */
  depth: number;
  /** depth × (2 + FRAME_ARGS) numbers: [kind, side, a0 .. a5] per frame; capacity never shrinks. */
  words: number[];
}

export function newDecisionStack(): DecisionStack {
  return { depth: 0, words: [] };
}

/** An exact copy, spare capacity included, so a clone serialises like its original. */
export function cloneDecisionStack(s: DecisionStack): DecisionStack {
  return { depth: s.depth, words: s.words.slice() };
}

export function stackDepth(s: DecisionStack): number {
  return s.depth;
}

/** The side that must decide: the top frame's, or `otherwise` when nothing is pending. */
export function sideToAct(s: DecisionStack, otherwise: number): number {
  return s.depth > 0 ? s.words[(s.depth - 1) * W + 1] : otherwise;
}

/** Kind id of the top frame, or -1 when empty. */
export function topKindId(s: DecisionStack): number {
  return s.depth > 0 ? s.words[(s.depth - 1) * W] : -1;
}

export function pushFrame(s: DecisionStack, kind: number, side: number, a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0): void {
  const w = s.words;
  let i = s.depth * W;
  if (w.length < i + W) for (let j = w.length; j < i + W; j++) w.push(0);
  w[i++] = kind;
  w[i++] = side;
  w[i++] = a0;
  w[i++] = a1;
  w[i++] = a2;
  w[i++] = a3;
  w[i++] = a4;
  w[i] = a5;
  s.depth++;
}

export function popFrame(s: DecisionStack): void {
  if (s.depth === 0) throw new Error('decision stack: pop on an empty stack');
  s.depth--;
}

/**
 * Removes frame `index` (0 = bottom): the frames above it move down one place. Popping is the case
 * index = depth - 1; a lower index serves a decision whose close pushed what follows above it.
 */
export function removeFrame(s: DecisionStack, index: number): void {
  if (!(index >= 0 && index < s.depth)) throw new Error(`decision stack: no frame ${index} in a stack of ${s.depth}`);
  const w = s.words;
  for (let i = index * W, end = (s.depth - 1) * W; i < end; i++) w[i] = w[i + W];
  s.depth--;
}

/** Argument i of the frame `fromTop` below the top (0 = top). */
export function frameArg(s: DecisionStack, i: number, fromTop = 0): number {
  return s.words[(s.depth - 1 - fromTop) * W + 2 + i];
}

export function setFrameArg(s: DecisionStack, i: number, v: number, fromTop = 0): void {
  s.words[(s.depth - 1 - fromTop) * W + 2 + i] = v;
}

export function frameSide(s: DecisionStack, fromTop = 0): number {
  return s.words[(s.depth - 1 - fromTop) * W + 1];
}

export function frameKindId(s: DecisionStack, fromTop = 0): number {
  return s.words[(s.depth - 1 - fromTop) * W];
}

/** kind -> argument names (at most FRAME_ARGS). */
export type FrameSpec = { readonly [kind: string]: readonly string[] };

type Args<T extends readonly string[]> = { [I in keyof T]: number };

export interface DecisionFrames<S extends FrameSpec> {
  readonly spec: S;
  readonly kinds: readonly (keyof S & string)[];
  /** Numeric id of each kind (what the stack stores). */
  readonly id: { readonly [K in keyof S]: number };
  push<K extends keyof S & string>(s: DecisionStack, kind: K, side: number, ...args: Args<S[K]>): void;
  pop(s: DecisionStack): void;
  /** Kind of the top frame, or null when nothing is pending. */
  top(s: DecisionStack): (keyof S & string) | null;
  isTop<K extends keyof S & string>(s: DecisionStack, kind: K): boolean;
  /** Named argument of the top frame (which must be of `kind`). */
  arg<K extends keyof S & string>(s: DecisionStack, kind: K, name: S[K][number]): number;
  setArg<K extends keyof S & string>(s: DecisionStack, kind: K, name: S[K][number], v: number): void;
  /** Is a frame of `kind` anywhere on the stack? (e.g. no reaction to a reaction) */
  has(s: DecisionStack, kind: keyof S & string): boolean;
  /** 'reaction(firer=2, target=5, gun=0) by side 1 ▸ ...' for transcripts and failures. */
  describe(s: DecisionStack): string;
}

export function decisionFrames<const S extends FrameSpec>(spec: S): DecisionFrames<S> {
  const kinds = Object.keys(spec) as (keyof S & string)[];
  const id: Record<string, number> = {};
  const argIndex: Record<string, Record<string, number>> = {};
  kinds.forEach((k, i) => {
    const names = spec[k];
    if (names.length > FRAME_ARGS) throw new Error(`decision frame '${k}' has ${names.length} arguments; at most ${FRAME_ARGS}`);
    id[k] = i;
    argIndex[k] = {};
    names.forEach((n, j) => (argIndex[k][n] = j));
  });
  const checkTop = (s: DecisionStack, kind: string): void => {
    if (topKindId(s) !== id[kind]) throw new Error(`decision stack: top frame is ${s.depth ? kinds[topKindId(s)] : 'empty'}, not '${kind}'`);
  };
  return {
    spec,
    kinds,
    id: id as { readonly [K in keyof S]: number },
    // Positional arguments (no rest array): pushing allocates nothing.
    push: function (s: DecisionStack, kind: string, side: number, a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0): void {
      pushFrame(s, id[kind], side, a0, a1, a2, a3, a4, a5);
    } as DecisionFrames<S>['push'],
    pop: popFrame,
    top: (s) => (s.depth > 0 ? kinds[topKindId(s)] : null),
    isTop: (s, kind) => topKindId(s) === id[kind],
    arg(s, kind, name) {
      checkTop(s, kind);
      return frameArg(s, argIndex[kind][name]);
    },
    setArg(s, kind, name, v) {
      checkTop(s, kind);
      setFrameArg(s, argIndex[kind][name], v);
    },
    has(s, kind) {
      for (let f = 0; f < s.depth; f++) if (s.words[f * W] === id[kind]) return true;
      return false;
    },
    describe(s) {
      const parts: string[] = [];
      for (let f = s.depth - 1; f >= 0; f--) {
        const k = kinds[s.words[f * W]];
        const names = spec[k] ?? [];
        parts.push(`${k}(${names.map((n, j) => `${n}=${s.words[f * W + 2 + j]}`).join(', ')}) by side ${s.words[f * W + 1]}`);
      }
      return parts.join(' ▸ ') || 'nothing pending';
    },
  };
}
