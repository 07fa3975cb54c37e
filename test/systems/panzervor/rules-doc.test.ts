/**
 * RULES.md stays in step with the seed: every rulebook page is mapped. The checks every system
 * shares (every option named with its default, every option cited, every ambiguity A-01..A-27 of
 * the spec covered) moved into the conformance battery (test/conformance/battery.ts, rules-doc).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../helpers/bundled.ts';

const doc = readFileSync(join(ROOT, 'src', 'systems', 'panzervor', 'RULES.md'), 'utf8');

describe('RULES.md', () => {
  it('maps every rulebook page of the seed (p6 ... p14)', () => {
    for (let p = 6; p <= 14; p++) expect(doc.includes(`| p${p} `), `page p${p} missing`).toBe(true);
  });
});
