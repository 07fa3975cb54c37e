/**
 * Every bundled scenario's report, and every bundled experiment's, opened in headless Chromium
 * the way a user would: every chart renders to SVG, the console stays clean, nothing is fetched
 * from the network (the page works offline).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runExperiment, runScenario } from '../../src/app/execute.ts';
import { expectRendersOffline, type PageCheck } from '../helpers/browser.ts';
import { bundledExperiments, bundledScenarios, ROOT } from '../helpers/bundled.ts';

const tmp = mkdtempSync(join(tmpdir(), 'salvo-report-'));
const open: PageCheck[] = [];
afterAll(async () => {
  for (const p of open) await p.close();
});

const check = (html: string): Promise<PageCheck> => expectRendersOffline(html, open, 3);

describe('reports render offline in Chromium', () => {
  for (const file of bundledScenarios()) {
    it(`run report: ${relative(ROOT, file)}`, async () => {
      const out = join(tmp, relative(ROOT, file).replace(/[/.]/g, '_'));
      const r = await runScenario({ file, games: 200, workers: 0, out });
      const page = await check(join(r.written!.dir, 'report.html'));
      expect(page.text).toContain('Provenance of the rules values in play');
      expect(page.text).toContain('salvo run');
    });
  }

  for (const file of bundledExperiments()) {
    it(`experiment report: ${relative(ROOT, file)}`, async () => {
      const out = join(tmp, relative(ROOT, file).replace(/[/.]/g, '_'));
      const r = await runExperiment({ file, games: 60, workers: 2, out });
      const page = await check(join(r.written!.dir, 'report.html'));
      expect(page.text).toContain('Overview');
    });
  }
});
