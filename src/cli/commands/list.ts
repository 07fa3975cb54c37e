/** salvo list [system] [--overrides [--match TEXT]] [--json]: what the systems offer a scenario writer. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.ts';
import { suggest } from '../../core/options.ts';
import { SYSTEM_IDS, allSystems, findSystem } from '../../systems/index.ts';
import { availableAgents } from '../../scenario/agents.ts';
import { catalogText, overridesText, systemCatalog } from '../../scenario/catalog.ts';
import { overridePaths } from '../../scenario/json-schema.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function yamlFiles(dir: string): string[] {
  let out: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const e of entries.sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out = out.concat(yamlFiles(p));
    else if (/\.(ya?ml|json)$/.test(e)) out.push(p);
  }
  return out;
}

/** Bundled scenario files of a system (relative to the working folder). */
export function bundledFiles(systemId?: string): { scenarios: string[]; experiments: string[] } {
  const scenarios = yamlFiles(join(ROOT, 'scenarios', systemId ?? '')).map((f) => relative(process.cwd(), f));
  const experiments = yamlFiles(join(ROOT, 'experiments'))
    .filter((f) => !systemId || relative(join(ROOT, 'experiments'), f).startsWith(systemId))
    .map((f) => relative(process.cwd(), f));
  return { scenarios, experiments };
}

export function listSystem(id: string, o: { overrides?: boolean; match?: string; json?: boolean }): string {
  const system = findSystem(id);
  if (!system) {
    const known = SYSTEM_IDS;
    throw new InputError('command line', [{ path: '[system]', message: `unknown system '${id.slice(0, 40)}'${suggest(id.slice(0, 64), known)}; known systems: ${known.join(', ')}` }]);
  }
  if (o.overrides) {
    if (o.json) return JSON.stringify(overridePaths(system).filter((p) => p.leaf && (!o.match || p.path.includes(o.match))).map(({ path, value, provenance }) => ({ path, value, provenance })), null, 2) + '\n';
    return overridesText(system, o.match);
  }
  const cat = systemCatalog(system);
  const files = bundledFiles(id);
  if (o.json) return JSON.stringify({ ...cat, bundled: files }, null, 2) + '\n';
  return catalogText(cat, [...files.scenarios, ...files.experiments]);
}

export function registerList(program: Command): void {
  program
    .command('list')
    .description("rule systems, agents, bundled files; with a system: its units, weapons, options, agents and files; --overrides: every house-rule path with its value")
    .argument('[system]', 'a system id for the details of one system')
    .option('--overrides', 'with a system: every override path, its current value and provenance (paste under overrides:)')
    .option('--match <TEXT>', 'with --overrides: only paths containing TEXT')
    .option('--json', 'as JSON')
    .action((id: string | undefined, o: { json?: boolean; overrides?: boolean; match?: string }) => {
      if (id !== undefined) {
        process.stdout.write(listSystem(id, o));
        return;
      }
      if (o.overrides) throw new InputError('command line', [{ path: '--overrides', message: 'name a system: salvo list <system> --overrides' }]);
      const systems = allSystems().map((s) => ({
        id: s.info.id,
        name: s.info.name,
        kind: s.info.kind,
        seed: s.info.seedFile,
        options: Object.keys(s.options).length,
        agents: availableAgents(s).map((a) => ({ name: a.name, description: a.description, params: Object.fromEntries(Object.entries(a.params).map(([k, p]) => [k, p.default])) })),
      }));
      const { scenarios, experiments } = bundledFiles();
      if (o.json) {
        process.stdout.write(JSON.stringify({ systems, scenarios, experiments }, null, 2) + '\n');
        return;
      }
      const lines: string[] = ['Systems:'];
      for (const s of systems) {
        lines.push(`  ${s.id.padEnd(10)} ${s.name} (${s.kind}; ${s.options} options; seed ${s.seed})`);
        for (const a of s.agents) {
          const params = Object.entries(a.params).map(([k, v]) => `${k}=${v}`).join(' ');
          lines.push(`    agent ${a.name.padEnd(15)} ${a.description}${params ? `  [${params}]` : ''}`);
        }
      }
      lines.push('Bundled scenarios:', ...scenarios.map((f) => `  ${f}`));
      lines.push('Bundled experiments:', ...experiments.map((f) => `  ${f}`));
      lines.push('', 'Details of one system (units, weapons, options): salvo list <system>; house-rule paths: salvo list <system> --overrides');
      process.stdout.write(lines.join('\n') + '\n');
    });
}
