/**
 * Opens a generated HTML file in headless Debian Chromium (playwright-core, no browser download)
 * and reports what a user would see: console errors, network requests that left the file, and
 * how many charts rendered to SVG.
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM = process.env.SALVO_CHROMIUM ?? '/usr/bin/chromium';

export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageCheck {
  readonly consoleErrors: string[];
  /** Requests to anything but the file itself (http(s), other files): must be empty offline. */
  readonly externalRequests: string[];
  readonly chartCount: number;
  readonly renderedCharts: number;
  readonly chartErrors: string[];
  /** Text of the page (for content assertions). */
  readonly text: string;
  /** Text laid out on the first screen (the top 900 px of a 1400×900 window). */
  readonly firstScreen: string;
  /** Prints the page to PDF (A4 unless given; 'css': the page's own @page size) and returns the byte size. */
  pdf(outFile: string, format?: 'A4' | 'Letter' | 'css'): Promise<number>;
  /** Evaluates a JavaScript expression in the page (a string keeps DOM types out of the Node type check). */
  evaluate<T>(expression: string): Promise<T>;
  /** Full-page PNG, or the band [top, top + height) of the page when given. */
  screenshot(outFile: string, band?: { top: number; height: number }): Promise<void>;
  close(): Promise<void>;
}

/** The window a designer opens a report in (issue 10: the verdict must be on its first screen). */
export const FIRST_SCREEN = { width: 1400, height: 900 };

/**
 * One Chromium per test process, shared by the pages it has open, each page in its own browser
 * context (a fresh profile: no cache, cookies or storage shared between pages). Launching a
 * browser per page cost about a second each; the browser closes when its last page does.
 */
let shared: Promise<Browser> | undefined;
let users = 0;

async function acquireBrowser(): Promise<Browser> {
  users++;
  shared ??= chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  try {
    return await shared;
  } catch (e) {
    shared = undefined;
    users--;
    throw e;
  }
}

async function releaseBrowser(): Promise<void> {
  if (--users > 0 || shared === undefined) return;
  const closing = shared;
  shared = undefined;
  await (await closing).close();
}

export async function openInChromium(htmlFile: string, timeoutMs = 60_000): Promise<PageCheck> {
  const browser = await acquireBrowser();
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({ viewport: FIRST_SCREEN });
    return await checkPage(context, await context.newPage(), htmlFile, timeoutMs);
  } catch (e) {
    await context?.close();
    await releaseBrowser();
    throw e;
  }
}

async function checkPage(context: BrowserContext, page: Page, htmlFile: string, timeoutMs: number): Promise<PageCheck> {
  let closed = false;
  const consoleErrors: string[] = [];
  const externalRequests: string[] = [];
  const url = pathToFileURL(htmlFile).href;
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  page.on('request', (r) => {
    const u = r.url();
    if (u !== url && !u.startsWith('data:') && !u.startsWith('blob:')) externalRequests.push(u);
  });
  await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
  await page.waitForSelector('body[data-all-rendered="true"]', { timeout: timeoutMs });
  // Evaluated in the page (a string keeps DOM types out of the Node type check).
  const info = (await page.evaluate(`(() => {
    const charts = Array.from(document.querySelectorAll('.vega-chart'));
    return {
      chartCount: charts.length,
      rendered: charts.filter((c) => c.getAttribute('data-rendered') === 'true' && c.querySelector('svg')).length,
      errors: charts.map((c) => c.getAttribute('data-error')).filter((x) => !!x),
      text: document.body.innerText,
      firstScreen: (() => {
        const out = [];
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          const t = n.textContent.trim();
          if (!t || !n.parentElement || n.parentElement.closest('script, style')) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          const r = range.getBoundingClientRect();
          if (r.height > 0 && r.bottom <= ${FIRST_SCREEN.height} + window.scrollY && r.top >= 0) out.push(t);
        }
        return out.join(' ');
      })(),
    };
  })()`)) as { chartCount: number; rendered: number; errors: string[]; text: string; firstScreen: string };
  return {
    consoleErrors,
    externalRequests,
    chartCount: info.chartCount,
    renderedCharts: info.rendered,
    chartErrors: info.errors,
    text: info.text,
    firstScreen: info.firstScreen,
    async pdf(outFile, format = 'A4') {
      const buf = await page.pdf(format === 'css' ? { path: outFile, preferCSSPageSize: true, printBackground: true } : { path: outFile, format, printBackground: true });
      return buf.length;
    },
    async evaluate<T>(expression: string) {
      return (await page.evaluate(expression)) as T;
    },
    async screenshot(outFile, band) {
      if (!band) return void (await page.screenshot({ path: outFile, fullPage: true }));
      const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      await page.screenshot({ path: outFile, fullPage: true, clip: { x: 0, y: band.top, width, height: band.height } });
    },
    async close() {
      if (closed) return;
      closed = true;
      await context.close();
      await releaseBrowser();
    },
  };
}

/**
 * Opens a page and asserts what every generated page must satisfy: no console error, no request
 * leaving the file (offline), every chart rendered to SVG, at least `minCharts` charts.
 * Pages are collected in `open` so the caller can close them in afterAll.
 */
export async function expectRendersOffline(htmlFile: string, open: PageCheck[], minCharts = 1): Promise<PageCheck> {
  const page = await openInChromium(htmlFile);
  open.push(page);
  expect(page.consoleErrors).toEqual([]);
  expect(page.externalRequests).toEqual([]);
  expect(page.chartErrors).toEqual([]);
  expect(page.chartCount).toBeGreaterThanOrEqual(minCharts);
  expect(page.renderedCharts).toBe(page.chartCount);
  return page;
}
