/**
 * The main decision (RULES.md §2–§4): the active side aims or fires. A duel never interrupts a
 * turn, so this is its only decision. A system with reactions, defensive fire or secret choices
 * declares a frame per kind (`decisionFrames`, actions.ts) and writes each in its own file beside
 * this one, with the same three parts: `legal`, `apply`, and `close` when the interrupted flow
 * resumes (core/decision/decisions.ts).
 */
import type { Decision } from '../../../core/decision/decisions.ts';
import { AIM, FIRE } from '../actions.ts';
import { M } from '../metrics.ts';
import type { DuelModel } from '../model.ts';
import { hits, roll2d6 } from '../rules/rolls.ts';
import { endTurn, resolveShot, takeAim } from '../rules/turn.ts';
import type { DuelState } from '../state.ts';

export const main: Decision<DuelModel, DuelState> = {
  /** Aim (below the maximum), then fire: a fixed order that agents and golden transcripts rely on. */
  legal(m, s, out) {
    let n = 0;
    if (s.aim[s.active] < m.rules.maxAim) out[n++] = AIM;
    out[n++] = FIRE;
    return n;
  },

  apply(m, s, action, ctx) {
    const me = s.active;
    const target = m.rules.target;
    if (action === AIM) {
      takeAim(s);
      ctx.tally.addScalar(M.scalar.aimsTaken);
    } else {
      ctx.tally.add(me, M.col.shots);
      const roll = roll2d6(ctx.dice);
      const aim = s.aim[me];
      const hit = hits(roll, aim, target);
      if (ctx.log) ctx.log(`2d6 = ${roll}, + aim ${aim} = ${roll + aim} vs target ${target}: ${hit ? 'hit' : 'miss'}`);
      if (hit) ctx.tally.add(me, M.col.hits);
      if (resolveShot(s, hit)) {
        ctx.tally.add(me, M.col.kills);
        return;
      }
    }
    endTurn(s, m.rules);
  },
};
