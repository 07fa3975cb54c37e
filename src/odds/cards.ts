/**
 * `salvo cards`: a system's reference cards (every mechanic at its card settings, or one mechanic)
 * at a real card size, as one offline HTML page (no script: charts are static SVG) that prints one
 * card a page (or nine to an A4 sheet), plus the same numbers as JSON. Each card prints the
 * command that reproduces it; the last card lists the marks, the house rules and the placeholder
 * values in use.
 *
 * For the lab (a local web page): `mechanicCards(...)` gives the cards of one mechanic, with the
 * CSS they need, from a system id, a mechanic, parameters and house rules (`path=value`, as --set).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.ts';
import type { OddsMechanic, OddsParams } from '../core/odds.ts';
import type { ProvenanceEntry } from '../core/tables/provenance.ts';
import { suggest } from '../core/options.ts';
import type { GameSystem } from '../core/system.ts';
import { cardCss, cardsPage, SIZES, tableCards, textCards, type Card, type CardSize, type SizeSpec } from './card.ts';
import { checkParams, computeTable, getMechanic, groupProvenance, type ResolvedTable } from './compute.ts';
import { oddsContext, type OddsContext } from './context.ts';
import { houseRuleText, tableJson } from './render.ts';

export interface CardRequest {
  /** One mechanic (default: every mechanic shown on cards, at its card settings). */
  readonly mechanic?: string;
  /** Parameters given by the user (text or values): they select rows, which are highlighted. */
  readonly params?: Readonly<Record<string, unknown>>;
  readonly size?: CardSize;
}

export interface CardSet {
  readonly ctx: OddsContext;
  readonly size: SizeSpec;
  readonly mechanic?: string;
  readonly tables: readonly ResolvedTable[];
  /** The command that reproduces each table's cards. */
  readonly commands: readonly string[];
  readonly cards: readonly Card[];
  readonly placeholders: readonly ProvenanceEntry[];
}

interface Setting {
  readonly mech: OddsMechanic;
  readonly params: OddsParams;
  /** Parameters printed in the card's command (and treated as given: they select rows). */
  readonly printed: readonly string[];
}

/** The mechanics and parameter settings on the cards. */
export function cardSettings(ctx: OddsContext, req: CardRequest = {}): Setting[] {
  const user = req.params ?? {};
  let mechs: OddsMechanic[];
  if (req.mechanic !== undefined) {
    const m = getMechanic(ctx, req.mechanic);
    if (m.needsScenario && !ctx.scenario) throw new InputError('command line', [{ path: '--scenario', message: `mechanic '${m.name}' needs a scenario file` }]);
    mechs = [m];
  } else mechs = ctx.module.mechanics.filter((m) => m.card !== false && !(m.needsScenario && !ctx.scenario));
  const known = [...new Set(mechs.flatMap((m) => Object.keys(m.params)))];
  const unknown = Object.keys(user).filter((k) => !known.includes(k));
  if (unknown.length && req.mechanic === undefined) {
    throw new InputError('command line', unknown.map((k) => ({ path: `--param ${k}`, message: `no mechanic on ${ctx.system.info.id}'s cards has a parameter '${k}'${suggest(k, known)}; parameters: ${known.join(', ')}` })));
  }
  const out: Setting[] = [];
  for (const mech of mechs) {
    const mine = req.mechanic !== undefined ? { ...user } : Object.fromEntries(Object.entries(user).filter(([k]) => k in mech.params));
    const seen = new Set<string>();
    for (const entry of req.mechanic !== undefined ? [{}] : (mech.cardParams ?? [{}])) {
      const params = checkParams(ctx, mech, { ...entry, ...mine });
      const id = JSON.stringify(params);
      if (seen.has(id)) continue;
      seen.add(id);
      const printed = Object.keys(mech.params).filter((k) => k in mine || params[k] !== mech.params[k].default);
      out.push({ mech, params, printed });
    }
  }
  return out;
}

/** A shell word: quoted when it holds anything but plain characters. */
function word(s: string): string {
  return /^[\w.,:=+\-/@%]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The command that reproduces a table's cards. */
export function cardCommand(ctx: OddsContext, mech: OddsMechanic, params: OddsParams, printed: readonly string[], size: CardSize): string {
  const parts = ['salvo', 'cards', ctx.system.info.id, mech.name];
  for (const k of printed) parts.push('--param', word(`${k}=${params[k]}`));
  if (ctx.scenario) parts.push('--scenario', word(ctx.scenario.file));
  for (const s of ctx.sets) parts.push('--set', word(`${s.path}=${s.value}`));
  if (size !== 'poker') parts.push('--size', size);
  return parts.join(' ');
}

/** The whole set's command (the one that made the sheet). */
function setCommand(ctx: OddsContext, req: CardRequest, size: CardSize): string {
  const parts = ['salvo', 'cards', ctx.system.info.id];
  if (req.mechanic) parts.push(req.mechanic);
  for (const [k, v] of Object.entries(req.params ?? {})) parts.push('--param', word(`${k}=${v}`));
  if (ctx.scenario) parts.push('--scenario', word(ctx.scenario.file));
  for (const s of ctx.sets) parts.push('--set', word(`${s.path}=${s.value}`));
  if (size !== 'poker') parts.push('--size', size);
  return parts.join(' ');
}

export function buildCardSet(ctx: OddsContext, req: CardRequest = {}): CardSet {
  const sizeName = req.size ?? 'poker';
  const size = SIZES[sizeName];
  const tables: ResolvedTable[] = [];
  const commands: string[] = [];
  const cards: Card[] = [];
  const systemName = ctx.system.info.name;
  cardSettings(ctx, req).forEach(({ mech, params, printed }, i) => {
    const t = computeTable(ctx, mech, params, printed);
    const command = cardCommand(ctx, mech, params, printed, sizeName);
    tables.push(t);
    commands.push(command);
    cards.push(...tableCards(t, { command, systemName }, size, `${mech.name}-${i + 1}`));
  });
  const ph = new Map<string, ProvenanceEntry>();
  for (const t of tables) for (const e of t.placeholders) ph.set(e.path, e);
  const placeholders = [...ph.values()].sort((a, b) => a.path.localeCompare(b.path));
  cards.push(...textCards('About these cards', `${systemName} · exact odds`, aboutBlocks(ctx, tables, placeholders, setCommand(ctx, req, sizeName), size), size, 'about'));
  return { ctx, size, mechanic: req.mechanic, tables, commands, cards, placeholders };
}

function aboutBlocks(ctx: OddsContext, tables: readonly ResolvedTable[], placeholders: readonly ProvenanceEntry[], command: string, size: SizeSpec): Array<{ text: string; cls: string }> {
  const info = ctx.system.info;
  const b: Array<{ text: string; cls: string }> = [];
  const add = (text: string) => b.push({ text, cls: 'about' });
  add(`${info.name} (${info.id}); rulebook seed ${info.seedFile}, spec ${info.spec}. Every value is exact, computed from the rules data the simulator plays; percentages are rounded (the JSON beside this page has every exact fraction).`);
  if (ctx.scenario) add(`Scenario: ${ctx.scenario.name} (${ctx.scenario.file}).`);
  const opts = ctx.houseRules.filter((h) => h.path.startsWith('options.'));
  const rules = ctx.houseRules.filter((h) => h.path.startsWith('overrides.'));
  add(`House rules: ${rules.length ? rules.map(houseRuleText).join('; ') : 'none'}.`);
  add(`Options: ${opts.length ? opts.map(houseRuleText).join('; ') : 'all at their recommended defaults'}.`);
  const changed = tables.filter((t) => t.changed);
  add(`‡ a value the house rules or options change (it differs from the value without them)${changed.length ? `: on ${changed.length} of ${tables.length} tables, ${changed.reduce((s, t) => s + t.changed, 0)} values` : ''}. † a value that depends on a placeholder rules value (not from the rulebook). ◀ the rows the given parameters select, highlighted.`);
  if (placeholders.length) {
    add(`† Placeholder values in use (${placeholders.length}):`);
    for (const g of groupProvenance(placeholders)) add(`${g.path}${g.count === 1 ? ` = ${JSON.stringify(g.value)}` : ` (${g.count} values)`}: ${g.ref || g.kind}`);
  } else add('† Placeholder values in use: none.');
  add(`Printed on ${size.label}. This sheet: ${command}`);
  return b;
}

/** The page of a card set. */
export function renderCards(set: CardSet): string {
  const title = `${set.ctx.system.info.name}: reference cards${set.ctx.scenario ? ` (${set.ctx.scenario.name})` : ''}`;
  return cardsPage(title, set.cards, set.size);
}

export function cardsJson(set: CardSet): string {
  return (
    JSON.stringify(
      {
        system: set.ctx.system.info.id,
        size: set.size.name,
        cards: set.cards.length,
        scenario: set.ctx.scenario ? { file: set.ctx.scenario.file, id: set.ctx.scenario.id, overrides: set.ctx.scenario.overrides } : null,
        sets: set.ctx.sets.map((s) => `${s.path}=${s.value}`),
        houseRules: set.ctx.houseRules.map((h) => ({ path: h.path, value: h.value, was: h.was ?? null })),
        options: set.ctx.options,
        tables: set.tables.map((t, i) => ({ ...tableJson(t), command: set.commands[i] })),
      },
      null,
      2,
    ) + '\n'
  );
}

export interface WrittenCards {
  readonly files: readonly string[];
  readonly tables: number;
  readonly charts: number;
  readonly cards: number;
  /** Printed pages: one a card, or one a sheet of nine. */
  readonly pages: number;
  readonly size: SizeSpec;
}

/** The files' base name: <system>[-<scenario id>][-<mechanic>]-cards-<size>. */
export function cardsBase(ctx: OddsContext, req: CardRequest = {}): string {
  return `${ctx.system.info.id}${ctx.scenario ? '-' + ctx.scenario.id : ''}${req.mechanic ? '-' + req.mechanic : ''}-cards-${req.size ?? 'poker'}`;
}

/** Writes <base>.html and <base>.json into dir. */
export function writeCards(ctx: OddsContext, dir: string, req: CardRequest = {}): WrittenCards {
  const set = buildCardSet(ctx, req);
  mkdirSync(dir, { recursive: true });
  const base = join(dir, cardsBase(ctx, req));
  const files = [`${base}.html`, `${base}.json`];
  writeFileSync(files[0], renderCards(set));
  writeFileSync(files[1], cardsJson(set));
  const per = set.size.sheet ? set.size.sheet.cols * set.size.sheet.rows : 1;
  return { files, tables: set.tables.length, charts: set.tables.reduce((s, t) => s + t.charts.length, 0), cards: set.cards.length, pages: Math.ceil(set.cards.length / per), size: set.size };
}

/**
 * The cards of one mechanic for a page of one's own (the lab): their markup and the CSS they
 * need. `houseRules` are `path=value` edits as `--set` takes them (a rules value, or
 * `options.<name>`); `params` select rows as `--param` does.
 */
export function mechanicCards(system: GameSystem, mechanic: string, o: { params?: Readonly<Record<string, unknown>>; houseRules?: readonly string[]; scenario?: string; size?: CardSize } = {}): { html: string; css: string; cards: readonly Card[]; table: ResolvedTable; command: string } {
  const ctx = oddsContext(system, o.scenario, o.houseRules ?? []);
  const set = buildCardSet(ctx, { mechanic, params: o.params, size: o.size });
  const mine = set.cards.filter((c) => c.group !== 'about');
  return { html: mine.map((c) => c.html).join('\n'), css: cardCss(set.size), cards: mine, table: set.tables[0], command: set.commands[0] };
}
