/**
 * Beacon launches (seed §1.5 Beacons, spec §3.12.2): a launcher places marker or spotter beacons
 * next to enemy bases in its LOS within 30", up to 6 a turn, deciding again while it can launch;
 * launching counts as firing. Then the next launcher (fire-phase.ts).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { Action, BEACON_DONE, K, FA } from '../actions.ts';
import type { Engine } from '../engine.ts';
import { canLaunchBeacon, launchBeacon } from '../rules/payloads.ts';
import type { MgvState } from '../state.ts';
import { beaconsFrom } from './fire-phase.ts';

export const beacon: Decision<Engine, MgvState> = {
  legal(E, s, out) {
    const i = FA.beacon.unit(s.pending);
    let n = 0;
    out[n++] = BEACON_DONE;
    for (let j = 0; j < s.units.length; j++) {
      if (canLaunchBeacon(E.m, s, i, j)) {
        out[n++] = Action.encode.beacon(j, 0);
        out[n++] = Action.encode.beacon(j, 1);
      }
    }
    return n;
  },

  apply(E, s, action, ctx) {
    if (Action.kindIndexOf(action) === K.beacon) {
      const i = FA.beacon.unit(s.pending);
      launchBeacon(E.m, s, i, Action.read.beacon.type(action), Action.read.beacon.target(action), ctx);
      // the launcher decides again while it can launch more
      for (let j = 0; j < s.units.length; j++) if (canLaunchBeacon(E.m, s, i, j)) return;
    }
    E.finish(s, ctx);
  },

  close(E, s, ctx) {
    beaconsFrom(E, s, ctx, FA.beacon.unit(s.pending) + 1);
  },
};
