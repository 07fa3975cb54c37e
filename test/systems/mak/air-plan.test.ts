/**
 * The scripted Air Commitment ([10.1]; agents/air.ts airPlan), shared by `assault` and `firebase`:
 * a card priced by its expected O.G.P. balance over the Dog-Fight chart, the breakthrough row and
 * the loss allocation ([10.2.1], [10.3]), with the enemy taken to fly all its aircraft in air
 * combat. It fights when the chart pays, withdraws ([10.1.4]) what would only feed the enemy VP,
 * and never plans a withdrawal on the turn an aircraft arrives.
 */
import { describe, expect, it } from 'vitest';
import { AIR, AIR_KEEP, GROUND, STRAFE, WITHDRAW, airPlan, planValue } from '../../../src/systems/mak/agents/air.ts';
import { A_DEAD } from '../../../src/systems/mak/state.ts';
import { agentChoice, defaultData, setup, type Setup } from './helpers.ts';

const AGENTS = ['assault', 'firebase'];
/** The Falke of air-artillery: dog-fight 4 + laser marker 1 ([11.4.3]). */
const falke = { id: 'Falke', type: 'Falke', equipment: ['missile', 'laser'] };

/** Commits the side to act's next aircraft as `agent` chooses; returns the choice, described. */
function commitAs(t: Setup, agent: string): string {
  const c = agentChoice(t, agent);
  t.act(c);
  return c;
}

describe('scripted air commitment (air.ts airPlan)', () => {
  it('the chart by hand: the Strahl 12 (PK40 2 x3, Hornisse 3 x2) against the Falke 5 is worth +1/6 VP to them', () => {
    const chart = defaultData().dogfight;
    // Column 2:1 (12/5 = 2.4): the Falke (5) falls only on a 6 (loss 5), a PK40 (3 VP) on a 1 (loss 2).
    const strahl = [2, 2, 2, 3, 3].map((r, i) => ({ r, vp: r === 2 ? 3 : 5, fixed: -1, wd: false, a: i }));
    expect(planValue(strahl, [AIR, AIR, AIR, AIR, AIR], [5], [4], false, chart, 0)).toBeCloseTo(4 / 6 - 3 / 6, 12);
    // The Falke's view of the same: -1/6 in air combat; on a ground mission the five break through (loss 5 or 6 of 2-6: -4 x 2/6) and strafe.
    const f = [{ r: 5, vp: 4, fixed: -1, wd: false, a: 0 }];
    expect(planValue(f, [AIR], [2, 2, 2, 3, 3], [3, 3, 3, 5, 5], true, chart, 0)).toBeCloseTo(-1 / 6, 12);
    expect(planValue(f, [GROUND], [2, 2, 2, 3, 3], [3, 3, 3, 5, 5], true, chart, 0)).toBeCloseTo(-8 / 6 + STRAFE * 4 / 6 - 5 * STRAFE, 12);
  });

  for (const agent of AGENTS) {
    it(`${agent}: turn 1 of air-artillery: the Falke flies air combat; the Strahl fight with 10 of 12 (column 2:1) and one PK40 strafes`, () => {
      const t = setup({
        mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }], aircraft: [falke] },
        strahl: { units: [{ id: 'S1', type: 'PKA', at: '0906' }], aircraft: [{ id: 'PK40a', type: 'PK40' }, { id: 'PK40b', type: 'PK40' }, { id: 'PK40c', type: 'PK40' }, { id: 'HornisseA', type: 'Hornisse' }, { id: 'HornisseB', type: 'Hornisse' }] },
      });
      expect(commitAs(t, agent)).toBe('Falke to air combat mission');
      const card = ['PK40a', 'PK40b', 'PK40c', 'HornisseA'].map(() => commitAs(t, agent));
      expect(card).toEqual(['PK40a to air combat mission', 'PK40b to air combat mission', 'PK40c to ground combat mission', 'HornisseA to air combat mission']);
      t.dice.queue.push(3); // the dog-fight die (column 2:1, losses 1/3: nobody falls)
      expect(commitAs(t, agent)).toBe('HornisseB to air combat mission');
      expect(t.log.join('\n')).toContain('air combat mercenary 1 (5), strahl 4 (10)');
    });

    it(`${agent}: turn 2, the Strahl down to 8 (PK40, 2 Hornisse) against the Falke 5: the dog-fight only feeds VP, they withdraw; the Falke keeps flying`, () => {
      const t = setup({
        mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }], aircraft: [falke] },
        strahl: { units: [{ id: 'S1', type: 'PKA', at: '0906' }], aircraft: [{ id: 'PK40a', type: 'PK40' }, { id: 'HornisseA', type: 'Hornisse' }, { id: 'HornisseB', type: 'Hornisse' }] },
      });
      // Turn 1 with everything on ground missions (no air combat, no breakthrough: no dice).
      t.act('Falke to ground combat mission');
      for (const a of ['PK40a', 'HornisseA', 'HornisseB']) t.act(`${a} to ground combat mission`);
      t.act('mercenary ends the phase');
      t.act('strahl ends the phase');
      expect(t.s.turn).toBe(2);
      expect(commitAs(t, agent)).toBe('Falke to air combat mission');
      expect(['PK40a', 'HornisseA', 'HornisseB'].map(() => commitAs(t, agent))).toEqual(['PK40a withdrawn from the game', 'HornisseA withdrawn from the game', 'HornisseB withdrawn from the game']);
      expect(t.s.ogp).toEqual([0, 0]);
      expect(t.s.air[0] & A_DEAD).toBe(0); // the Falke is still flying
    });

    it(`${agent}: no withdrawal is planned for an aircraft on the turn it arrives ([10.1.4]); a turn later it is withdrawn`, () => {
      const position = (arrives: number) => {
        const t = setup({
          mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }], aircraft: [falke] },
          strahl: { units: [{ id: 'S1', type: 'PKA', at: '0906' }], aircraft: [{ id: 'HornisseA', type: 'Hornisse', ...(arrives > 1 ? { arrives } : {}) }] },
        });
        if (arrives === 1) {
          t.act('Falke to ground combat mission');
          t.act('HornisseA to ground combat mission');
        } else t.act('Falke to ground combat mission');
        t.act('mercenary ends the phase');
        t.act('strahl ends the phase');
        expect(t.s.turn).toBe(2);
        t.act('Falke to air combat mission');
        return t;
      };
      const late = position(2);
      const a = late.game.E.m.aid.indexOf('HornisseA');
      // Alone against the Falke (column 1.5:1) it falls on a loss of 3 (4 in 6): withdrawal is the best card, but not legal yet.
      expect(airPlan(late.game.E, late.s, 1, a, AIR_KEEP)).not.toBe(WITHDRAW);
      expect(agentChoice(late, agent)).toBe('HornisseA to air combat mission');
      const early = position(1);
      expect(airPlan(early.game.E, early.s, 1, a, AIR_KEEP)).toBe(WITHDRAW);
      expect(agentChoice(early, agent)).toBe('HornisseA withdrawn from the game');
    });
  }
});
