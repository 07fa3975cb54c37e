/**
 * Option `pilotMods` 'rollCreation' (spec §5.10; seed [18.3.1]): the pilots whose modifiers the seed
 * does not give (pilot data without `given`) are created at set-up: 1d6 on the ground column, split
 * between attack and defense (engine reading of "as the player likes": attack takes the larger half,
 * a negative result all on attack), then 1d6 on the dog-fight column. Their VP follow ([18.2.5]).
 * Rolled on the game's set-up stream, once per game.
 */
import type { Rng } from '../../../core/rng/rng.ts';
import type { Model } from '../model.ts';
import type { MakState } from '../state.ts';
import { pilotVp } from './rolls.ts';

export function rollPilots(m: Model, s: MakState, rng: Rng): void {
  const pc = m.data.pilotCreation;
  for (let u = 0; u < m.nu; u++) {
    if (!m.upRoll[u]) continue;
    const g = pc.ground[rng.die(6) - 1];
    const f = pc.dogfight[rng.die(6) - 1];
    s.pAtk[u] = g > 0 ? Math.ceil(g / 2) : g;
    s.pDef[u] = g > 0 ? g - Math.ceil(g / 2) : 0;
    s.pVp[u] = pilotVp([s.pAtk[u], s.pDef[u], f], m.upRank[u]);
    if (m.upilotUnit[u] >= 0) s.pVp[m.upilotUnit[u]] = s.pVp[u];
  }
  for (let a = 0; a < m.na; a++) {
    if (!m.apRoll[a]) continue;
    const g = pc.ground[rng.die(6) - 1];
    const f = pc.dogfight[rng.die(6) - 1];
    s.aPAtk[a] = g > 0 ? Math.ceil(g / 2) : g;
    s.aPDef[a] = g > 0 ? g - Math.ceil(g / 2) : 0;
    s.aDf[a] = m.adf[a] - m.apDfBase[a] + f;
  }
}
