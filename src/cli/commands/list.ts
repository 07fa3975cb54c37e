import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { SYSTEMS } from '../../systems/index.ts';
import { availableAgents } from '../../core/agents.ts';

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

export function registerList(program: Command): void {
  program
    .command('list')
    .description('list rule systems, agents, bundled scenarios and experiments')
    .option('--json', 'as JSON')
    .action((o: { json?: boolean }) => {
      const systems = SYSTEMS.map((s) => ({
        id: s.info.id,
        name: s.info.name,
        kind: s.info.kind,
        seed: s.info.seedFile,
        options: Object.keys(s.options).length,
        agents: availableAgents(s).map((a) => ({ name: a.name, description: a.description, params: Object.fromEntries(Object.entries(a.params).map(([k, p]) => [k, p.default])) })),
      }));
      const scenarios = yamlFiles(join(ROOT, 'scenarios')).map((f) => relative(process.cwd(), f));
      const experiments = yamlFiles(join(ROOT, 'experiments')).map((f) => relative(process.cwd(), f));
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
      process.stdout.write(lines.join('\n') + '\n');
    });
}
