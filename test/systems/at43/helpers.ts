/** Test helpers for AT-43: the default rules data and dice that follow a script. */
import { Rng } from '../../../src/core/rng/rng.ts';
import { stripProvenance } from '../../../src/core/tables/provenance.ts';
import { AT43_RULES_DATA } from '../../../src/systems/at43/data/rules.ts';
import { rulesSchema, type At43Rules } from '../../../src/systems/at43/schema.ts';

export const RULES: At43Rules = rulesSchema.parse(stripProvenance(AT43_RULES_DATA));

/** Rng whose d6 draws follow `faces` (then a seeded stream); counts the faces used. */
export class FixedDice extends Rng {
  private k = 0;
  constructor(private readonly faces: number[]) {
    super([1, 2, 3, 4]);
  }
  override int(n: number): number {
    if (this.k < this.faces.length) {
      const f = this.faces[this.k++];
      return Math.min(n - 1, f - 1);
    }
    return super.int(n);
  }
  used(): number {
    return this.k;
  }
}

import { compileScenarioDocument } from '../../../src/scenario/load.ts';
import { Tally } from '../../../src/core/tally.ts';
import type { PlayContext } from '../../../src/core/system.ts';
import type { At43Game } from '../../../src/systems/at43/engine.ts';
import type { At43State } from '../../../src/systems/at43/state.ts';

/** A scenario document with two sides of units (x, y given), on an open 120 × 90 table unless terrain is given. */
export function doc(sideA: Array<Record<string, unknown>>, sideB: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}, top: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    system: 'at43',
    id: 'test',
    name: 'test',
    description: 'test',
    source: { note: 'test' },
    ...top,
    scenario: { rounds: 6, table: { width: 120, depth: 90 }, sides: [{ id: 'A', units: sideA }, { id: 'B', units: sideB }], ...extra },
  };
}

export function compile(d: unknown): At43Game {
  return compileScenarioDocument(d, 'test.yaml').compiled as unknown as At43Game;
}

export function start(g: At43Game, dice: Rng = new Rng([9, 8, 7, 6])): { s: At43State; ctx: PlayContext } {
  const ctx: PlayContext = { dice, tally: new Tally(g.metrics) };
  const s = g.newGame(new Rng([1, 2, 3, 4]), ctx);
  return { s, ctx };
}

export function withDice(g: At43Game, faces: number[]): { ctx: PlayContext; dice: FixedDice } {
  const dice = new FixedDice(faces);
  return { ctx: { dice, tally: new Tally(g.metrics) }, dice };
}

/** Places the fighters of unit u at the given points (leader first). */
export function place(g: At43Game, s: At43State, u: number, pts: Array<[number, number]>): void {
  const U = g.model.units[u];
  pts.forEach(([x, y], i) => {
    s.fx[U.first + i] = x;
    s.fy[U.first + i] = y;
  });
  s.geom++;
}

/** Points of a line of n bases 4 cm apart centred on (x, y). */
export function line(n: number, x: number, y: number, sp = 4): Array<[number, number]> {
  return Array.from({ length: n }, (_, i) => [x + (i - (n - 1) / 2) * sp, y] as [number, number]);
}
