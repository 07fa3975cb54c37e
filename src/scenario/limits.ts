/**
 * Stated maxima of numbers given in files or on the command line: every value accepted by
 * `salvo validate` or a flag can then be played without running out of memory or time.
 */
export const LIMITS = {
  /** Games per run (or per variant of an experiment). */
  games: 10_000_000,
  /** Worker threads. */
  workers: 256,
  /** Games per worker task. */
  batch: 1_000_000,
  /** A game index (stream format 2 packs indices below 2^40). */
  gameIndex: 2 ** 40 - 1,
  /** Variants of one experiment (listed plus the grid's product). */
  variants: 2_000,
  /** Characters of a name or label; of a description. */
  name: 200,
  description: 10_000,
} as const;
