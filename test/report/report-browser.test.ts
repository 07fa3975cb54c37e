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

const check = (html: string, min = 1): Promise<PageCheck> => expectRendersOffline(html, open, min);
// Few games: what is checked is the page (charts, first screen, offline), not the answer.
const RUN_GAMES = 40;
const EXPERIMENT_GAMES = 12;

describe('reports render offline in Chromium', () => {
  for (const file of bundledScenarios()) {
    it(`run report: ${relative(ROOT, file)}`, async () => {
      const out = join(tmp, relative(ROOT, file).replace(/[/.]/g, '_'));
      const r = await runScenario({ file, games: RUN_GAMES, workers: 0, out });
      const page = await check(join(r.written!.dir, 'report.html'));
      expect(page.text).toContain('Provenance of the rules values in play');
      expect(page.text).toContain('salvo run');
      // The verdict (who wins, with interval and sample) and the placeholder caveat are on the
      // first screen of a 1400×900 window.
      const generator = r.report.scenario.system.kind === 'generator';
      expect(page.firstScreen).toMatch(generator ? /set-ups generated/ : new RegExp(`(won \\d+\\.\\d% \\(\\d+\\.\\d–\\d+\\.\\d\\) of ${RUN_GAMES} games|No side is clearly ahead over ${RUN_GAMES} games)`));
      if (r.report.scenario.provenance.some((e) => e.provenance.kind === 'placeholder' && typeof e.value === 'number')) expect(page.firstScreen).toMatch(/placeholders out of \d+ numeric values in play/);
      expect(page.firstScreen).not.toMatch(/[a-z][A-Z][a-z]+Id|facetValue|cellsDamagedPerShot/);
    });
  }

  for (const file of bundledExperiments()) {
    it(`experiment report: ${relative(ROOT, file)}`, async () => {
      const out = join(tmp, relative(ROOT, file).replace(/[/.]/g, '_'));
      const r = await runExperiment({ file, games: EXPERIMENT_GAMES, workers: 0, out });
      const page = await check(join(r.written!.dir, 'report.html'));
      expect(page.firstScreen).toMatch(r.analysis.ratings ? /Best |No clear best / : /Baseline \(.*\): .* of \d+ variants change/);
      expect(page.firstScreen).toMatch(/placeholders out of \d+ numeric values in play/);
      if (r.analysis.ratings) expect(page.firstScreen).toMatch(/expected score \d+\.\d% \(\d+\.\d–\d+\.\d\) against an average opponent/);
    });
  }
});

describe('answer pages render offline in Chromium, verdict and caveat first', () => {
  it('balance and sensitivity reports of the duel', async () => {
    const { loadSubject } = await import('../../src/answers/subject.ts');
    const { solveBalance } = await import('../../src/answers/balance.ts');
    const { balanceHtml } = await import('../../src/answers/balance-report.ts');
    const { sensitivity } = await import('../../src/answers/sensitivity.ts');
    const { sensitivityHtml } = await import('../../src/answers/sensitivity-report.ts');
    const { writeFileSync } = await import('node:fs');
    const subject = loadSubject(join(ROOT, 'scenarios/duel/high-noon.yaml'));
    const result = await solveBalance(subject, { path: 'overrides.target', label: 'target', lo: 5, hi: 13, integer: true, target: 0.5, side: 1, workers: 0, firstGames: 500, maxGames: 2000 });
    const bal = join(tmp, 'balance.html');
    writeFileSync(bal, balanceHtml({ result, subject, label: 'target', provenance: 'placeholder', current: 8, command: 'salvo balance …', confirm: 'salvo run …' }));
    const p1 = await check(bal);
    expect(p1.firstScreen).toMatch(/No single value of target gives Hasty exactly 50\.0%: the win rate crosses it between 10 \(/);
    expect(p1.firstScreen).toContain('placeholder');
    const sens = await sensitivity(subject, { measure: { kind: 'win', side: 0 }, screenGames: 300, confirmGames: 1000, confirmTop: 3, workers: 0 });
    const sf = join(tmp, 'sensitivity.html');
    writeFileSync(sf, sensitivityHtml(subject, sens, { top: 10, command: 'salvo sensitivity …' }));
    const p2 = await check(sf);
    expect(p2.firstScreen).toMatch(/The Patient win rate, .* moves most with/);
    expect(p2.firstScreen).toMatch(/placeholders out of 4 numeric values in play/);
  });
});

describe('experiments comparing a metric render offline in Chromium', () => {
  it('compare: [shots, Hasty]: the verdict speaks of shots per game, the metric forest plot renders', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = join(tmp, 'compare-shots.yaml');
    writeFileSync(
      file,
      `experiment: cmp-shots
name: "Duel: shots per game under a house rule"
base: ${join(ROOT, 'scenarios/duel/high-noon.yaml')}
games: 300
baseline: base
compare: [shots, Hasty]
variants:
  - { name: base }
  - { name: t7, overrides: { target: 7 } }
  - { name: t9, overrides: { target: 9 } }
`,
    );
    const r = await runExperiment({ file, workers: 0, out: join(tmp, 'compare-shots') });
    const page = await check(join(r.written!.dir, 'report.html'), 2);
    expect(page.firstScreen).toMatch(/variants change the mean shots per game at 95% on the same games/);
    expect(page.text).toContain('shots per game: change (95%)');
  });
});
