/**
 * An optional rule the engine does not play is refused by name, never silently ignored
 * (RULES.md: [15.0] concealment).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileScenarioDocument } from '../../../src/scenario/load.ts';
import { InputError } from '../../../src/scenario/errors.ts';

const FILE = new URL('../../../scenarios/mak/forest-ridge.yaml', import.meta.url);

function errorsOf(options: Record<string, unknown>): string {
  const doc = parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
  doc.options = { ...(doc.options as object | undefined), ...options };
  try {
    compileScenarioDocument(doc, 'forest-ridge.yaml');
  } catch (e) {
    if (e instanceof InputError) return e.issues.map((i) => `${i.path}: ${i.message}`).join('\n');
    throw e;
  }
  return '';
}

describe('Ma.K options the engine does not play', () => {
  it('concealment: true is refused with the option named; false is accepted', () => {
    expect(errorsOf({ concealment: true })).toMatch(/^options\.concealment: the optional concealment rule \[15\.0\] is not played by the engine; expected false$/);
    expect(errorsOf({ concealment: false })).toBe('');
  });
});
