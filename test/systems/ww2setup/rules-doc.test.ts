/**
 * RULES.md stays in step with the code: every row of its tables names, in its "where" column, at
 * least one file and one function of that file, and each exists; every option has a row with its
 * values; every oracle a row cites is asserted by a test of this folder.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../helpers/bundled.ts';
import { options } from '../../../src/systems/ww2setup/options.ts';

const DIR = join(ROOT, 'src', 'systems', 'ww2setup');
const doc = readFileSync(join(DIR, 'RULES.md'), 'utf8');

interface Row {
  readonly table: string;
  readonly cells: readonly string[];
  readonly header: readonly string[];
}

/** The rows of every markdown table (a `\|` inside a cell is text, not a separator). */
function tableRows(text: string): Row[] {
  const rows: Row[] = [];
  let header: string[] | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      header = null;
      continue;
    }
    const cells = line.replace(/\\\|/g, '\u0000').slice(1, -1).split('|').map((c) => c.replace(/\u0000/g, '|').trim());
    if (!header) header = cells.map((c) => c.toLowerCase());
    else if (!cells.every((c) => /^-+$/.test(c))) rows.push({ table: header.join(' | '), cells, header });
  }
  return rows;
}

/** Where a cited file is: this folder, else the project root (scenarios/, test/). */
function resolveFile(f: string): string {
  return /^(scenarios|test|src|docs)\//.test(f) ? join(ROOT, f) : join(DIR, f);
}

/** `file` `fn`, `fn`; `file` `fn` ...: each function with the file cited before it. */
export function citations(where: string): { files: string[]; functions: Array<[string, string]> } {
  const files: string[] = [];
  const functions: Array<[string, string]> = [];
  let file: string | null = null;
  for (const m of where.matchAll(/`([^`]+)`/g)) {
    const t = m[1];
    if (/\.(ts|md|ya?ml)$/.test(t)) {
      file = t;
      files.push(t);
    } else if (file && /^[A-Za-z_$][\w$]*$/.test(t)) functions.push([file, t]);
  }
  return { files, functions };
}

/** Is `name` declared at the top level of the file (function, const, class, type)? */
function declares(source: string, name: string): boolean {
  return new RegExp(`^(export )?(async )?(function\\*?|const|let|class|interface|type) ${name.replace('$', '\\$')}\\b`, 'm').test(source);
}

/** Oracle ids in a text: O-B1, P12, D4, with ranges (P2-P4, O-L5..O-L9, P16–P22) expanded. */
function oracleIds(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b(O-[A-Z]|[PD])(\d+)(?:\s*(?:\.\.|–|-)\s*(?:O-[A-Z]|[PD])?(\d+))?\b/g)) {
    const to = m[3] ? Number(m[3]) : Number(m[2]);
    for (let n = Number(m[2]); n <= to; n++) out.add(`${m[1]}${n}`);
  }
  return out;
}

const rows = tableRows(doc);
const whereRows = rows.filter((r) => r.header.includes('where'));

describe('ww2setup RULES.md', () => {
  it('has the seed-heading table and the options table, each with a where column', () => {
    expect(whereRows.filter((r) => r.header[0] === 'seed heading').length).toBeGreaterThanOrEqual(20);
    expect(whereRows.filter((r) => r.header[0] === 'key').length).toBe(Object.keys(options).length);
  });

  it('every row cites a file and a function of it in "where", and each exists', () => {
    const problems: string[] = [];
    for (const r of whereRows) {
      const where = r.cells[r.header.indexOf('where')];
      const { files, functions } = citations(where);
      if (!files.length || !functions.length) problems.push(`${r.cells[0]}: "where" names no file and function: ${where}`);
      for (const f of files) if (!existsSync(resolveFile(f))) problems.push(`${r.cells[0]}: ${f} does not exist`);
      for (const [f, fn] of functions) {
        if (!existsSync(resolveFile(f)) || !/\.ts$/.test(f)) continue;
        if (!declares(readFileSync(resolveFile(f), 'utf8'), fn)) problems.push(`${r.cells[0]}: ${f} declares no ${fn}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the citation parser reads a file and its functions, and the check catches a wrong one', () => {
    expect(citations('`rules/air.ts` `airstrikeColumn`; `check.ts` `resolvePlan` (N)')).toEqual({ files: ['rules/air.ts', 'check.ts'], functions: [['rules/air.ts', 'airstrikeColumn'], ['check.ts', 'resolvePlan']] });
    expect(declares(readFileSync(join(DIR, 'rules', 'air.ts'), 'utf8'), 'airstrikeColumn')).toBe(true);
    expect(declares(readFileSync(join(DIR, 'rules', 'air.ts'), 'utf8'), 'barrageCount')).toBe(false);
  });

  it('every option has a row with its default and its values', () => {
    for (const [k, spec] of Object.entries(options)) {
      const row = whereRows.find((r) => r.header[0] === 'key' && r.cells[0] === `\`${k}\``);
      expect(row, `no options row for ${k}`).toBeTruthy();
      expect(row!.cells[1]).toBe(String(spec.default));
      const values = 'values' in spec && spec.values ? spec.values.map(String) : ['true', 'false'];
      expect(row!.cells[2].split(',').map((v) => v.trim())).toEqual(values);
    }
  });

  it('every oracle a row cites (O-x, P, D; ranges expanded) is named by a test of this folder', () => {
    const tests = readdirSync(import.meta.dirname)
      .filter((f) => f.endsWith('.test.ts') && f !== 'rules-doc.test.ts')
      .map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'))
      .join('\n');
    const inTests = oracleIds(tests);
    const cited = new Set(rows.filter((x) => x.header.includes('oracles')).flatMap((r) => [...oracleIds(r.cells[r.header.indexOf('oracles')])]));
    expect(cited.size).toBeGreaterThan(60);
    expect([...cited].filter((id) => !inTests.has(id))).toEqual([]);
    expect([...oracleIds('P2-P4, O-L5..O-L9; D1 and 1D6')].sort()).toEqual(['D1', 'O-L5', 'O-L6', 'O-L7', 'O-L8', 'O-L9', 'P2', 'P3', 'P4']);
  });
});
