import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { InfluentialValue } from '../answers/verdict.ts';

/**
 * The most influential placeholders from a sensitivity screen of the same scenario, when one was
 * written beside this report (reports/sensitivity-<name>/sensitivity.json, by salvo sensitivity).
 */
export function findInfluential(outDir: string, scenarioFile: string): InfluentialValue[] | undefined {
  const file = join(dirname(resolve(outDir)), `sensitivity-${basename(scenarioFile, extname(scenarioFile))}`, 'sensitivity.json');
  if (!existsSync(file)) return undefined;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { command?: string; rows?: Array<{ path: string; label: string; effect: number; significant: boolean; provenance: string; pass: number }> };
    if (!json.command?.includes(basename(scenarioFile))) return undefined;
    return (json.rows ?? []).filter((r) => r.pass === 2 && r.significant && r.provenance === 'placeholder').slice(0, 5).map((r) => ({ path: r.path, label: r.label, effect: r.effect }));
  } catch {
    return undefined;
  }
}
