/** The duel's decisions bound to its frames: `D.legal` and `D.apply` are the engine's dispatchers. */
import { defineDecisions } from '../../../core/decision/decisions.ts';
import { Frames } from '../actions.ts';
import type { DuelModel } from '../model.ts';
import type { DuelState } from '../state.ts';
import { main } from './main.ts';

export const D = defineDecisions<DuelModel, DuelState, typeof Frames.spec>(Frames, { main });
