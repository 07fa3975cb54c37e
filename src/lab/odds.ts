/**
 * Odds: every mechanic of every system with its parameters as controls and house rules applied,
 * computed as `salvo odds` computes it (src/odds: the same context, exact twins and marks), its
 * charts the cards' Vega-Lite specs (embedded live in the page), and "print cards" writing the
 * card sheet as `salvo cards` does.
 */
import { realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { InputError } from '../core/errors.ts';
import { allSystems, findSystem } from '../systems/index.ts';
import { oddsContext } from '../odds/context.ts';
import { checkParams, computeTable, getMechanic } from '../odds/compute.ts';
import { oddsChartSpec } from '../odds/chart-spec.ts';
import { legendHtml, tableHtml } from '../odds/html.ts';
import { houseRuleText } from '../odds/render.ts';
import { CARD_SIZES, type CardSize } from '../odds/card.ts';
import { cardCommand, writeCards } from '../odds/cards.ts';
import { escapeHtml } from '../report/html.ts';
import type { OddsAnswer, OddsRequest, OddsSystemInfo, OptionInfo } from './api.ts';
import { resolveRef } from './scenarios.ts';

/** A chart's box on the lab page (its units are CSS pixels there). */
export const LAB_CHART_BOX = { width: 640, height: 360, xyHeight: 300, font: 12, minFont: 9 } as const;

export function oddsSystems(): OddsSystemInfo[] {
  return allSystems()
    .filter((s) => s.odds)
    .map((s) => ({
      id: s.info.id,
      name: s.info.name,
      mechanics: s.odds!.mechanics.map((m) => ({
        name: m.name,
        description: m.description,
        needsScenario: !!m.needsScenario,
        params: Object.fromEntries(Object.entries(m.params).map(([k, p]) => [k, { default: p.default, description: p.description, ...(p.values ? { values: p.values } : {}), ...(p.min !== undefined ? { min: p.min } : {}), ...(p.max !== undefined ? { max: p.max } : {}) }])),
      })),
      options: Object.entries(s.options).map(([name, o]): OptionInfo => ({ name, value: o.default, ...(o.values ? { values: o.values } : typeof o.default === 'boolean' ? { values: [true, false] } : {}), description: o.description })),
    }));
}

function checkSets(sets: unknown): string[] {
  if (sets === undefined) return [];
  if (!Array.isArray(sets) || sets.length > 50 || sets.some((x) => typeof x !== 'string' || x.length > 300)) throw new InputError('request', [{ path: 'sets', message: 'expected house rules as path=value texts' }]);
  return sets.filter((x: string) => x.trim() !== '');
}

function checkParamTexts(params: unknown): Record<string, string> {
  if (params === undefined) return {};
  if (!params || typeof params !== 'object' || Array.isArray(params)) throw new InputError('request', [{ path: 'params', message: 'expected parameters as name: value' }]);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v !== 'string' && typeof v !== 'number') throw new InputError('request', [{ path: `params.${k}`, message: 'expected a value' }]);
    out[k] = String(v);
  }
  return out;
}

function systemOf(id: unknown) {
  const s = typeof id === 'string' ? findSystem(id) : undefined;
  if (!s?.odds) throw new InputError('request', [{ path: 'system', message: `expected a system with exact odds (${oddsSystems().map((x) => x.id).join(', ')}), got '${String(id).slice(0, 40)}'` }]);
  return s;
}

/** One table with its charts' specs, computed as `salvo odds` computes it. */
export function oddsAnswer(folder: string, req: OddsRequest): OddsAnswer {
  const t0 = performance.now();
  const system = systemOf(req.system);
  const sets = checkSets(req.sets);
  const given = checkParamTexts(req.params);
  const scenario = req.scenario ? resolveRef(folder, req.scenario) : undefined;
  const ctx = oddsContext(system, scenario, sets);
  const mech = getMechanic(ctx, String(req.mechanic));
  if (mech.needsScenario && !ctx.scenario) throw new InputError('request', [{ path: 'scenario', message: `mechanic '${mech.name}' needs a scenario: pick one` }]);
  // Parameters equal to their defaults are not "given": only a changed control highlights rows.
  const changed = Object.fromEntries(Object.entries(given).filter(([k, v]) => !(k in mech.params) || String(mech.params[k].default) !== v));
  const params = checkParams(ctx, mech, given);
  const t = computeTable(ctx, mech, params, Object.keys(changed));
  const specs = t.charts.map((c) => oddsChartSpec(t, c, LAB_CHART_BOX).spec);
  const html = `${tableHtml(t, { showExact: 'short' })}${t.notes.map((n) => `<p class="small">${escapeHtml(n)}</p>`).join('')}${legendHtml()}`;
  return {
    title: t.title,
    ...(t.description ? { description: t.description } : {}),
    tableHtml: html,
    specs,
    changed: t.changed,
    houseRules: t.houseRules.map(houseRuleText),
    command: cardCommand(ctx, mech, params, Object.keys(changed), 'poker').replace(/^salvo cards/, 'salvo odds'),
    ms: Math.round((performance.now() - t0) * 10) / 10,
  };
}

/** "Print cards": the card sheet written into the folder's reports/cards, as `salvo cards` writes it. */
export function printCards(folder: string, req: OddsRequest): { url: string; file: string; cards: number; pages: number } {
  const system = systemOf(req.system);
  const sets = checkSets(req.sets);
  const params = checkParamTexts(req.params);
  const size = typeof req.size === 'string' ? req.size : 'poker';
  const sizeName: CardSize | undefined = CARD_SIZES.find((c) => c === size);
  if (!sizeName) throw new InputError('request', [{ path: 'size', message: `expected ${CARD_SIZES.join(', ')}, got '${size.slice(0, 40)}'` }]);
  const scenario = req.scenario ? resolveRef(folder, req.scenario) : undefined;
  const ctx = oddsContext(system, scenario, sets);
  const mechanic = req.mechanic ? getMechanic(ctx, String(req.mechanic)).name : undefined;
  const root = realpathSync(folder);
  const w = writeCards(ctx, join(root, 'reports', 'cards'), { mechanic, params, size: sizeName });
  const rel = relative(root, w.files[0]).split(/[\\/]/).map(encodeURIComponent).join('/');
  return { url: `/files/${rel}`, file: w.files[0], cards: w.cards, pages: w.pages };
}
