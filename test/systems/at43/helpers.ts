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
