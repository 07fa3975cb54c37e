/** The "Shape of a game" section: in run and experiment reports, CSV and JSON, only where a system declares a lead measure. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExperiment, runScenario } from '../../src/app/execute.ts';
import { ROOT } from '../helpers/bundled.ts';

describe('the shape of a game in reports', () => {
  it('a run report has the section in player words, shape.csv, shape-histograms.csv and summary.json carry it', async () => {
    const r = await runScenario({ file: join(ROOT, 'scenarios/duel/high-noon.yaml'), games: 400, workers: 0 });
    const html = r.files['report.html'];
    expect(html).toMatch(/<h2 id="[^"]+">Shape of a game<\/h2>/);
    expect(html).toMatch(/The lead \(wounds, sampled at the end of every round\) changed hands \d\.\d\d times per game on average/);
    expect(html).toMatch(/The winner came back from 1 wound or more behind in \d+% \(\d+–\d+\) of the 400 decided games/);
    expect(html).toMatch(/The side that acted first won \d+% \(\d+–\d+\) \(Patient always acted first/);
    const csv = r.files['shape.csv'].split('\n');
    expect(csv[0]).toContain('comebackRate');
    expect(csv[1]).toMatch(/^high-noon,wounds,1,400,400,/);
    expect(r.files['shape-histograms.csv']).toMatch(/lead changes per game,0,\d+,/);
    const json = JSON.parse(r.files['summary.json']);
    expect(json.variants[0].shape.comebacks.n).toBe(400);
    expect(json.variants[0].shape.firstMover.won.k).toBe(r.result.summaries[0].wins[0]);
    // The first screen is untouched: the verdict still opens the page.
    expect(html.indexOf('Shape of a game')).toBeGreaterThan(html.indexOf('Patient'));
  });

  it('an experiment report compares the shapes of its variants', async () => {
    const r = await runExperiment({ file: join(ROOT, 'experiments/duel-house-rules.yaml'), games: 300, workers: 0 });
    const html = r.files['report.html'];
    expect(html).toMatch(/<h2 id="[^"]+">Shape of a game<\/h2>/);
    expect(html).toContain('winner led for good from round (median, 10–90%)');
    expect(r.files['shape.csv'].trim().split('\n')).toHaveLength(1 + r.analysis.variants.length);
  });

  it('a system without a lead measure (the ww2setup generator) has no such section', async () => {
    const r = await runScenario({ file: join(ROOT, 'scenarios/ww2setup/kursk-1943.yaml'), games: 50, workers: 0 });
    expect(r.result.summaries[0].shape).toBeUndefined();
    expect(r.files['report.html']).not.toContain('Shape of a game');
    expect(r.files['shape.csv']).toBeUndefined();
  });
});
