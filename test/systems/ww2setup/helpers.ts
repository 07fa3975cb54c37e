/** Shared helpers of the ww2setup tests: default data, plans from partial scenarios, scripted dice. */
import { stripProvenance } from '../../../src/core/tables/provenance.ts';
import { resolvePlan } from '../../../src/systems/ww2setup/check.ts';
import { rulesData } from '../../../src/systems/ww2setup/data/rules.ts';
import type { SetupPlan } from '../../../src/systems/ww2setup/model.ts';
import type { D6Source } from '../../../src/systems/ww2setup/rules/rolls.ts';
import { rulesSchema, scenarioSchema, type RulesData } from '../../../src/systems/ww2setup/schema.ts';
import type { OptionValues } from '../../../src/core/options.ts';

export const DATA: RulesData = rulesSchema.parse(stripProvenance(rulesData));

export const ALL_OFF = { airSuperiority: false, airstrikes: false, barrages: false, dummies: false, defensiveWorks: false, prefillRequestSheet: false, proximity: false };

export interface SideSpec {
  id?: string;
  nation: string;
  subUnits?: number;
  attachedUnits?: number;
  bases?: number;
  [k: string]: unknown;
}

/** A plan from a partial scenario body (defaults: Germans attack Russians, East 1943). */
export function planOf(body: { year?: number; front?: string; intensity?: string; terrain?: string; scale?: string; attacker?: string; steps?: Record<string, boolean>; sides?: [SideSpec, SideSpec] }, options: OptionValues = {}, data: RulesData = DATA): SetupPlan {
  const sides = (body.sides ?? [{ nation: 'Germans' }, { nation: 'Russians' }]).map((s, i) => ({ id: s.id ?? (i === 0 ? 'A' : 'B'), subUnits: 10, bases: 100, ...s }));
  const parsed = scenarioSchema.parse({ year: 1943, front: 'East', attacker: sides[0].id, ...body, sides });
  const { plan, errors } = resolvePlan(parsed, data, options);
  if (!plan) throw new Error(errors.map((e) => e.join(': ')).join('; '));
  return plan;
}

/** Errors of a partial scenario, as [path, message]. */
export function planErrors(body: Parameters<typeof planOf>[0], options: OptionValues = {}, data: RulesData = DATA): Array<[string, string]> {
  const sides = (body.sides ?? [{ nation: 'Germans' }, { nation: 'Russians' }]).map((s, i) => ({ id: s.id ?? (i === 0 ? 'A' : 'B'), subUnits: 10, bases: 100, ...s }));
  const parsed = scenarioSchema.parse({ year: 1943, front: 'East', attacker: sides[0].id, ...body, sides });
  return resolvePlan(parsed, data, options).errors;
}

/** Scripted dice: hands out the faces in order and fails when asked for one more. */
export class Scripted implements D6Source {
  used = 0;
  constructor(readonly faces: readonly number[]) {}
  d6(): number {
    if (this.used >= this.faces.length) throw new Error(`scripted dice exhausted after ${this.faces.length} dice`);
    return this.faces[this.used++];
  }
  get done(): boolean {
    return this.used === this.faces.length;
  }
}

export const dice = (...faces: number[]) => new Scripted(faces);
