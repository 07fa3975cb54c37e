/**
 * The conformance battery over EVERY registered system (src/systems/index.ts): a system is checked
 * the moment it is registered. Each check is its own test, named `<id>: <check>`, and fails with the
 * battery's sentences ("mak: no RULES.md").
 *
 * KNOWN_GAPS lists defects the battery found in systems being rewritten on other branches, with the
 * exact shape of the expected problem: the test passes while those (and only those) problems remain,
 * and fails the day one is fixed, so the entry is removed then. Nothing else may be excused.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadAllSystems } from '../../src/systems/index.ts';
import { closeSharedPools, conformanceChecks, type CheckName } from './battery.ts';

const SYSTEMS = await loadAllSystems();

afterAll(closeSharedPools);

interface Gap {
  readonly pattern: RegExp;
  /** What is wrong and where it should be fixed. */
  readonly why: string;
}

const KNOWN_GAPS: Readonly<Record<string, Partial<Record<CheckName, readonly Gap[]>>>> = {};

for (const system of SYSTEMS) {
  const id = system.info.id;
  describe(`${id} conforms`, () => {
    for (const check of conformanceChecks(system)) {
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
