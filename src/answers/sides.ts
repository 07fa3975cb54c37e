/** Sides named on the command line (`--side`): a scenario's side name, a letter or an index. */
import { InputError } from '../scenario/errors.ts';

/** The index of a side named on the command line (its scenario name, or A/B, or 0/1). */
export function sideIndex(sides: readonly string[], name: string | undefined, flag = '--side'): number {
  if (name === undefined) return 0;
  const exact = sides.findIndex((s) => s.toLowerCase() === name.toLowerCase());
  if (exact >= 0) return exact;
  const letter = /^[A-Za-z]$/.test(name) ? name.toUpperCase().charCodeAt(0) - 65 : /^\d+$/.test(name) ? Number(name) : -1;
  if (letter >= 0 && letter < sides.length) return letter;
  throw new InputError('command line', [{ path: flag, message: `expected one of the scenario's sides (${sides.map((s) => `'${s}'`).join(', ')}), got '${name}'` }]);
}
