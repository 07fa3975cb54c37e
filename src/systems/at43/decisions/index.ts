/** The AT-43 decisions bound to its frames: `D.legal` and `D.apply` are the engine's dispatchers. */
import { defineDecisions } from '../../../core/decision/decisions.ts';
import { F } from '../actions.ts';
import type { At43Engine } from '../engine.ts';
import type { At43State } from '../state.ts';
import { eject } from './eject.ts';
import { first } from './first.ts';
import { join } from './join.ts';
import { main } from './main.ts';
import { order } from './order.ts';
import { overwatch } from './overwatch.ts';
import { pay } from './pay.ts';
import { pickExtra } from './pick-extra.ts';
import { rally } from './rally.ts';
import { wager } from './wager.ts';

export const D = defineDecisions<At43Engine, At43State, typeof F.spec>(F, { main, order, wager, first, overwatch, rally, pay, eject, pickExtra, join });
