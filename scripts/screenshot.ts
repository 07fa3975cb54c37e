/**
 * Opens a report in headless Chromium and saves a full-page PNG (or a band of it), printing what
 * the browser saw (charts rendered, console errors, network requests). Usage:
 *   npx tsx scripts/screenshot.ts reports/fake-battle/report.html /tmp/report.png [top height]
 */
import { openInChromium } from '../test/helpers/browser.ts';

const [file, out, top, height] = process.argv.slice(2);
if (!file || !out) {
  console.error('usage: npx tsx scripts/screenshot.ts <report.html> <out.png>');
  process.exit(2);
}
const page = await openInChromium(file);
console.log(JSON.stringify({ charts: page.chartCount, rendered: page.renderedCharts, consoleErrors: page.consoleErrors, externalRequests: page.externalRequests, chartErrors: page.chartErrors }));
await page.screenshot(out, top !== undefined ? { top: Number(top), height: Number(height ?? 2000) } : undefined);
await page.close();
