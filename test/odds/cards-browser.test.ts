/**
 * Reference cards opened and printed in headless Chromium (Debian's, through playwright-core):
 *  - every system's poker cards render offline (no script, no request), no card's content runs
 *    past its edge or into its footer, no chart label overlaps another or leaves its heatmap cell
 *    (the box of every text element of every chart measured), no text under 5 pt;
 *  - the MGV cards with a house rule print to PDF at each size: one page a card at the card's
 *    own size (poker 63 × 88 mm, tarot 70 × 120, A6 105 × 148), or nine to an A4 sheet;
 *  - one odds table as a page (static SVG charts).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runOdds } from '../../src/cli/commands/odds.ts';
import { SIZES, type CardSize } from '../../src/odds/card.ts';
import { writeCards } from '../../src/odds/cards.ts';
import { oddsContext } from '../../src/odds/context.ts';
import { loadAllSystems } from '../../src/systems/index.ts';
import { expectRendersOffline, type PageCheck } from '../helpers/browser.ts';
import { measureCards, type CardMeasure } from '../helpers/cards-measure.ts';
import { pdfPages } from '../helpers/pdf.ts';

const SYSTEMS = await loadAllSystems();
const tmp = mkdtempSync(join(tmpdir(), 'salvo-cards-'));
const open: PageCheck[] = [];
afterAll(async () => {
  for (const p of open) await p.close();
});

describe('reference cards in Chromium', () => {
  it("every system's poker cards: offline, nothing overflows, chart labels never overlap, nothing under 5 pt", async () => {
    const all: CardMeasure[] = [];
    for (const sys of SYSTEMS.filter((s) => s.odds)) {
      const w = writeCards(oddsContext(sys), join(tmp, sys.info.id));
      const page = await expectRendersOffline(w.files[0], open, 0);
      expect(readFileSync(w.files[0], 'utf8')).not.toMatch(/<script/);
      const m = await measureCards(page);
      all.push(m);
      expect(m.cards, sys.info.id).toBe(w.cards);
      expect(m.charts, sys.info.id).toBe(w.charts);
      expect(m.overlaps, sys.info.id).toEqual([]);
      expect(m.outsideCell, sys.info.id).toEqual([]);
      expect(m.overflows, sys.info.id).toEqual([]);
      expect(m.minFontPt, sys.info.id).toBeGreaterThanOrEqual(4.99);
      // The layout planned each panel's height before printing: the browser never makes one taller.
      expect(m.worstUnderestimatePt, sys.info.id).toBeLessThan(0.75);
      await page.close();
    }
    const labels = all.reduce((s, m) => s + m.labels, 0);
    const inCells = all.reduce((s, m) => s + m.cellLabels, 0);
    expect(inCells).toBeGreaterThan(50); // the heatmaps' labels were found and checked against their cells
    const charts = all.reduce((s, m) => s + m.charts, 0);
    const minGap = Math.min(...all.map((m) => m.minGap));
    // The measurement the issue asks for (quoted in the hand-back).
    console.log(`label boxes: ${labels} text boxes in ${charts} charts on ${all.reduce((s, m) => s + m.cards, 0)} cards, 0 overlapping; ${inCells} heatmap labels inside their cells; closest pair ${minGap.toFixed(2)} px apart; smallest text ${Math.min(...all.map((m) => m.minFontPt)).toFixed(2)} pt`);
    expect(labels).toBeGreaterThan(500);
  }, 120_000);

  it('the overlap measure fails on overlapping labels and a label outside its cell', async () => {
    const file = join(tmp, 'bad.html');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      file,
      `<!doctype html><body data-all-rendered="true"><section class="card" data-group="t" style="width:200px;height:100px"><div class="body"><svg class="odds-chart" viewBox="0 0 100 50" width="100" height="50"><text x="10" y="20" font-size="8">12.5%</text><text x="14" y="21" font-size="8">33%</text><text x="60" y="30" font-size="8" data-cell="60 25 5 5">99.9%</text></svg></div></section></body>`,
    );
    const page = await expectRendersOffline(file, open, 0);
    const m = await measureCards(page);
    expect(m.overlaps).toHaveLength(1);
    expect(m.outsideCell).toHaveLength(1);
    expect(m.cellLabels).toBe(1);
    await page.close();
  });

  it('the MGV cards with a house rule print to PDF: a page a card at the card size, or nine to an A4 sheet', async () => {
    const mgv = SYSTEMS.find((s) => s.info.id === 'mgv')!;
    const ctx = oddsContext(mgv, undefined, ['kinetic.dice=3']);
    const printed: string[] = [];
    for (const size of ['poker', 'tarot', 'a6', 'a4-sheet'] as CardSize[]) {
      const w = writeCards(ctx, join(tmp, 'mgv-house-rule'), { size });
      const page = await expectRendersOffline(w.files[0], open, 0);
      const m = await measureCards(page);
      expect(m.overlaps, size).toEqual([]);
      expect(m.overflows, size).toEqual([]);
      const pdf = join(tmp, `mgv-${size}.pdf`);
      await page.pdf(pdf, 'css');
      await page.close();
      const pages = pdfPages(readFileSync(pdf));
      const spec = SIZES[size];
      const want = spec.sheet ? { w: spec.sheet.width, h: spec.sheet.height, n: Math.ceil(w.cards / 9) } : { w: spec.width, h: spec.height, n: w.cards };
      expect(pages.length, size).toBe(want.n);
      expect(w.pages, size).toBe(want.n);
      for (const p of pages) {
        expect(Math.abs(p.widthMm - want.w), size).toBeLessThan(0.5);
        expect(Math.abs(p.heightMm - want.h), size).toBeLessThan(0.5);
      }
      printed.push(`${size}: ${pages.length} pages of ${pages[0].widthMm.toFixed(1)} × ${pages[0].heightMm.toFixed(1)} mm (${w.cards} cards)`);
      // The house rule is named on the cards whose values it changes, and its values are marked.
      const html = readFileSync(w.files[0], 'utf8');
      expect(html).toMatch(/‡ changed by kinetic\.dice = 3 \(rulebook: 2\)/);
      expect(html).toMatch(/House rules: kinetic\.dice = 3 \(rulebook: 2\)\./);
    }
    console.log(`mgv --set kinetic.dice=3 printed: ${printed.join('; ')}`);
  }, 120_000);

  it('one odds table as a page: salvo odds ww2setup compare --format html', async () => {
    const file = join(tmp, 'compare.html');
    runOdds({ system: 'ww2setup', mechanic: 'compare', format: 'html', out: file });
    const page = await expectRendersOffline(file, open, 0);
    expect(await page.evaluate<number>(`document.querySelectorAll('svg.odds-chart').length`)).toBe(4);
    expect(page.text).toContain('Japanese v Americans, island garrison');
    await page.close();
  });
});
