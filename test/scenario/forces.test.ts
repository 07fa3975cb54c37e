/** What each side fields, read from the scenario block, on the run report's first screen and in the terminal. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/app/execute.ts';
import { sideForces } from '../../src/scenario/forces.ts';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { ROOT } from '../helpers/bundled.ts';

const forcesOf = (file: string) => {
  const l = loadScenarioFile(join(ROOT, file));
  return sideForces(l.input.body, l.data, l.compiled.sides);
};

describe('forces', () => {
  it('lists each side’s units by their display names, counted, with characters, pilots and weapons', () => {
    expect(forcesOf('scenarios/panzervor/fake-battle.yaml')).toEqual([
      { side: 'Team A', units: ['Pz IV Ausf. F2 (Miho Nishizumi)', 'StuG III Ausf. F (Saori Takebe)'] },
      { side: 'Team B', units: ['M4 (Yukari Akiyama)', 'Sherman Firefly (Hana Isuzu)'] },
    ]);
    // sides.<key>.units (Ma.K), units with a side field (MGV), sides[i].units with counts (AT-43)
    expect(forcesOf('scenarios/mak/forest-ridge.yaml')).toEqual([
      { side: 'mercenary', units: ['2 × AFS', 'SAFS_MkII'] },
      { side: 'strahl', units: ['PKA (Heinrich Giger)', '2 × PKA'] },
    ]);
    // and a side's aircraft beside its units (Ma.K)
    expect(forcesOf('scenarios/mak/air-artillery.yaml').map((f) => f.units.at(-1))).toEqual([expect.stringMatching(/^Falke/), '2 × Hornisse']);
    expect(forcesOf('scenarios/mgv/sample-duel.yaml').map((f) => f.side)).toEqual(['Blue', 'Red']);
    expect(forcesOf('scenarios/at43/sector55.yaml')[0]).toEqual({ side: 'UNA', units: ['steel-trooper ×6 (sergeant)', 'steel-trooper ×6'] });
    // no units in the block: nothing is made up
    expect(forcesOf('scenarios/duel/high-noon.yaml')).toEqual([]);
  });

  it('the run report says it under the title, before the verdict', async () => {
    const o = await runScenario({ file: join(ROOT, 'scenarios/mak/forest-ridge.yaml'), games: 20, seed: 1, workers: 0 });
    const html = o.files['report.html'];
    const at = html.indexOf('<b>Forces:</b> Mercenary: 2 × AFS, SAFS_MkII · Strahl: PKA (Heinrich Giger), 2 × PKA');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(html.indexOf('class="verdict"'));
  }, 60_000);
});
