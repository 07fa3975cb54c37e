/** RULES.md maps every numbered section of the seed, and names only options that exist. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { options } from '../../../src/systems/mak/options.ts';
import { ROOT } from '../../helpers/bundled.ts';

const doc = readFileSync(join(ROOT, 'src/systems/mak/RULES.md'), 'utf8');
// The seed's section references, committed (the seed itself lives outside the repository).
const fixture = JSON.parse(readFileSync(join(ROOT, 'test/systems/mak/seed-sections.json'), 'utf8')) as { sections: string[] };
const SEED = join(ROOT, '..', 'shared', 'seeds', '000_3059d6b1c2216493.txt');
const sectionsOf = (text: string): string[] => [...new Set([...text.matchAll(/\[(\d+)\.(\d+)\]/g)].map((m) => `${m[1]}.${m[2]}`))];

describe('RULES.md', () => {
  it('lists every [x.y] section of the seed (as itself or inside a range)', () => {
    const sections = new Set(fixture.sections);
    expect(sections.size).toBeGreaterThan(50);
    // Where the seed is at hand (the project's workspace), the committed list must be its list.
    if (existsSync(SEED)) expect([...sections].sort()).toEqual(sectionsOf(readFileSync(SEED, 'utf8')).sort());
    // Cross-references the extraction garbled ([14.21] is [14.2.1], [14.47] is [14.4.7]...): read as such.
    const typos: Record<string, string> = { '14.21': '14.2', '14.47': '14.4', '7.17': '7.1', '14.42': '14.4' };
    const covered = (raw: string) => {
      const sec = typos[raw] ?? raw;
      if (doc.includes(`[${sec}]`)) return true;
      const [a, b] = sec.split('.').map(Number);
      // A chapter heading [x.0] is covered by its sections.
      if (b === 0 && new RegExp(`\\[${a}\\.[1-9]`).test(doc)) return true;
      for (const m of doc.matchAll(/\[(\d+)\.(\d+)\](?:\.\d+)?\]?[^|\n]*?–\[(\d+)\.(\d+)/g)) {
        if (Number(m[1]) === a && Number(m[3]) === a && b >= Number(m[2]) && b <= Number(m[4])) return true;
      }
      return false;
    };
    const missing = [...sections].filter((s) => !covered(s));
    expect(missing).toEqual([]);
  });
  it('names, on every row, files and functions that exist (the Where column)', () => {
    const rows = doc.split('\n').filter((l) => /^\| (\[\d|Computing|Understanding)/.test(l));
    expect(rows.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const row of rows) {
      const where = row.split('|')[3].trim();
      if (where === '—') {
        expect(row.split('|')[2].trim(), row).toBe('omitted');
        continue;
      }
      // `file.ts` `fn`, `fn2`; `other/file.ts` `fn3`
      for (const part of where.split(';')) {
        const names = [...part.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
        expect(names[0], row).toMatch(/\.ts$/);
        const file = join(ROOT, 'src/systems/mak', names[0]);
        if (!existsSync(file)) { missing.push(names[0]); continue; }
        const text = readFileSync(file, 'utf8');
        for (const fn of names.slice(1)) {
          const defined = new RegExp(`(function ${fn}\\b|(const|let) ${fn}\\b|^\\s+${fn}[(:]|${fn}: )`, 'm').test(text);
          if (!defined) missing.push(`${names[0]} ${fn}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
  it('names only existing options', () => {
    for (const m of doc.matchAll(/option `(\w+)`|options `(\w+)`/g)) {
      const name = m[1] ?? m[2];
      expect(Object.keys(options), name).toContain(name);
    }
  });
});
