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

/** `--even [points]`: "is it even?" within ±points (default 2), about `--side` (default: compare:'s first side, else side A). */
export function evenOption(v: string | boolean | undefined, side: string | undefined): { margin: number; side?: string } | undefined {
  if (v === undefined || v === false) return undefined;
  const points = v === true ? 2 : Number(String(v).trim());
  if (!(Number.isFinite(points) && points > 0 && points <= 25)) throw new InputError(CMD, [{ path: '--even', message: `expected the margin in percentage points, from above 0 to 25 (e.g. 2 for 48-52%), got '${v}'` }]);
  return { margin: points / 100, ...(side !== undefined ? { side } : {}) };
}

export function sprtOption(v: string | undefined, side: string | undefined, even = false): SprtSpec | undefined {
  if (v === undefined) {
    if (side !== undefined && !even) throw new InputError(CMD, [{ path: '--side', message: 'names the side a sequential test (--sprt) or --even is about: give one of them too' }]);
    return undefined;
  }
  const d = parseSprt(v);
  if (!d) throw new InputError(CMD, [{ path: '--sprt', message: `expected <d0>,<d1>: two different changes of the tested side's score (wins + half the draws) as fractions (e.g. 0,0.03), got '${v}'` }]);
  return { ...d, alpha: 0.05, beta: 0.05, ...(side !== undefined ? { side } : {}) };
}
