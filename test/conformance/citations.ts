/**
 * RULES.md's "where" citations (issue 20 item 3): in every table with a `where` column, each
 * backticked file path exists, and each identifier written right after a file (`rules/turn.ts`
 * `endTurn`, `resolveShot`, or `decisions/main.ts` `main.legal`) is declared in that file. A
 * textual check, not a compiler run: "declared" means a `function` / `const` / `let` / `class` /
 * `interface` / `type` / `enum` of that name, a name in an `export { … }` list, or an object key,
 * method or class member (`main:`, `legal(…) {`); for `a.b` each part is declared.
 *
 * Paths are relative to the system's folder; a `*.test.ts` may sit anywhere under the system's
 * tests, a bare `*.yaml` under its scenarios, and a path starting `src/`, `test/`, `scenarios/`,
 * `scripts/` or `docs/` is relative to the repository (`core/…` to src/).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface Citation {
  /** 1-based line of RULES.md. */
  readonly line: number;
  /** The path as written. */
  readonly file: string;
  /** Identifiers written right after it (possibly dotted: `main.legal`). */
  readonly names: readonly string[];
}

export interface CitationDirs {
  readonly root: string;
  readonly systemDir: string;
  readonly testsDir: string;
  readonly scenarioDir: string;
}

const PATH = /^[\w.@-]+(?:\/[\w.@-]+)*(?:\.(?:ts|js|mjs|json|ya?ml|md|csv)|\/)$/;
const NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
const FROM_ROOT = /^(?:src|test|scenarios|scripts|docs)\//;

function cellsOf(line: string): string[] {
  // `\|` inside a cell is an escaped bar, not a column separator.
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** The citations in one cell: a path starts a chain; `name` tokens separated from it (and each other) by commas or spaces only extend it. */
function cellCitations(cell: string, line: number): Citation[] {
  const out: Array<{ line: number; file: string; names: string[] }> = [];
  let chain: { line: number; file: string; names: string[] } | null = null;
  let last = 0;
  for (const m of cell.matchAll(/`([^`]+)`/g)) {
    const token = m[1];
    const between = cell.slice(last, m.index);
    last = m.index + m[0].length;
    if (PATH.test(token) && !token.includes('*')) {
      chain = { line, file: token, names: [] };
      out.push(chain);
    } else if (chain && NAME.test(token) && /^[\s,]*$/.test(between)) {
      chain.names.push(token);
    } else {
      chain = null;
    }
  }
  return out;
}

/** Every citation in the tables of `doc` whose header row has a `where` column. */
export function whereCitations(doc: string): Citation[] {
  const out: Citation[] = [];
  let inTable = false;
  let header = true;
  const lines = doc.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    if (!text.trim().startsWith('|')) {
      inTable = false;
      header = true;
      continue;
    }
    if (header) {
      header = false;
      inTable = cellsOf(text).some((c) => /^where$/i.test(c));
      continue;
    }
    if (!inTable || /^\|[\s|:-]+\|?$/.test(text.trim())) continue;
    for (const cell of cellsOf(text)) out.push(...cellCitations(cell, i + 1));
  }
  return out;
}

function findUnder(dir: string, name: string): string | null {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return null;
  const direct = join(dir, name);
  if (existsSync(direct)) return direct;
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) {
      const hit = findUnder(p, name);
      if (hit) return hit;
    }
  }
  return null;
}

/** Where a cited path is, or null. */
export function resolveCited(file: string, dirs: CitationDirs): string | null {
  const candidates: string[] = [];
  if (FROM_ROOT.test(file)) candidates.push(join(dirs.root, file));
  else {
    candidates.push(join(dirs.systemDir, file));
    if (file.startsWith('core/')) candidates.push(join(dirs.root, 'src', file));
  }
  for (const c of candidates) if (existsSync(c)) return c;
  if (!file.includes('/')) {
    if (file.endsWith('.test.ts')) return findUnder(dirs.testsDir, file);
    if (/\.ya?ml$/.test(file)) return findUnder(dirs.scenarioDir, basename(file));
  }
  return null;
}

function escape(s: string): string {
  return s.replace(/[$]/g, '\\$');
}

/** Whether `text` declares `name` (one identifier, no dots). */
export function declares(text: string, name: string): boolean {
  const n = escape(name);
  const modifiers = '(?:(?:export|default|public|private|protected|static|readonly|async|get|set|declare|abstract|override)\\s+)*';
  const patterns = [
    new RegExp(`\\b(?:function\\*?|const|let|var|class|interface|type|enum|namespace)\\s+${n}(?![\\w$])`),
    new RegExp(`\\b(?:export|const|let|var)\\s*\\{[^}]*(?<![\\w$])${n}(?![\\w$])[^}]*\\}`),
    // An object key, interface field or class member: `name:`, `'name':`, `name?:`.
    new RegExp(`^\\s*${modifiers}['"]?${n}['"]?\\s*[?!]?\\s*:(?!:)`, 'm'),
    // A method: `name(…) {` on one line, or `name(` opening a parameter list over several lines.
    new RegExp(`^\\s*${modifiers}\\*?${n}\\s*(?:<[^>]*>)?\\((?:[^;]*\\)[^;]*\\{\\s*|[^)]*)$`, 'm'),
    // A class field with an initialiser and a modifier: `readonly name = …`.
    new RegExp(`^\\s*(?:(?:public|private|protected|static|readonly|declare|override)\\s+)+${n}\\s*[?!]?\\s*=`, 'm'),
  ];
  return patterns.some((p) => p.test(text));
}

/** The problems with the citations of one RULES.md, one sentence each (repeated citations reported once, with their lines). */
export function checkCitations(id: string, doc: string, dirs: CitationDirs): { problems: string[]; files: number; names: number } {
  const found = new Map<string, number[]>();
  const report = (msg: string, line: number): void => {
    const lines = found.get(msg);
    if (lines) {
      if (!lines.includes(line)) lines.push(line);
    } else found.set(msg, [line]);
  };
  const texts = new Map<string, string>();
  let files = 0;
  let names = 0;
  for (const c of whereCitations(doc)) {
    files++;
    names += c.names.length;
    const path = resolveCited(c.file, dirs);
    if (!path) {
      report(`${id}: RULES.md cites \`${c.file}\`, which does not exist`, c.line);
      continue;
    }
    if (c.names.length === 0 || statSync(path).isDirectory()) continue;
    let text = texts.get(path);
    if (text === undefined) texts.set(path, (text = readFileSync(path, 'utf8')));
    for (const name of c.names) {
      if (name.split('.').every((part) => declares(text, part))) continue;
      report(`${id}: RULES.md cites \`${c.file}\` \`${name}\`, which ${c.file} does not declare`, c.line);
    }
  }
  const problems = [...found].map(([msg, lines]) => `${msg} (line${lines.length > 1 ? 's' : ''} ${lines.join(', ')})`);
  return { problems, files, names };
}
