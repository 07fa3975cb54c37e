/**
 * Reference cards without a browser: house rules given with --set (no scenario file) mark the
 * values they change ‡ and are named on the cards; --param selects and highlights; each card's
 * command runs as printed and reproduces the card; a one-column heatmap is drawn as bars and an
 * uneven numeric axis as an ordinal one; card sizes and the A4 sheet of nine with crop marks.
 * (test/odds/cards-browser.test.ts measures the printed cards in Chromium.)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { SIZES } from '../../src/odds/card.ts';
import { buildCardSet, mechanicCards, renderCards, type CardSet } from '../../src/odds/cards.ts';
import { computeTable, getMechanic, checkParams, formatPercent } from '../../src/odds/compute.ts';
import { oddsContext } from '../../src/odds/context.ts';
import { renderText } from '../../src/odds/render.ts';
import { evenlySpaced, oddsChartSpec } from '../../src/odds/chart-spec.ts';
import { shortPercent, textWidth, wrapText } from '../../src/odds/text.ts';
import { findSystem, loadAllSystems } from '../../src/systems/index.ts';
import { ROOT } from '../helpers/bundled.ts';
import { salvo } from '../helpers/cli.ts';

await loadAllSystems();
const mgv = findSystem('mgv')!;
const tmp = mkdtempSync(join(tmpdir(), 'salvo-cards-unit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The cards (section markup) of one table of a set, by mechanic. */
function cardsOf(set: CardSet, mechanic: string): string[] {
  return set.cards.filter((c) => c.group.startsWith(`${mechanic}-`)).map((c) => c.html);
}

function table(sets: string[], mechanic: string, params: Record<string, string> = {}) {
  const ctx = oddsContext(mgv, undefined, sets);
  const mech = getMechanic(ctx, mechanic);
  return computeTable(ctx, mech, checkParams(ctx, mech, params), Object.keys(params));
}

describe('house rules with --set (no scenario file)', () => {
  it('kinetic.dice = 3 changes the kinetic values, marks exactly the changed ones ‡ and names the rule', () => {
    const plain = table([], 'kinetic');
    const ruled = table(['kinetic.dice=3'], 'kinetic');
    let changed = 0;
    ruled.rows.forEach((r, i) => {
      for (const [col, c] of Object.entries(r.cells)) {
        const before = plain.rows[i].cells[col];
        expect(c.override, `${r.key.column} ${col}`).toBe(c.exact !== before.exact);
        if (c.override) {
          expect(c.was).toBe(before.exact);
          changed++;
        }
      }
    });
    expect(changed).toBe(ruled.changed);
    expect(changed).toBeGreaterThan(20);
    expect(ruled.rows[0].cells.p0).toMatchObject({ exact: '125/216', override: true, was: '25/36' }); // best of 3 dice vs 2 at '<50'
    expect(ruled.rows[0].cells.p2).toMatchObject({ exact: '0', override: false });
    expect(ruled.houseRules).toEqual([{ path: 'overrides.kinetic.dice', value: 3, was: 2 }]);
    expect(renderText(ruled)).toMatch(/‡ changed by a house rule \(\d+ values\):\n\s+kinetic\.dice = 3 \(rulebook: 2\)/);
    // A table the rule does not touch has no mark and names no rule.
    const missile = table(['kinetic.dice=3'], 'missile');
    expect([missile.changed, missile.houseRules]).toEqual([0, []]);
  });

  it('--set gives the same values as the override in a scenario file (one override machinery)', () => {
    const file = join(tmp, 'house-rule.yaml');
    const doc = parse(readFileSync(join(ROOT, 'scenarios', 'mgv', 'sample-duel.yaml'), 'utf8'));
    doc.overrides = { ...(doc.overrides ?? {}), 'kinetic.dice': 3 };
    writeFileSync(file, stringify(doc));
    const fromFile = oddsContext(mgv, file);
    const mech = getMechanic(fromFile, 'kinetic');
    const a = computeTable(fromFile, mech, checkParams(fromFile, mech, {}));
    const b = table(['overrides.kinetic.dice=3'], 'kinetic');
    expect(a.rows.map((r) => Object.values(r.cells).map((c) => c.exact))).toEqual(b.rows.map((r) => Object.values(r.cells).map((c) => c.exact)));
    expect(a.changed).toBe(b.changed);
  });

  it('two house rules: each card names the one that changes it (an option is a house rule too)', () => {
    const sets = ['kinetic.dice=3', 'options.missile.tie=attacker'];
    expect(table(sets, 'kinetic').houseRules.map((h) => h.path)).toEqual(['overrides.kinetic.dice']);
    const missile = table(sets, 'missile');
    expect(missile.houseRules).toEqual([{ path: 'options.missile.tie', value: 'attacker', was: 'cancel' }]);
    expect(missile.changed).toBeGreaterThan(0);
    const set = buildCardSet(oddsContext(mgv, undefined, sets));
    expect(cardsOf(set, 'missile').join('')).toMatch(/‡ (every value )?changed by options\.missile\.tie = &quot;attacker&quot; \(default: &quot;cancel&quot;\)/);
    expect(cardsOf(set, 'kinetic').join('')).toMatch(/‡ changed by kinetic\.dice = 3 \(rulebook: 2\)/);
    expect(cardsOf(set, 'jamming').join('')).not.toMatch(/‡/);
  });
});

describe('--param selects and highlights', () => {
  const ctx = oddsContext(mgv);
  const set = buildCardSet(ctx, { params: { attack: '9', defense: '5' } });

  it('attack 9 vs defence 5 is the 150% column: its row and its bar are highlighted on the kinetic card', () => {
    const kinetic = cardsOf(set, 'kinetic').join('');
    expect(kinetic).toMatch(/◀ attack=9 defense=5: highlighted/);
    const rows = [...kinetic.matchAll(/<tr class="sel">(.*?)<\/tr>/g)].map((m) => m[1]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^<td class="l">150<\/td>/);
    // the chart: a band behind the 150 slot, the 150 bar outlined (and no other)
    expect(kinetic.match(/fill="#e4e4e4"/g)).toHaveLength(1);
    expect(kinetic.match(/aria-label="150: [^"]*"[^>]*stroke="#000" stroke-width="1.3"/g)).toHaveLength(1);
    expect(kinetic.match(/stroke="#000" stroke-width="1.3"/g)).toHaveLength(1);
    expect(renderText(table([], 'kinetic', { attack: '9', defense: '5' }))).toMatch(/^150 .*◀ attack=9 defense=5$/m);
  });

  it('a parameter the table is computed from changes it: photon at attack 9 rolls 9 dice', () => {
    expect(cardsOf(set, 'photon')[0]).toMatch(/Photon: 9 dice \(attack 9/);
    expect(set.commands.find((c) => c.includes(' photon'))).toBe('salvo cards mgv photon --param attack=9');
    expect(set.commands.find((c) => c.includes(' kinetic'))).toBe('salvo cards mgv kinetic --param attack=9 --param defense=5');
    // without parameters nothing is highlighted
    expect(renderCards(buildCardSet(ctx))).not.toMatch(/class="sel"|class="selected"/);
  });
});

const built = existsSync(join(ROOT, 'dist', 'cli', 'main.js'));

describe.skipIf(!built)('the command printed on each card', () => {
  it('runs as printed (in an empty folder) and reproduces that card', () => {
    const ctx = oddsContext(mgv, undefined, ['kinetic.dice=3']);
    const set = buildCardSet(ctx, { params: { attack: '9' } });
    const norm = (html: string) => html.replace(/data-group="[^"]*"/g, '').replace(/id="[\w-]+?-c(\d+)-f(\d+)"/g, 'id="c$1-f$2"').replace(/url\(#[\w-]+?-c(\d+)-f(\d+)\)/g, 'url(#c$1-f$2)');
    // three of its cards: a row selected by a parameter, a table computed from one, no parameter
    set.tables.forEach((t, i) => {
      if (!['kinetic', 'photon', 'missile'].includes(t.mechanic)) return;
      const command = set.commands[i];
      const footer = cardsOf(set, t.mechanic)[0];
      expect(footer).toContain(`<p class="cmd">${command}</p>`);
      const cwd = mkdtempSync(join(tmp, 'run-'));
      const words = command.split(' ');
      expect(words.slice(0, 2)).toEqual(['salvo', 'cards']);
      const r = salvo(words.slice(1), { cwd });
      expect(r.code, `${command}: ${r.stderr}`).toBe(0);
      const html = readFileSync(join(cwd, 'reports', 'cards', `mgv-${t.mechanic}-cards-poker.html`), 'utf8');
      const again = [...html.matchAll(/<section class="card" data-group="([^"]+)"[^]*?<\/section>/g)].filter((m) => m[1] !== 'about').map((m) => norm(m[0]));
      expect(again, command).toEqual(cardsOf(set, t.mechanic).map(norm));
    });
  }, 120_000);
});

describe('charts follow the data', () => {
  it('a heatmap with one column is drawn as bars; with rows and columns, as a heatmap', () => {
    const set = buildCardSet(oddsContext(mgv));
    expect(cardsOf(set, 'missile').join('')).toMatch(/<figure [^>]*class="chart" data-kind="bar"/);
    expect(cardsOf(set, 'photon').join('')).toMatch(/<figure [^>]*class="chart" data-kind="heatmap"/);
  });

  it('numbers at uneven steps are an ordinal axis: Ma.K attack targets as unconnected points, said under the axis', () => {
    const hit = cardsOf(buildCardSet(oddsContext(findSystem('mak')!), { mechanic: 'hit' }), 'hit').join('');
    expect(hit).toMatch(/data-kind="points"/);
    expect(hit).not.toMatch(/class="mark-line role-mark/);
    expect(hit).toMatch(/uneven steps, not to scale/);
    const death = cardsOf(buildCardSet(oddsContext(mgv), { mechanic: 'death' }), 'death').join('');
    expect(death).toMatch(/data-kind="line"/);
    expect(death).toMatch(/class="mark-line role-mark/);
    expect([evenlySpaced(['1', '2', '3', '4']), evenlySpaced(['+4', '+3', '+2']), evenlySpaced(['2', '3', '5', '8']), evenlySpaced(['a', 'b', 'c'])]).toEqual([true, true, false, true]);
  });

  it('every value label is narrower than its bar or cell, decided before the spec (the browser test measures the real boxes)', () => {
    const set = buildCardSet(oddsContext(mgv));
    const box = { width: 160, height: 260, xyHeight: 92, font: 6, minFont: 5 };
    const charts = set.tables.flatMap((t) => t.charts.map((c) => oddsChartSpec(t, c, box)));
    const heat = charts.filter((c) => c.kind === 'heatmap').flatMap((c) => c.valueLabels);
    expect(heat.length).toBeGreaterThan(20);
    for (const c of charts) {
      expect(c.valueLabels.length, c.title).toBe(c.labels);
      for (const l of c.valueLabels) expect(textWidth(l.text, l.size), `${c.title}: ${l.text}`).toBeLessThanOrEqual(l.room);
    }
    // a label that does not fit is left out, as data: the photon heatmap drops some at this size
    expect(charts.some((c) => c.kind === 'heatmap' && c.dropped > 0)).toBe(true);
    // the spec is Vega-Lite: the values' text is in its data, not drawn by hand
    const spec = JSON.stringify(charts[0].spec);
    expect(spec).toMatch(/"\$schema":"https:\/\/vega\.github\.io\/schema\/vega-lite\/v6\.json"/);
  });
});

describe('card sizes', () => {
  it('each size prints at its own page size; a4-sheet puts nine poker cards on an A4 page with crop marks', () => {
    const ctx = oddsContext(mgv);
    for (const [name, size] of Object.entries(SIZES)) {
      const html = renderCards(buildCardSet(ctx, { size: size.name }));
      expect(html, name).toMatch(size.sheet ? /@page \{ size: A4 portrait; margin: 0; \}/ : new RegExp(`@page \\{ size: ${size.width}mm ${size.height}mm; margin: 0; \\}`));
      expect(html, name).toMatch(new RegExp(`\\.card \\{ width: ${size.width}mm; height: ${size.height}mm;`));
    }
    const sheet = buildCardSet(oddsContext(findSystem('ww2setup')!), { size: 'a4-sheet' });
    const html = renderCards(sheet);
    const sheets = html.match(/<div class="sheet">/g) ?? [];
    expect(sheets).toHaveLength(Math.ceil(sheet.cards.length / 9));
    expect(sheet.cards.length).toBeGreaterThan(9);
    // crop marks: two 5 mm ticks at each end of the 4 vertical and 4 horizontal cut lines
    const marks = html.match(/<path d="([^"]+)" stroke="#000" stroke-width="0.1"/)![1];
    expect(marks.match(/M/g)).toHaveLength(16);
    expect(marks).toMatch(/^M10\.5,10 V15 M10\.5,282 V287 /); // x0 = (210 - 3 × 63) / 2, y0 = (297 - 3 × 88) / 2
  });

  it('the lab gets one mechanic’s cards and their CSS', () => {
    const r = mechanicCards(mgv, 'kinetic', { params: { attack: '12', defense: '6' }, houseRules: ['kinetic.dice=3'] });
    expect(r.cards.length).toBeGreaterThanOrEqual(1);
    expect(r.html).toMatch(/^<section class="card"/);
    expect(r.html).not.toMatch(/About these cards/);
    expect(r.css).toMatch(/\.card \{ width: 63mm; height: 88mm;/);
    expect(r.command).toBe('salvo cards mgv kinetic --param attack=12 --param defense=6 --set kinetic.dice=3');
    expect(r.table.selected.map((i) => r.table.rows[i].key.column)).toEqual(['200']);
  });
});

describe('text for print', () => {
  it('short percentages, wrapping and widths', () => {
    expect([0.0000000019, 0.0000012, 0.0123].map(formatPercent)).toEqual(['<0.0001%', '0.00012%', '1.23%']);
    expect([0, 1, 0.4167, 0.0417, 0.0046, 0.000019, 0.9996].map(shortPercent)).toEqual(['0%', '100%', '42%', '4.2%', '0.5%', '<0.01%', '>99%']);
    const lines = wrapText('salvo cards mgv kinetic --param attack=9 --set kinetic.dice=3', 5, 60);
    expect(lines.join(' ')).toBe('salvo cards mgv kinetic --param attack=9 --set kinetic.dice=3');
    lines.forEach((l, i) => {
      expect(textWidth(l, 5)).toBeLessThanOrEqual(60);
      if (i + 1 < lines.length) expect(textWidth(`${l} ${lines[i + 1].split(' ')[0]}`, 5)).toBeGreaterThan(60); // greedy: the next word did not fit
    });
    expect(wrapText('abcdefghijklmnopqrstuvwxyz', 5, 20).every((l) => textWidth(l, 5) <= 20)).toBe(true);
    expect(textWidth('100%', 10)).toBeCloseTo((3 * 636 + 950) / 100, 10);
  });
});
