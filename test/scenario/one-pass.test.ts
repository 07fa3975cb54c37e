/** One-pass validation: every problem of a file in one run, each with its line and a suggestion. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { compileScenarioText } from '../../src/scenario/load.ts';
import { ROOT } from '../helpers/bundled.ts';

const fakeBattle = readFileSync(join(ROOT, 'scenarios', 'panzervor', 'fake-battle.yaml'), 'utf8');

function issues(text: string) {
  try {
    compileScenarioText(text, 'my.yaml');
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as InputError).issues;
  }
  throw new Error('expected an InputError');
}

describe('one-pass validation', () => {
  it('four typos (envelope, option, override path, system block) are four errors of one run, with lines and suggestions', () => {
    const text = fakeBattle
      .replace('description: >-', 'descripton: >-')
      .replace('run: { games: 10000', 'options: { wreckge: true }\noverrides: { "tanks.tiger1.armour.frnt": 16 }\nrun: { games: 10000')
      .replace('  matchType: elimination', '  matchTyp: elimination');
    const got = issues(text);
    const lines = text.split('\n');
    const byPath = Object.fromEntries(got.map((i) => [i.path, i]));
    expect(Object.keys(byPath).sort()).toEqual(['descripton', 'options.wreckge', 'overrides.tanks.tiger1.armour.frnt', 'scenario.matchTyp', 'scenario.matchType']);
    expect(byPath['scenario.matchType'].message).toMatch(/^missing; expected one of "elimination"\|"flag"/);
    expect(byPath.descripton.message).toMatch(/unknown key 'descripton' \(did you mean 'description'\?\)/);
    expect(byPath['options.wreckge'].message).toMatch(/did you mean 'wreckage'/);
    expect(byPath['overrides.tanks.tiger1.armour.frnt'].message).toMatch(/frnt.*did you mean 'front'/);
    expect(byPath['scenario.matchTyp'].message).toMatch(/did you mean 'matchType'/);
    for (const i of got.filter((x) => x.path !== 'scenario.matchType')) expect(lines[i.line! - 1], i.path).toContain(i.path.split('.').pop()!.slice(0, 5));
  });

  it('overlapping placement zones of the two sides are caught (Panzer Vor!)', () => {
    const got = issues(fakeBattle.replace(/zone: \{ center: "1011", radius: 2 \}/g, 'zone: { center: "0807", radius: 2 }'));
    expect(got.map((i) => i.message).join('\n')).toMatch(/placement zones overlap: this zone of side B shares \d+ hexes with scenario\.sides\.A\.units\.0\.zone/);
    expect(got[0].path).toBe('scenario.sides.B.units.0.zone');
  });

  it('run.agents must give one agent per side (found by validate, not by run)', () => {
    const got = issues(fakeBattle.replace('agents: [marksman, marksman]', 'agents: [marksman, marksman, brawler]'));
    expect(got).toEqual([expect.objectContaining({ path: 'run.agents', message: expect.stringMatching(/expected 2 agents \(one per side: Team A, Team B\), got 3/) })]);
  });

  it('an experiment file given as a scenario says which command to use', () => {
    const got = issues(readFileSync(join(ROOT, 'experiments', 'duel-house-rules.yaml'), 'utf8'));
    expect(got[0].message).toMatch(/this is an experiment file .*use salvo experiment/);
  });

  it('games beyond the stated maximum are rejected at validation', () => {
    const got = issues(fakeBattle.replace('games: 10000', 'games: 1000000000000'));
    expect(got[0].path).toBe('run.games');
    expect(got[0].message).toMatch(/10000000/);
  });
});
