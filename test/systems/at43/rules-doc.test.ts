/** RULES.md stays in step with the code: every option listed with its default, every spec §6 ambiguity covered. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../helpers/bundled.ts';
import { AT43_OPTIONS } from '../../../src/systems/at43/options.ts';

const doc = readFileSync(join(ROOT, 'src', 'systems', 'at43', 'RULES.md'), 'utf8');

describe('RULES.md', () => {
  it('lists every option with its default', () => {
    for (const [k, spec] of Object.entries(AT43_OPTIONS)) {
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${k}\` |`));
      expect(row, `RULES.md has no row for option ${k}`).toBeTruthy();
      expect(row!.split('|')[2].trim()).toBe(String(spec.default));
    }
  });
  it('covers every ambiguity A1 ... A21 of spec §6', () => {
    const text = Object.values(AT43_OPTIONS).map((o) => o.cite).join(' ') + doc;
    for (let i = 1; i <= 21; i++) expect(new RegExp(`\\bA${i}\\b`).test(text), `A${i} not covered`).toBe(true);
  });
  it('maps every seed page 46-77 (single pages p.N and ranges p.N–M)', () => {
    const covered = new Set<number>();
    for (const m of doc.matchAll(/pp?\.(\d+)(?:[–-](\d+))?/g)) {
      const a = Number(m[1]);
      const b = m[2] ? Number(m[2]) : a;
      for (let p = a; p <= b; p++) covered.add(p);
    }
    for (let p = 46; p <= 77; p++) expect(covered.has(p), `p.${p} not mapped`).toBe(true);
  });
});
