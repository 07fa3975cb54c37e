/**
 * Bounded numbers for the systems' zod schemas (issue 22 item 3: every accepted value plays to an
 * end). A value that feeds a count, a loop, an action code or the geometry gets a range, and the
 * range says where it comes from: a rule (`seed §5.5`, `spec §3.2`), or `engine limit` and why.
 * The description (what the number is, its unit and range, and the reason) reaches the JSON
 * Schemas, so editors show it; the message names the range and the reason, so a load error does.
 */
import { z } from 'zod';

export interface Bound {
  /** What the number is, e.g. 'attack points added when the target acted'. */
  readonly what: string;
  /** Its unit ('inches', 'cm', 'hexes', 'dice', 'turns', ...), if any. */
  readonly unit?: string;
  /** Where the range comes from: a rule, or 'engine limit: ...'. */
  readonly why: string;
}

function text(min: number, max: number, b: Bound, int: boolean, exclusiveMin: boolean): { range: string; describe: string } {
  const lo = exclusiveMin ? `more than ${min}` : `${min}`;
  const range = `${lo} to ${max}${b.unit ? ` ${b.unit}` : ''}${int ? ', whole' : ''}`;
  return { range, describe: `${b.what}${b.unit ? ` (${b.unit})` : ''}; ${range}: ${b.why}` };
}

function build(min: number, max: number, b: Bound, int: boolean, exclusiveMin = false): z.ZodNumber {
  const t = text(min, max, b, int, exclusiveMin);
  const msg = `expected ${t.range} (${b.why})`;
  let s = int ? z.number().int(msg) : z.number();
  s = exclusiveMin ? s.gt(min, msg) : s.min(min, msg);
  return s.max(max, msg).describe(t.describe);
}

/** A whole number in [min, max]. */
export function wholeIn(min: number, max: number, b: Bound): z.ZodNumber {
  return build(min, max, b, true);
}

/** A number in [min, max]. */
export function numberIn(min: number, max: number, b: Bound): z.ZodNumber {
  return build(min, max, b, false);
}

/** A number in (0, max]. */
export function positiveUpTo(max: number, b: Bound): z.ZodNumber {
  return build(0, max, b, false, true);
}
