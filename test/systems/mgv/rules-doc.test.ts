/**
 * RULES.md in step with the code: every row of its rule, optional-rule and option tables says
 * where it is implemented (a file of src/systems/mgv/ and the functions in it), and each named
 * file and function exists; every decision module is named.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/bundled.ts';

const DIR = join(ROOT, 'src/systems/mgv');
const doc = readFileSync(join(DIR, 'RULES.md'), 'utf8');

/** The rows of the table under the heading `title` (cells trimmed). */
function rows(title: string): string[][] {
  const at = doc.indexOf(`## ${title}`);
  expect(at, `RULES.md has a section '${title}'`).toBeGreaterThanOrEqual(0);
  const body = doc.slice(at).split('\n').slice(1);
  const out: string[][] = [];
  let started = false;
  for (const line of body) {
    if (line.startsWith('|')) started = true;
    else if (started) break;
    else continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.every((c) => /^-+$/.test(c))) continue;
    out.push(cells);
  }
  return out.slice(1); // without the header
}

/** `file` `fn`, `fn`; `file2` `fn2`: each file with the names that follow it. */
function places(where: string): Array<{ file: string; names: string[] }> {
  const out: Array<{ file: string; names: string[] }> = [];
  for (const m of where.matchAll(/`([^`]+)`/g)) {
    const tok = m[1];
    if (/\.(ts|md)$/.test(tok)) out.push({ file: tok, names: [] });
    else if (out.length) out[out.length - 1].names.push(tok);
  }
  return out;
}

function checkWhere(what: string, where: string): void {
  const ps = places(where);
  expect(ps.length, `${what}: the where cell names a file`).toBeGreaterThan(0);
  for (const { file, names } of ps) {
    const path = join(DIR, file);
    expect(existsSync(path), `${what}: ${file} exists`).toBe(true);
    const src = readFileSync(path, 'utf8');
    for (const name of names) {
      const defined = new RegExp(`(function\\s+${name}\\b|(const|let|class|interface|type)\\s+${name}\\b|^\\s+(?:(?:private|protected|override)\\s+)?${name}\\s*[(:]|\\b${name}\\s*=)`, 'm');
      expect(defined.test(src), `${what}: ${name} is defined in ${file}`).toBe(true);
    }
  }
}

describe('RULES.md where column', () => {
  it('every rulebook row names where it is implemented (or is n/a / omitted)', () => {
    const rs = rows('Rulebook sections');
    expect(rs.length).toBeGreaterThan(40);
    for (const [section, content, status, where] of rs) {
      const what = `${section} ${content}`;
      if (where === '—') expect(status, `${what}: no where only when n/a or omitted`).toMatch(/^(n\/a|omitted)$/);
      else checkWhere(what, where);
    }
  });

  it('every optional rule and every option names where it is read', () => {
    for (const [option, , , where] of rows('Optional rules')) checkWhere(option, where);
    for (const [option, , , where] of rows('Options')) if (where !== 'see above') checkWhere(option, where);
  });

  it('every decision module is named', () => {
    for (const f of readdirSync(join(DIR, 'decisions'))) if (f !== 'index.ts') expect(doc, `RULES.md names decisions/${f}`).toContain(`decisions/${f}`);
  });

  it('a misnamed function is caught', () => {
    expect(() => checkWhere('mutation', '`rules/combat.ts` `noSuchFunction`')).toThrow();
    expect(() => checkWhere('mutation', '`rules/nothing.ts` `modifiers`')).toThrow();
  });
});
