/** RULES.md stays in step with the code: every option is listed, every ambiguity A-01..A-27 is covered. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../helpers/bundled.ts';
import { options } from '../../../src/systems/panzervor/options.ts';

const doc = readFileSync(join(ROOT, 'src', 'systems', 'panzervor', 'RULES.md'), 'utf8');

describe('RULES.md', () => {
  it('lists every option with its default', () => {
    for (const [k, spec] of Object.entries(options)) {
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${k}\` |`));
      expect(row, `RULES.md has no row for option ${k}`).toBeTruthy();
      expect(row!.split('|')[2].trim()).toBe(String(spec.default));
    }
  });

  it('covers every ambiguity A-01 ... A-27 of spec §6 (an option cites it, or RULES.md says why no key)', () => {
    const cites = Object.values(options).map((o) => o.cite).join(' ') + doc;
    for (let i = 1; i <= 27; i++) {
      const id = `A-${String(i).padStart(2, '0')}`;
      expect(cites.includes(id), `${id} not covered`).toBe(true);
    }
  });

  it('maps every rulebook page of the seed (p6 ... p14)', () => {
    for (let p = 6; p <= 14; p++) expect(doc.includes(`| p${p} `), `page p${p} missing`).toBe(true);
  });

  it('options of kind ambiguity cite the spec section', () => {
    for (const [k, spec] of Object.entries(options)) expect(spec.cite.length, k).toBeGreaterThan(5);
  });
});
