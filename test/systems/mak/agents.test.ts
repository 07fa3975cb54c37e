/**
 * The scripted agents on constructed positions: the misplays of issue 19 are gone (mines, unarmed
 * CQC, boosters, smoke, unarmed units left in reach, shots that cannot hit), each checked on the
 * default agents through their own decide() on the observation, as the runner calls them.
 */
import { describe, expect, it } from 'vitest';
import { IMMOBILE } from '../../../src/systems/mak/state.ts';
import { MAX_W } from '../../../src/systems/mak/model.ts';
import { agentChoice, setup } from './helpers.ts';

const choice = agentChoice;

/** Every agent and seat of interest: the default pair, both ways. */
const AGENTS = ['assault', 'firebase'];

describe('minefields both sides can see ([19.1])', () => {
  // The enemy is far off down the column: the one step that gets closer is into the minefield of 0302.
  const scene = (mines: string[]) =>
    setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0301' }], strahl: [{ id: 'S1', type: 'PKA', at: '0308' }] }, { map: { mines: mines.map((hex) => ({ hex, strength: 9, owner: 'strahl' })) } });
  for (const name of AGENTS) {
    it(`${name} walks round a minefield when a way round gets as close`, () => {
      const t = scene(['0302']);
      expect(t.has('move M1 S to 0302')).toBe(true);
      const c = choice(t, name);
      expect(c).toMatch(/^move M1/);
      expect(c).not.toMatch(/0302$/);
    });
    it(`${name} crosses it when nothing else leads to the enemy`, () => {
      // Every hex of the row ahead mined: the way round is longer than the detour is worth.
      const t = scene(['0102', '0202', '0302', '0402', '0502', '0602', '0702', '0802', '0902', '1002', '0201', '0401']);
      expect(choice(t, name)).toMatch(/^move M1 .* to 0302/);
    });
  }
});

describe('close quarters combat only with a weapon able to hit ([9.5])', () => {
  // M1 next to a lone squad in the open: with its laser, a good exchange; with its laser depleted, unarmed only.
  const scene = (o: { turns?: number; turn?: number } = {}) => {
    const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0303' }], strahl: [{ id: 'S1', type: 'PnrSQ', at: '0403' }, { id: 'S2', type: 'PKA', at: '1008' }] }, { turns: o.turns });
    if (o.turn) t.s.turn = o.turn;
    return t;
  };
  it('assault enters with its laser', () => {
    const t = scene();
    expect(t.has('M1 enters 0403 for close quarters combat')).toBe(true);
    expect(choice(t, 'assault')).toMatch(/^M1 (enters 0403|attacks S1)/);
  });
  it('assault does not enter with its only weapon gone (it attacks nothing unarmed)', () => {
    const t = scene();
    t.s.wdis[t.u('M1') * MAX_W] = 1; // laser depleted ([11.2.1])
    expect(t.has('M1 enters 0403 for close quarters combat')).toBe(true);
    expect(choice(t, 'assault')).not.toMatch(/enters 0403/);
  });
  it('... unless it is the only way left to win: the last turn, behind', () => {
    const t = scene({ turns: 6, turn: 6 });
    t.s.wdis[t.u('M1') * MAX_W] = 1;
    t.s.ogp[1] = 1; // the Strahl lead
    expect(choice(t, 'assault')).toMatch(/^M1 enters 0403 for close quarters combat/);
  });
  for (const name of AGENTS) {
    it(`${name} takes no CQC or defensive shot that cannot hit (T < 0)`, () => {
      // S1 (a PKA) entered M1's hex: M1's unarmed attack is at 4, its MG made useless by a -9 defense.
      const t = setup({ mercenary: [{ id: 'M1', type: 'EngSQ', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0403' }] }, { first: 'strahl' });
      t.game.E.m.udef[t.u('M1')] = 0;
      t.act('S1 enters 0303 for close quarters combat'); // M1 may fire adjacent: its MG at T < 0
      t.game.E.m.udef[t.u('S1')] = 12; // the model is the test's own copy: every shot at S1 is at T < 0
      expect(t.legal().some((l) => l.startsWith('M1 fires MG at S1'))).toBe(true);
      expect(choice(t, name)).toBe('mercenary passes');
    });
  }
});

describe('boosters ([19.5.3])', () => {
  // M1, a SAFS Mk II, and M2, an AFS with a forest ahead, both far from the enemy.
  const scene = () => setup({ mercenary: [{ id: 'M1', type: 'SAFS_MkII', at: '0101' }, { id: 'M2', type: 'AFS', at: '0108' }], strahl: [{ id: 'S1', type: 'PKA', at: '1004' }] }, { map: { hexes: { '0207': { terrain: ['forest'] } } } });
  for (const name of AGENTS) {
    it(`${name} lights a booster only for the unit that moves next, which then moves`, () => {
      const t = scene();
      let boosts = 0;
      for (let guard = 0; guard < 40 && t.s.phaseSide === 0 && t.s.turn === 1; guard++) {
        const c = choice(t, name);
        if (c === 'M1 uses its booster') {
          boosts++;
          t.act(c);
          expect(choice(t, name)).toMatch(/^move M1 /); // not another unit: the booster would be wasted
          continue;
        }
        t.act(c);
      }
      expect(boosts).toBe(1);
      expect(t.s.boostLeft[t.u('M1')]).toBe(1);
    });
  }
});

describe('smoke ([19.2])', () => {
  for (const name of AGENTS) {
    it(`${name}: no smoke in a hex its units fire out of; smoke where nobody fires`, () => {
      // The Doll House sees the PKA 4 hexes off: it fires, no smoke.
      const t = setup({ mercenary: [{ id: 'M1', type: 'DollHouse', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0703' }] });
      expect(t.has('M1 lays smoke in 0303')).toBe(true);
      expect(choice(t, name)).not.toMatch(/lays smoke/);
      // Immobilized behind a forest that hides the PKA 3 hexes off: nothing to fire at, so it screens itself.
      const u = setup({ mercenary: [{ id: 'M1', type: 'DollHouse', at: '0303' }], strahl: [{ id: 'S1', type: 'PKA', at: '0603' }] }, { map: { hexes: { '0403': { terrain: ['forest'] }, '0503': { terrain: ['forest'] } } } });
      u.s.status[u.u('M1')] |= IMMOBILE;
      expect(u.legal().some((l) => l.startsWith('M1 attacks'))).toBe(false);
      expect(choice(u, name)).toBe('M1 lays smoke in 0303');
    });
  }
});

describe('units that cannot fight stay out of reach ([16.2], [5.1.2] A)', () => {
  for (const name of AGENTS) {
    it(`${name} takes the NeuSpotter next to an armed enemy out of its fire, towards its own units`, () => {
      const t = setup({ mercenary: [{ id: 'M1', type: 'AFS', at: '0504' }], strahl: [{ id: 'S1', type: 'NeuSpotter', at: '0503' }, { id: 'S2', type: 'PKA', at: '0807' }] }, { first: 'strahl' });
      expect(choice(t, name)).toMatch(/^move S1 /);
      for (let c = choice(t, name), guard = 0; c.startsWith('move S1') && guard < 10; c = choice(t, name), guard++) {
        t.act(c);
        if (t.legal().some((l) => l.startsWith('M1 fires'))) t.act('mercenary passes'); // T3 on the way out
      }
      const m = t.game.E.m;
      expect(m.grid.distance(t.s.hex[t.u('S1')], t.hex('0504'))).toBeGreaterThan(1);
    });
  }
});
