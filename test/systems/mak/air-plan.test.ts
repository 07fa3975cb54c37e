/**
 * The scripted Air Commitment ([10.1]; agents/air.ts airPlan), shared by `assault` and `firebase`:
 * a card priced by its expected O.G.P. balance over the Dog-Fight chart, the breakthrough row and
 * the loss allocation ([10.2.1], [10.3]), with the enemy taken to fly all its aircraft in air
 * combat. It fights when the chart pays, withdraws ([10.1.4]) what would only feed the enemy VP,
 * and never plans a withdrawal on the turn an aircraft arrives.
 */
import { describe, expect, it } from 'vitest';
import { AIR, GROUND, WITHDRAW, airChoice, airPlan, planValue } from '../../../src/systems/mak/agents/air.ts';
import { AIR_KEEP, bestStrafe, expectedKillT, modeOf, pAutoNum, pHitNum, pResultGivenRoll, strafeValue } from '../../../src/systems/mak/agents/common.ts';
import { R_A, R_D, R_M } from '../../../src/systems/mak/rules/rolls.ts';
import { ARM_OWN, strafeTarget } from '../../../src/systems/mak/rules/support.ts';
import { A_DEAD, DEAD } from '../../../src/systems/mak/state.ts';
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
    const strahl = [2, 2, 2, 3, 3].map((r, i) => ({ r, vp: r === 2 ? 3 : 5, g: 0, fixed: -1, wd: false, a: i }));
    expect(planValue(strahl, [AIR, AIR, AIR, AIR, AIR], [5], [4], 0, false, chart, 0)).toBeCloseTo(4 / 6 - 3 / 6, 12);
    // The Falke's view of the same: -1/6 in air combat; on a ground mission the five break through (loss 5 or 6 of 2-6: -4 x 2/6),
    // its strafe (g, here 0.9) counts when it survives, and the Strahl's strafes (here 0.5 in all) count against.
    const f = [{ r: 5, vp: 4, g: 0.9, fixed: -1, wd: false, a: 0 }];
    expect(planValue(f, [AIR], [2, 2, 2, 3, 3], [3, 3, 3, 5, 5], 0.5, true, chart, 0)).toBeCloseTo(-1 / 6, 12);
    expect(planValue(f, [GROUND], [2, 2, 2, 3, 3], [3, 3, 3, 5, 5], 0.5, true, chart, 0)).toBeCloseTo(-8 / 6 + 0.9 * 4 / 6 - 0.5, 12);
  });

  for (const agent of AGENTS) {
    it(`${agent}: turn 1 of air-artillery: the Falke flies air combat; no strafe pays against the AFS's fire, so the Strahl fly all 12 in air combat (column 2:1), none on a ground mission`, () => {
      const t = setup({
        mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }], aircraft: [falke] },
        strahl: { units: [{ id: 'S1', type: 'PKA', at: '0906' }], aircraft: [{ id: 'PK40a', type: 'PK40' }, { id: 'PK40b', type: 'PK40' }, { id: 'PK40c', type: 'PK40' }, { id: 'HornisseA', type: 'Hornisse' }, { id: 'HornisseB', type: 'Hornisse' }] },
      });
      const { m } = t.game.E;
      // The AFS's L8 hits a PK40 (defense 1) on 7: every strafe loses VP and would be declined ([10.4]; common.ts supportScore).
      for (const id of ['PK40a', 'HornisseA']) expect(bestStrafe(m, t.s, m.aid.indexOf(id), AIR_KEEP)).toBe(0);
      expect(commitAs(t, agent)).toBe('Falke to air combat mission');
      const card = ['PK40a', 'PK40b', 'PK40c', 'HornisseA'].map(() => commitAs(t, agent));
      // The flat 0.1 of a ground mission sent PK40c to one with nothing to strafe.
      expect(card).toEqual(['PK40a to air combat mission', 'PK40b to air combat mission', 'PK40c to air combat mission', 'HornisseA to air combat mission']);
      t.dice.queue.push(3); // the dog-fight die (column 2:1, losses 1/3: nobody falls)
      expect(commitAs(t, agent)).toBe('HornisseB to air combat mission');
      expect(t.log.join('\n')).toContain('air combat mercenary 1 (5), strahl 5 (12)');
    });

    it(`${agent}: a lightly defended target (an EngSQ: its MG 3 hits a PK40 only on the (1,1)) is worth strafing: the three PK40 fly ground missions, the Hornisses air combat`, () => {
      const t = setup({
        mercenary: { units: [{ id: 'M1', type: 'EngSQ', at: '0203' }], aircraft: [falke] },
        strahl: { units: [{ id: 'S1', type: 'PKA', at: '0906' }], aircraft: [{ id: 'PK40a', type: 'PK40' }, { id: 'PK40b', type: 'PK40' }, { id: 'PK40c', type: 'PK40' }, { id: 'HornisseA', type: 'Hornisse' }, { id: 'HornisseB', type: 'Hornisse' }] },
      });
      const { m } = t.game.E;
      const a = m.aid.indexOf('PK40a');
      const g = bestStrafe(m, t.s, a, AIR_KEEP);
      expect(g).toBeCloseTo(strafeValue(m, t.s, a, t.u('M1'), ARM_OWN, AIR_KEEP), 12);
      expect(g).toBeGreaterThan(0.6); // against 0.1 before
      expect(commitAs(t, agent)).toBe('Falke to air combat mission');
      const card = ['PK40a', 'PK40b', 'PK40c', 'HornisseA'].map(() => commitAs(t, agent));
      // The Hornisses (6) against the Falke (5): column 1:1, the Falke cannot break through 2 with 1 ([10.3]).
      expect(card).toEqual(['PK40a to ground combat mission', 'PK40b to ground combat mission', 'PK40c to ground combat mission', 'HornisseA to air combat mission']);
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

  it('the remembered plan (airChoice) follows the position: the same cards, the juicy target gone, no ground mission', () => {
    const t = setup({
      mercenary: { units: [{ id: 'M1', type: 'EngSQ', at: '0203' }, { id: 'M2', type: 'AFS', at: '0208' }], aircraft: [falke] },
      strahl: { units: [{ id: 'S1', type: 'PKA', at: '0906' }], aircraft: [{ id: 'PK40a', type: 'PK40' }, { id: 'PK40b', type: 'PK40' }, { id: 'PK40c', type: 'PK40' }, { id: 'HornisseA', type: 'Hornisse' }, { id: 'HornisseB', type: 'Hornisse' }] },
    });
    t.act('Falke to air combat mission');
    const { E } = t.game;
    const a = E.m.aid.indexOf('PK40a');
    expect(airChoice(E, t.s, 1, a, AIR_KEEP)).toBe(GROUND);
    t.s.status[t.u('M1')] |= DEAD; // only the AFS is left to strafe, into its fire
    expect(airChoice(E, t.s, 1, a, AIR_KEEP)).toBe(AIR);
  });

  it('a strafe priced by hand ([10.4], [10.6] A28): an M on a Hornisse lands it, its PK41 scored, rather than destroying it', () => {
    const price = (landing: boolean) => {
      const t = setup({ mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }] }, strahl: { units: [{ id: 'S1', type: 'PKA', at: '0906' }], aircraft: [{ id: 'HornisseA', type: 'Hornisse' }] } }, { opts: { hornisseMLanding: landing } });
      const { m } = t.game.E;
      return { m, s: t.s, u: t.u('M1'), v: strafeValue(m, t.s, 0, t.u('M1'), ARM_OWN, AIR_KEEP) };
    };
    const on = price(true), off = price(false);
    const { m } = on;
    // The AFS's L8 against the Hornisse's defense 2: T 6; a hit not on the (1,1) then the Hornisse's endurance roll (class B).
    const mode = modeOf(m), ph = pHitNum(6, mode), pa = pAutoNum(6, mode);
    const pM = (ph - pa) * pResultGivenRoll(m.adur[0], R_M);
    expect(pM).toBeGreaterThan(0);
    // Landing instead of falling: the PK41 (2 VP) is scored instead of the Hornisse (5 VP).
    expect(on.v - off.v).toBeCloseTo(pM * (m.avp[0] - m.uvp[m.apk41[0]]), 12);
    const pD = pa + (ph - pa) * pResultGivenRoll(m.adur[0], R_D), pA = (ph - pa) * pResultGivenRoll(m.adur[0], R_A);
    // A survivor still armed attacks the AFS (defense 1, clear terrain): its L8 at T 7.
    expect(strafeTarget(m, on.s, 0, on.u, ARM_OWN)).toBe(7);
    const attack = (1 - pD - pM - pA) * expectedKillT(m, 7, m.udur[on.u]) * m.uvp[on.u];
    expect(off.v).toBeCloseTo(attack - (pD + pM) * (m.avp[0] + AIR_KEEP), 12);
  });

  it('planValue: a ground mission is worth its strafe; a broken-through aircraft loses it with its VP', () => {
    const chart = defaultData().dogfight;
    const pk = { r: 2, vp: 3, g: 0.6, fixed: -1, wd: false, a: 0 };
    // No enemy aircraft: kept (0.05) plus the strafe.
    expect(planValue([pk], [GROUND], [], [], 0, false, chart, 0.05)).toBeCloseTo(0.65, 12);
    expect(planValue([pk], [AIR], [], [], 0, false, chart, 0.05)).toBeCloseTo(0.05, 12);
    // Alone on a ground mission against the Falke (5): broken through ([10.3]), the row's loss 2-6 always takes it; the Falke's strafe (0.9) counts against.
    expect(planValue([pk], [GROUND], [5], [4], 0.9, false, chart, 0.05)).toBeCloseTo(0.65 - 0.9 - (3 + 0.05 + 0.6), 12);
  });
});
