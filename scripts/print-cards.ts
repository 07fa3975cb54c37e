/**
 * Prints a card sheet to PDF in headless Chromium at its own page size (the @page rule of the
 * sheet: one card a page, or an A4 sheet of nine) and says what came out: pages and page size in
 * mm, read back from the PDF; and what the browser measured on the sheet (chart labels that
 * overlap, cards whose content overflows, the smallest font). Usage:
 *   npx tsx scripts/print-cards.ts reports/cards/mgv-cards-poker.html /tmp/mgv.pdf
 * (`pdftoppm -png -r 150 /tmp/mgv.pdf /tmp/mgv` turns it into PNGs to look at.)
 */
import { readFileSync } from 'node:fs';
import { openInChromium } from '../test/helpers/browser.ts';
import { measureCards } from '../test/helpers/cards-measure.ts';
import { pdfPages } from '../test/helpers/pdf.ts';

const [file, out] = process.argv.slice(2);
if (!file || !out) {
  console.error('usage: npx tsx scripts/print-cards.ts <cards.html> <out.pdf>');
  process.exit(2);
}
const page = await openInChromium(file);
const m = await measureCards(page);
const bytes = await page.pdf(out, 'css');
await page.close();
const pages = pdfPages(readFileSync(out));
const sizes = [...new Set(pages.map((p) => `${p.widthMm.toFixed(1)} × ${p.heightMm.toFixed(1)} mm`))];
console.log(JSON.stringify({ pdf: out, bytes, pages: pages.length, pageSizes: sizes, consoleErrors: page.consoleErrors, externalRequests: page.externalRequests }));
console.log(JSON.stringify({ cards: m.cards, charts: m.charts, labels: m.labels, overlaps: m.overlaps.length, outsideCell: m.outsideCell.length, minGapPx: Number(m.minGap.toFixed(2)), overflows: m.overflows, minFontPt: Number(m.minFontPt.toFixed(2)) }));
for (const o of [...m.overlaps, ...m.outsideCell].slice(0, 20)) console.log('  ' + o);
