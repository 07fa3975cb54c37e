/**
 * The six directions of a flat-topped hex (screen y downward), clockwise from north.
 * A facing is one of them; turning one hex-side is +-1 (60 degrees).
 */
export const N = 0;
export const NE = 1;
export const SE = 2;
export const S = 3;
export const SW = 4;
export const NW = 5;

export const DIR_NAMES: readonly string[] = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];

/** Axial offsets per direction: N (0,-1), NE (+1,-1), SE (+1,0), S (0,+1), SW (-1,+1), NW (-1,0). */
export const DIR_DQ: readonly number[] = [0, 1, 1, 0, -1, -1];
export const DIR_DR: readonly number[] = [-1, -1, 0, 1, 1, 0];

/** Direction index of a name ('N'...'NW'), or -1. */
export function dirIndex(name: string): number {
  return DIR_NAMES.indexOf(name.toUpperCase());
}

/** Facing turned by k hex-sides (positive = clockwise). */
export function rotate(facing: number, k: number): number {
  return (((facing + k) % 6) + 6) % 6;
}

export function opposite(facing: number): number {
  return (facing + 3) % 6;
}

/** Smallest number of hex-sides between two facings (0..3). */
export function turnSteps(a: number, b: number): number {
  const d = (((b - a) % 6) + 6) % 6;
  return d > 3 ? 6 - d : d;
}

/** Signed turn from a to b in hex-sides, in -2..3 (3 = about face). */
export function signedTurn(a: number, b: number): number {
  const d = (((b - a) % 6) + 6) % 6;
  return d > 3 ? d - 6 : d;
}

/** Direction index of an axial unit offset, or -1 when (dq, dr) is not a neighbour offset. */
export function directionOf(dq: number, dr: number): number {
  for (let d = 0; d < 6; d++) if (DIR_DQ[d] === dq && DIR_DR[d] === dr) return d;
  return -1;
}
