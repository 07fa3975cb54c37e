/** Shared helpers of the duel tests: compiled scenarios with house rules, scripted dice. */
import { Rng } from '../../../src/core/rng/rng.ts';
import type { PlayContext } from '../../../src/core/system.ts';
import { Tally } from '../../../src/core/tally.ts';
import type { CompiledGame } from '../../../src/core/system.ts';
import { stripProvenance } from '../../../src/core/tables/provenance.ts';
import { rulesData } from '../../../src/systems/duel/data/rules.ts';
import { compile } from '../../../src/systems/duel/engine.ts';
import type { DuelObservation } from '../../../src/systems/duel/observe.ts';
import type { Options } from '../../../src/systems/duel/options.ts';
import { rulesSchema, type Rules } from '../../../src/systems/duel/schema.ts';
import type { DuelState } from '../../../src/systems/duel/state.ts';

export interface DuelSetup {
  readonly rules?: Partial<Rules>;
  readonly firstPlayer?: Options['firstPlayer'];
  readonly wounds?: [number, number];
}

export const DEFAULT_RULES: Rules = rulesSchema.parse(stripProvenance(rulesData));

/** The compiled duel with house rules, typed as the system declares it. */
export function duelGame(setup: DuelSetup = {}): CompiledGame<DuelState, DuelObservation> {
  const rules = rulesSchema.parse({ ...DEFAULT_RULES, ...setup.rules });
  return compile(rules, { sides: ['A', 'B'], wounds: setup.wounds }, { firstPlayer: setup.firstPlayer ?? 'A' });
}

/**
 * Dice that roll the faces given, in order (each face 1..6 is one int(6) draw), and fail when
 * asked for one more: the seed's worked examples with their very dice.
 */
export class ScriptedDice extends Rng {
  used = 0;
  constructor(readonly faces: readonly number[]) {
    super([1, 2, 3, 4]);
  }
  override int(n: number): number {
    if (n !== 6) throw new Error(`scripted dice: asked for int(${n}), only d6 faces are scripted`);
    if (this.used >= this.faces.length) throw new Error(`scripted dice exhausted after ${this.faces.length} faces`);
    return this.faces[this.used++] - 1;
  }
  get done(): boolean {
    return this.used === this.faces.length;
  }
}

export function ctxWith(game: CompiledGame<DuelState, DuelObservation>, faces: number[], log?: string[]): { ctx: PlayContext; dice: ScriptedDice; tally: Tally } {
  const dice = new ScriptedDice(faces);
  const tally = new Tally(game.metrics);
  return { ctx: { dice, tally, log: log ? (l) => log.push(l) : undefined }, dice, tally };
}
