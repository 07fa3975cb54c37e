/**
 * The seed's dice notation as one small grammar, with a sampler and an exact twin sharing it:
 *
 *   'None', '-'          nothing (0, no die)
 *   '6', '5,6', '4-6'    one die; 1 if it shows one of those faces, else 0 (spec §3.3 cells)
 *   '½D6' / 'halfD6'     half a die: ceil(d6/2) (1..3) or floor(d6/2) (0..3), option halfDie (§5.2, A4)
 *   'nD6'                the sum of n dice
 */
import { Dist } from '../../../core/dice/exact.ts';

export type DiceExpr = { readonly kind: 'none' } | { readonly kind: 'faces'; readonly faces: readonly number[] } | { readonly kind: 'half' } | { readonly kind: 'sum'; readonly dice: number };

export type HalfDie = 'up' | 'down';

/** Anything that rolls one d6: the engine's Rng, or a scripted list in tests. */
export interface D6Source {
  d6(): number;
}

export const DICE_EXPR_PATTERN = /^(None|none|-|–|½D6|halfD6|[1-9]D6|[1-6](-[1-6])?(,[1-6](-[1-6])?)*)$/;
export const DICE_EXPR_EXPECTED = "expected 'None', '-', a face list such as '6', '5,6' or '4-6', '½D6' (or 'halfD6'), or 'nD6' with n = 1..9";

export function parseDiceExpr(text: string): DiceExpr {
  const t = text.trim();
  if (!DICE_EXPR_PATTERN.test(t)) throw new Error(`bad dice cell '${text}': ${DICE_EXPR_EXPECTED}`);
  if (t === 'None' || t === 'none' || t === '-' || t === '–') return { kind: 'none' };
  if (t === '½D6' || t === 'halfD6') return { kind: 'half' };
  const m = /^([1-9])D6$/.exec(t);
  if (m) return { kind: 'sum', dice: Number(m[1]) };
  const faces = new Set<number>();
  for (const part of t.split(',')) {
    const [a, b] = part.split('-').map(Number);
    for (let f = a; f <= (b ?? a); f++) faces.add(f);
  }
  return { kind: 'faces', faces: [...faces].sort((x, y) => x - y) };
}

export function formatDiceExpr(e: DiceExpr): string {
  switch (e.kind) {
    case 'none':
      return '–';
    case 'half':
      return '½D6';
    case 'sum':
      return `${e.dice}D6`;
    case 'faces':
      return e.faces.join(',');
  }
}

/** Dice the expression rolls (canonical dice order, spec §8.0). */
export function diceCount(e: DiceExpr): number {
  return e.kind === 'none' ? 0 : e.kind === 'sum' ? e.dice : 1;
}

export function halfOf(face: number, half: HalfDie): number {
  return half === 'up' ? Math.ceil(face / 2) : Math.floor(face / 2);
}

/** Rolls the expression. */
export function rollDiceExpr(e: DiceExpr, dice: D6Source, half: HalfDie): number {
  switch (e.kind) {
    case 'none':
      return 0;
    case 'faces': {
      const f = dice.d6();
      return e.faces.includes(f) ? 1 : 0;
    }
    case 'half':
      return halfOf(dice.d6(), half);
    case 'sum': {
      let s = 0;
      for (let i = 0; i < e.dice; i++) s += dice.d6();
      return s;
    }
  }
}

const D6 = Dist.die(6);
const cache = new Map<string, Dist>();

/** Exact twin of rollDiceExpr. */
export function diceExprDist(e: DiceExpr, half: HalfDie): Dist {
  const key = `${formatDiceExpr(e)}|${half}`;
  let d = cache.get(key);
  if (!d) {
    switch (e.kind) {
      case 'none':
        d = Dist.constant(0);
        break;
      case 'faces':
        d = D6.map((f) => (e.faces.includes(f) ? 1 : 0));
        break;
      case 'half':
        d = D6.map((f) => halfOf(f, half));
        break;
      case 'sum':
        d = D6.repeatSum(e.dice);
        break;
    }
    cache.set(key, d);
  }
  return d;
}

/** One die "step" up: – -> ½D6 -> 1D6 -> 2D6 ... (spec §6 A3 reading c). Face cells become 1D6. */
export function stepUp(e: DiceExpr): DiceExpr {
  switch (e.kind) {
    case 'none':
      return { kind: 'half' };
    case 'half':
    case 'faces':
      return { kind: 'sum', dice: 1 };
    case 'sum':
      return { kind: 'sum', dice: e.dice + 1 };
  }
}
