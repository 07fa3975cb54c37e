/** Test helpers for MGV: compile scenarios from documents, build states, fixed dice. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { compileScenarioDocument } from '../../../src/scenario/load.ts';
import { Rng } from '../../../src/core/rng/rng.ts';
import { Tally } from '../../../src/core/tally.ts';
import type { PlayContext } from '../../../src/core/system.ts';
import type { Model } from '../../../src/systems/mgv/model.ts';
import type { MgvState } from '../../../src/systems/mgv/state.ts';
import { ROOT } from '../../helpers/bundled.ts';

export const SAMPLE = join(ROOT, 'scenarios/mgv/sample-duel.yaml');

export function readDoc(file = SAMPLE): Record<string, any> {
  return parse(readFileSync(file, 'utf8'));
}

/** A minimal open-table document: units given as [id, side, model, x, y, heading, weapon, payload?]. */
export function doc(units: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}, scenarioExtra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    system: 'mgv',
    id: 'test',
    name: 'test',
    description: 'test',
    source: { note: 'test' },
    ...extra,
    scenario: { sides: [{ id: 'A' }, { id: 'B' }], units, ...scenarioExtra },
  };
}

export function compile(d: unknown) {
  const L = compileScenarioDocument(d, 'test.yaml');
  const g = L.compiled as any;
  return { L, g, m: g.model as Model };
}

/** Rng whose d6 draws follow `faces` (then fall back to a seeded stream). Works with rng.int(6). */
export class FixedDice extends Rng {
  private k = 0;
  constructor(private readonly faces: number[]) {
    super([1, 2, 3, 4]);
  }
  override int(n: number): number {
    if (this.k < this.faces.length) {
      const f = this.faces[this.k++];
      if (n === 6) return f - 1;
      return Math.min(n - 1, f - 1);
    }
    return super.int(n);
  }
  used(): number {
    return this.k;
  }
}

export function ctxWith(g: any, dice: Rng): PlayContext {
  return { dice, tally: new Tally(g.metrics) };
}

export function newState(g: any, seed = 1): { s: MgvState; ctx: PlayContext } {
  const ctx = ctxWith(g, new Rng([seed, 2, 3, 4]));
  const s = g.newGame(new Rng([5, 6, 7, 8]), ctx) as MgvState;
  return { s, ctx };
}

/** Two units 10" apart facing each other on an open table. */
export function duel(wA = 'kinetic', wB = 'kinetic', extraA: Record<string, unknown> = {}, extraB: Record<string, unknown> = {}, opts: Record<string, unknown> = {}) {
  return compile(
    doc(
      [
        { id: 'a', side: 'A', model: 'Whiptail', x: 18, y: 10, heading: 0, weapon: wA, ...extraA },
        { id: 'b', side: 'B', model: 'Mako', x: 18, y: 20, heading: 180, weapon: wB, ...extraB },
      ],
      { options: opts },
    ),
  );
}

