/**
 * RULES.md stays in step with the seed and the code: every rulebook page is mapped, every row says
 * where it is implemented, and every file and function it cites exists. The checks every system
 * shares (every option named with its default, every option cited, every ambiguity A-01..A-27 of
 * the spec covered) are in the conformance battery (test/conformance/battery.ts, rules-doc).
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../helpers/bundled.ts';

const DIR = join(ROOT, 'src', 'systems', 'panzervor');
const doc = readFileSync(join(DIR, 'RULES.md'), 'utf8');

/** Rows of the tables whose header ends with a 'where' column: [first cell, where cell]. */
function whereRows(): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  let inTable = false;
  for (const line of doc.split('\n')) {
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = line.slice(1, -1).split('|').map((c) => c.trim());
    if (cells[cells.length - 1] === 'where') inTable = true;
    else if (inTable && !cells[0].startsWith('---')) rows.push([cells[0], cells[cells.length - 1]]);
  }
  return rows;
}

describe('RULES.md', () => {
  it('maps every rulebook page of the seed (p6 ... p14)', () => {
    for (let p = 6; p <= 14; p++) expect(doc.includes(`| p${p} `), `page p${p} missing`).toBe(true);
  });

  it('every row of the coverage, decision and option tables says where (a file and function, or — when nothing implements it)', () => {
    const rows = whereRows();
    expect(rows.length).toBeGreaterThan(100);
    for (const [row, where] of rows) expect(where === '—' || where.startsWith('— (') || /`[\w/.-]+\.ts`/.test(where), `${row}: where = '${where}'`).toBe(true);
  });

  it('every file it cites exists, and every function cited after a file is in that file', () => {
    let files = 0;
    let names = 0;
    for (const [row, where] of whereRows()) {
      let source = '';
      for (const [, token] of where.matchAll(/`([^`]+)`/g)) {
        if (token.endsWith('.ts')) {
          const path = join(DIR, token);
          expect(existsSync(path), `${row}: ${token} does not exist`).toBe(true);
          source = readFileSync(path, 'utf8');
          files++;
        } else if (source) {
          const name = token.split('.')[0];
          expect(new RegExp(`\\b${name}\\b`).test(source), `${row}: ${name} is not in the file cited before it`).toBe(true);
          names++;
        }
      }
    }
    expect(files).toBeGreaterThan(100);
    expect(names).toBeGreaterThan(100);
  });
});
