/**
 * The conformance battery over EVERY registered system (src/systems/index.ts): a system is checked
 * the moment it is registered. Each check is its own test, named `<id>: <check>`, and fails with the
 * battery's sentences ("mak: no RULES.md").
 *
 * KNOWN_GAPS lists defects the battery found in systems being rewritten on other branches, with the
 * exact shape of the expected problem: the test passes while those (and only those) problems remain,
 * and fails the day one is fixed, so the entry is removed then. Nothing else may be excused.
 */
import { describe, expect, it } from 'vitest';
import { SYSTEMS } from '../../src/systems/index.ts';
import { conformanceChecks, type CheckName } from './battery.ts';
import { bundledScenarios } from '../helpers/bundled.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';

interface Gap {
  readonly pattern: RegExp;
  /** What is wrong and where it should be fixed. */
  readonly why: string;
}

const KNOWN_GAPS: Readonly<Record<string, Partial<Record<CheckName, readonly Gap[]>>>> = {
  panzervor: {
    odds: [{ pattern: /^panzervor: odds mechanic 'shot' has neither a sampled twin/, why: "src/systems/panzervor/odds.ts: mechanic 'shot' needs exact+sample or noSampledTwin: '<reason>'" }],
  },
  mgv: {
    odds: [
      { pattern: /^mgv: odds mechanic 'jamming' has neither a sampled twin/, why: "src/systems/mgv/odds.ts: mechanic 'jamming' needs exact+sample or noSampledTwin: '<reason>'" },
      { pattern: /^mgv: odds mechanic 'death' has neither a sampled twin/, why: "src/systems/mgv/odds.ts: mechanic 'death' needs exact+sample or noSampledTwin: '<reason>'" },
    ],
  },
};

/**
 * Panzer Vor! and MGV get determinize() from branch `agents` later today; until it is merged their
 * hidden-information check is skipped BY NAME (and only while the compiled game lacks it).
 */
const AWAITING_DETERMINIZE = ['panzervor', 'mgv'];

function lacksDeterminize(id: string): boolean {
  const first = bundledScenarios(id)[0];
  return first !== undefined && loadScenarioFile(first).compiled.determinize === undefined;
}

for (const system of SYSTEMS) {
  const id = system.info.id;
  describe(`${id} conforms`, () => {
    for (const check of conformanceChecks(system)) {
      if (check.name === 'hidden-information' && AWAITING_DETERMINIZE.includes(id) && lacksDeterminize(id)) {
        it.skip(`${id}: hidden-information (awaiting determinize() from branch agents)`, () => {});
        continue;
      }
      it(`${id}: ${check.name}`, async () => {
        const problems = await check.run();
        const gaps = KNOWN_GAPS[id]?.[check.name] ?? [];
        const unexplained = problems.filter((p) => !gaps.some((g) => g.pattern.test(p)));
        expect(unexplained, `${id} fails the ${check.name} check:\n${unexplained.join('\n')}`).toEqual([]);
        for (const g of gaps) expect(problems.some((p) => g.pattern.test(p)), `known gap fixed? remove it from KNOWN_GAPS: ${g.why}`).toBe(true);
      });
    }
  });
}
