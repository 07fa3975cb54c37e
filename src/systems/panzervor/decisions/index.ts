/**
 * Panzer Vor!'s decisions bound to its frames (actions.ts `Frames`): `D.legal` and `D.apply` are
 * the engine's dispatchers. Every module has the same three parts (core/decision/decisions.ts):
 * `legal`; `apply`, the effect of the choice, recorded in its frame when what follows depends on
 * it; and `close`, what follows once it is complete, usually the next step of sequence.ts,
 * rules/turn.ts or the set-up. A close only pushes the decision it reaches, so the stack holds
 * the one decision pending now.
 *
 * A module completes its own decision as `D.finish` does (its close with its frame on top, then
 * the frame goes), calling its close directly: through D.finish, a call on whichever close the
 * frame's kind names, random playouts of fake-battle ran 6% slower (33.6 against 31.2 µs a game,
 * CPU time, alternated). It also keeps this file, which imports the modules, out of their imports.
 */
import { defineDecisions } from '../../../core/decision/decisions.ts';
import { Frames } from '../actions.ts';
import type { PvStatic } from '../model.ts';
import type { PvState } from '../state.ts';
import { ability } from './ability.ts';
import { discard } from './discard.ts';
import { eavesdrop } from './eavesdrop.ts';
import { extraAction } from './extra-action.ts';
import { main } from './main.ts';
import { maintenance } from './maintenance.ts';
import { move } from './move.ts';
import { placeCharacter } from './place-character.ts';
import { place } from './place.ts';
import { reaction } from './reaction.ts';
import { recovery } from './recovery.ts';
import { target } from './target.ts';
import { tank } from './tank.ts';
import { turret } from './turret.ts';

export const D = defineDecisions<PvStatic, PvState, typeof Frames.spec>(Frames, {
  main,
  place,
  placeCharacter,
  tank,
  move,
  turret,
  target,
  reaction,
  eavesdrop,
  ability,
  extraAction,
  maintenance,
  recovery,
  discard,
});
