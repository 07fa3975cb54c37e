/** "did you mean" on unknown ids: every system's scenario checks that list the known ids get the core's suggest. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { loadScenarioFile, withSuggestion } from '../../src/scenario/load.ts';
import { readSourceFile } from '../../src/scenario/yaml-file.ts';
import { ROOT } from '../helpers/bundled.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-suggest-'));

function issues(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.issues.map((i) => `${i.path}: ${i.message}`);
    throw e;
  }
  return [];
}

describe('"did you mean" on unknown ids in every system', () => {
  it('adds the nearest known id to a system check that lists them, and leaves others as they are', () => {
    expect(withSuggestion("unknown unit type 'AFZ' (known: AFS, SAFS_MkII, Krote)")).toBe("unknown unit type 'AFZ' (did you mean 'AFS'?) (known: AFS, SAFS_MkII, Krote)");
    expect(withSuggestion("unknown profile 'steel-troopr'; expected one of steel-trooper, red-blok")).toBe("unknown profile 'steel-troopr' (did you mean 'steel-trooper'?); expected one of steel-trooper, red-blok");
    expect(withSuggestion("unknown tank 'pz4f3' (did you mean 'pz4f2'?); known tanks: pz4f2")).toBe("unknown tank 'pz4f3' (did you mean 'pz4f2'?); known tanks: pz4f2");
    expect(withSuggestion("unknown side 'Z'")).toBe("unknown side 'Z'");
    expect(withSuggestion("unknown profile 'zzzzzzzz'; expected one of steel-trooper")).toBe("unknown profile 'zzzzzzzz'; expected one of steel-trooper");
    for (const [file, from, to, want] of [
      ['scenarios/mak/forest-ridge.yaml', 'type: AFS,', 'type: AFZ,', /unknown unit type 'AFZ' \(did you mean 'AFS'\?\)/],
      ['scenarios/at43/sector55.yaml', 'profile: steel-trooper,', 'profile: steel-troper,', /unknown profile 'steel-troper' \(did you mean 'steel-trooper'\?\)/],
    ] as const) {
      const doc = readSourceFile(join(ROOT, file)).text.replace(from, to);
      const bad = join(tmp, file.replace(/\//g, '-'));
      writeFileSync(bad, doc);
      expect(issues(() => loadScenarioFile(bad)).join('\n')).toMatch(want);
    }
  });
});
