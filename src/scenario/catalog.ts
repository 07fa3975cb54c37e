/**
 * What a system offers a scenario writer, as data: its rules-data collections (units, weapons,
 * cards...) with their stats and provenance, its options, its agents and every override path
 * with the current value. `salvo list <system>` prints it; the library API returns it.
 */
import type { OptionSpec } from '../core/options.ts';
import type { GameSystem } from '../core/system.ts';
import { provenanceAt, stripProvenance } from '../core/tables/provenance.ts';
import { availableAgents } from './agents.ts';
import { overridePaths } from './json-schema.ts';

export interface CatalogEntry {
  readonly id: string;
  readonly name?: string;
  /** Scalar fields, and nested records or lists in compact form. */
  readonly stats: Readonly<Record<string, unknown>>;
  readonly provenance: string;
}

export interface SystemCatalog {
  readonly id: string;
  readonly name: string;
  readonly collections: ReadonlyArray<{ readonly key: string; readonly entries: readonly CatalogEntry[] }>;
  /** Top-level rules values that are not collections (path -> value). */
  readonly settings: ReadonlyArray<{ readonly path: string; readonly value: unknown; readonly provenance: string }>;
  readonly options: ReadonlyArray<{ readonly name: string } & OptionSpec>;
  readonly agents: ReadonlyArray<{ readonly name: string; readonly description: string; readonly params: Readonly<Record<string, unknown>> }>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function provText(tree: unknown, path: string): string {
  const p = provenanceAt(tree, path);
  return p.ref ? `${p.kind}: ${p.ref}` : p.kind;
}

/** A collection is a record whose values are all records (tanks, weapons, nations...). */
function isCollection(v: unknown): v is Record<string, Record<string, unknown>> {
  return isRecord(v) && Object.keys(v).length >= 2 && Object.values(v).every(isRecord);
}

export function systemCatalog(system: GameSystem): SystemCatalog {
  const plain = stripProvenance<Record<string, unknown>>(system.rulesData);
  const collections: Array<{ key: string; entries: CatalogEntry[] }> = [];
  const settings: Array<{ path: string; value: unknown; provenance: string }> = [];
  for (const [key, value] of Object.entries(plain)) {
    if (isCollection(value)) {
      collections.push({
        key,
        entries: Object.entries(value).map(([id, rec]) => {
          const stats: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(rec)) if (k !== 'name') stats[k] = v;
          return { id, name: typeof rec.name === 'string' ? rec.name : undefined, stats, provenance: provText(system.rulesData, `${key}.${id}`) };
        }),
      });
    } else {
      settings.push({ path: key, value, provenance: provText(system.rulesData, key) });
    }
  }
  return {
    id: system.info.id,
    name: system.info.name,
    collections,
    settings,
    options: Object.entries(system.options).map(([name, s]) => ({ name, ...s })),
    agents: availableAgents(system).map((a) => ({ name: a.name, description: a.description, params: Object.fromEntries(Object.entries(a.params).map(([k, p]) => [k, p.default])) })),
  };
}

function short(v: unknown, max = 70): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** The text of `salvo list <system>`. */
export function catalogText(c: SystemCatalog, bundled: readonly string[]): string {
  const out: string[] = [`${c.name} (${c.id})`, ''];
  for (const col of c.collections) {
    out.push(`${col.key} (${col.entries.length}):`);
    for (const e of col.entries) {
      const stats = Object.entries(e.stats).map(([k, v]) => `${k}=${short(v, 60)}`).join(' ');
      out.push(`  ${e.id}${e.name ? `  "${e.name}"` : ''}  ${stats}  [${short(e.provenance, 60)}]`);
    }
    out.push('');
  }
  if (c.settings.length) {
    out.push('other rules values:');
    for (const s of c.settings) out.push(`  ${s.path} = ${short(s.value, 90)}  [${short(s.provenance, 60)}]`);
    out.push('');
  }
  out.push(`options (${c.options.length}; set under 'options:'):`);
  for (const o of c.options) {
    out.push(`  ${o.name} = ${JSON.stringify(o.default)}${o.values ? `  (one of ${o.values.map((v) => JSON.stringify(v)).join(', ')})` : o.min !== undefined || o.max !== undefined ? `  (${o.min ?? ''}..${o.max ?? ''})` : ''}  [${o.kind}]`);
    out.push(`      ${o.description}  (cite: ${o.cite})`);
  }
  out.push('', 'agents (run.agents, --agents name:param=value):');
  for (const a of c.agents) out.push(`  ${a.name}  ${a.description}${Object.keys(a.params).length ? `  [${Object.entries(a.params).map(([k, v]) => `${k}=${v}`).join(' ')}]` : ''}`);
  out.push('', 'bundled files:', ...bundled.map((f) => `  ${f}`));
  out.push('', `house-rule paths with their current values: salvo list ${c.id} --overrides [--match TEXT]`);
  out.push(`a starter scenario: salvo new ${c.id} -o my-scenario.yaml; editor completion: salvo schema ${c.id}`);
  return out.join('\n') + '\n';
}

/** Every override path with its current value and provenance, as YAML lines ready to paste under 'overrides:'. */
export function overridesText(system: GameSystem, match?: string): string {
  const rows = overridePaths(system).filter((p) => p.leaf && (!match || p.path.includes(match)));
  const out = [`# ${system.info.name}: ${rows.length} override paths${match ? ` matching '${match}'` : ''} (current value, provenance)`, 'overrides:'];
  for (const r of rows) out.push(`  ${r.path}: ${JSON.stringify(r.value)}   # ${r.provenance}`);
  return out.join('\n') + '\n';
}
