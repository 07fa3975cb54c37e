/** RULES.md stays in step with the code: every option listed with its default, every spec §6 ambiguity covered. */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
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
  it('gives every seed row a "where" (file and function) that exists in the code', () => {
    const dir = join(ROOT, 'src', 'systems', 'at43');
    const table = doc.slice(doc.indexOf('## Seed sections'), doc.indexOf('## Options'));
    const rows = table.split('\n').filter((l) => /^\| p/.test(l));
    expect(rows.length).toBeGreaterThan(40);
    let cited = 0;
    for (const row of rows) {
      const where = row.split('|')[4].trim();
      expect(where, row).not.toBe('');
      for (const part of where.split(';')) {
        const ticks = [...part.matchAll(/`([^`]+)`/g)].map((x) => x[1]);
        if (!ticks.length || !/\.(ts|md)$/.test(ticks[0])) continue;
        const file = join(dir, ticks[0]);
        expect(existsSync(file), `${ticks[0]} (cited by ${row.split('|')[1].trim()})`).toBe(true);
        const src = readFileSync(file, 'utf8');
        for (const name of ticks.slice(1)) {
          const ident = name.split('.')[0].replace(/\(.*$/, '');
          expect(new RegExp(`\\b${ident}\\b`).test(src), `${name} not in ${ticks[0]}`).toBe(true);
          cited++;
        }
      }
    }
    expect(cited).toBeGreaterThan(60);
  });
});
