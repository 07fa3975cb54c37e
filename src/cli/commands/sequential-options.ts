/** --sprt/--side and --pairings of `experiment` and `plan` (loaded only when a plan is made from a file). */
import type { AgentChoice } from '../../core/agent.ts';
import { InputError } from '../../scenario/errors.ts';
import { parseSprt, type SprtSpec } from '../../answers/sprt.ts';
import { parsePairings } from '../../answers/robust.ts';

const CMD = 'command line';

export function pairingsOption(v: string | undefined): AgentChoice[][] | undefined {
  if (v === undefined) return undefined;
  const p = parsePairings(v);
  if (!p) throw new InputError(CMD, [{ path: '--pairings', message: `expected agent pairings like 'marksman,marksman;brawler,marksman', got '${v}'` }]);
  return p;
}

export function sprtOption(v: string | undefined, side: string | undefined): SprtSpec | undefined {
  if (v === undefined) {
    if (side !== undefined) throw new InputError(CMD, [{ path: '--side', message: 'names the side a sequential test is about: give --sprt too' }]);
    return undefined;
  }
  const d = parseSprt(v);
  if (!d) throw new InputError(CMD, [{ path: '--sprt', message: `expected <d0>,<d1>: two different changes of the tested side's score (wins + half the draws) as fractions (e.g. 0,0.03), got '${v}'` }]);
  return { ...d, alpha: 0.05, beta: 0.05, ...(side !== undefined ? { side } : {}) };
}
