/**
 * The scripted strafe ([10.4]; agents/common.ts strafeValue), shared by `assault` and `firebase`:
 * priced as the expected VP of the attack less P(the target hex's anti-aircraft fire destroys the
 * aircraft) x its VP (which the enemy scores). A strafe that loses VP on the balance is declined.
 */
import { describe, expect, it } from 'vitest';
import { ARMLESS } from '../../../src/systems/mak/state.ts';
import { agentChoice, setup } from './helpers.ts';

/** The Strahl's phase, their PK40 (3 VP, bomb) on a ground mission over an AFS (2 VP) and a Doll House (6 VP). */
function position() {
  const t = setup({
    mercenary: { units: [{ id: 'M1', type: 'AFS', at: '0203' }, { id: 'M3', type: 'DollHouse', at: '0205' }] },
    strahl: { units: [{ id: 'S1', type: 'PKA', at: '0906' }], aircraft: [{ id: 'PK40a', type: 'PK40', equipment: ['bomb'] }] },
  }, { first: 'strahl' });
  t.act('PK40a to ground combat mission');
  expect(t.has('PK40a strafes M3 in 0205 with a bomb')).toBe(true);
  return t;
}

describe('scripted strafe (common.ts strafeValue)', () => {
  for (const agent of ['assault', 'firebase']) {
    it(`${agent}: declines to strafe into the anti-aircraft fire of the Doll House or the AFS (the PK40 is likelier to die than to score its VP)`, () => {
      expect(agentChoice(position(), agent)).not.toMatch(/strafes/);
    });
    it(`${agent}: strafes a unit that cannot fire back rather than the bigger target that can`, () => {
      const t = position();
      t.s.status[t.game.E.m.uid.indexOf('M1')] |= ARMLESS; // the AFS has no working weapon: no AA fire ([10.4.3])
      expect(agentChoice(t, agent)).toMatch(/^PK40a strafes M1 in 0203/);
    });
  }
});
