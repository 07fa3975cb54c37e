/**
 * The registry: one line per rule system. Workers rebuild it by id; nothing registers
 * itself by side effect. The core (src/core, src/run, src/analysis, src/report) never
 * imports this file's systems directly; only the CLI and the worker entry look them up here.
 */
import type { GameSystem } from '../core/system.ts';
import { system as duel } from './duel/index.ts';
import { system as ww2setup } from './ww2setup/index.ts';
import { system as panzervor } from './panzervor/index.ts';
import { system as mgv } from './mgv/index.ts';
import { system as at43 } from './at43/index.ts';
import { system as mak } from './mak/index.ts';

export const SYSTEMS: readonly GameSystem[] = [
  duel,
  ww2setup,
  panzervor,
  mgv,
  at43,
  mak,
];

export function findSystem(id: string): GameSystem | undefined {
  return SYSTEMS.find((s) => s.info.id === id);
}
