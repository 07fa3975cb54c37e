/**
 * Reference cards of every system with odds, and one odds page, opened in headless Chromium:
 * every chart renders to SVG, no console error, no network request (offline), and the sheet
 * prints to PDF on A4 and on US Letter.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runOdds } from '../../src/cli/commands/odds.ts';
import { writeCards } from '../../src/odds/cards.ts';
import { oddsContext } from '../../src/odds/context.ts';
import { loadAllSystems } from '../../src/systems/index.ts';
import { expectRendersOffline, type PageCheck } from '../helpers/browser.ts';

const SYSTEMS = await loadAllSystems();

const tmp = mkdtempSync(join(tmpdir(), 'salvo-cards-'));
const open: PageCheck[] = [];
afterAll(async () => {
  for (const p of open) await p.close();
});

const check = (html: string): Promise<PageCheck> => expectRendersOffline(html, open, 1);

describe('reference cards render offline and print', () => {
  for (const sys of SYSTEMS.filter((s) => s.odds)) {
    it(`cards: ${sys.info.id}`, async () => {
      const w = writeCards(oddsContext(sys), join(tmp, sys.info.id));
      const a4 = await check(w.files[0]);
      expect(a4.chartCount).toBe(w.charts);
      expect(a4.text).toContain('Provenance');
      expect(a4.text).toMatch(/† depends on a placeholder rules value/);
      const pdfA4 = join(tmp, `${sys.info.id}-a4.pdf`);
      expect(await a4.pdf(pdfA4, 'A4')).toBeGreaterThan(10_000);
      const letter = await check(w.files[1]);
      const pdfLetter = join(tmp, `${sys.info.id}-letter.pdf`);
      expect(await letter.pdf(pdfLetter, 'Letter')).toBeGreaterThan(10_000);
      expect(statSync(pdfLetter).size).toBeGreaterThan(10_000);
    });
  }

  it('cards with a scenario: ww2setup Tarawa (house rule marked ‡)', async () => {
    const w = writeCards(oddsContext(SYSTEMS.find((s) => s.info.id === 'ww2setup')!, 'scenarios/ww2setup/tarawa-1943.yaml'), join(tmp, 'tarawa'));
    const page = await check(w.files[0]);
    expect(page.text).toContain('air.modifiers.Japan.IslandGarrison.1943');
    expect(page.text).toContain('‡');
  });

  it('one odds table as a page: salvo odds ww2setup compare --format html', async () => {
    const file = join(tmp, 'compare.html');
    runOdds({ system: 'ww2setup', mechanic: 'compare', format: 'html', out: file });
    const page = await check(file);
    expect(page.chartCount).toBe(4);
    expect(page.text).toContain('Japanese v Americans, island garrison');
  });
});
