/**
 * The two schemas of the plug: the rules data (strict, so a misspelt house rule is caught) and the
 * scenario file's `scenario:` block. Their inferred types are the system's Rules and Body.
 */
import { z } from 'zod';
import { wholeIn } from '../../core/bounds.ts';

export const rulesSchema = z
  .object({
    /** Total a shot must reach: 2d6 + aim >= target (RULES.md §4). */
    target: z.number().int().min(2).max(13).describe('total a shot must reach: 2d6 + aim (13: never)'),
    /** Largest aim bonus a gunfighter can build up (§3). */
    maxAim: z.number().int().min(0).max(6).describe('largest aim bonus'),
    /** Wounds each side starts with (§1). */
    wounds: z.number().int().min(1).max(20).describe('wounds each side starts with'),
    /** Rounds before the duel ends in a draw (§5). */
    turnLimit: wholeIn(1, 100_000_000, { what: 'rounds before the duel ends in a draw', unit: 'rounds', why: 'RULES.md §5 thirty; engine limit: two decisions a round, a game of at most 2·10^8 decisions still ends in seconds' }),
  })
  .strict();
export type Rules = z.infer<typeof rulesSchema>;

export const scenarioSchema = z
  .object({
    sides: z.tuple([z.string().min(1), z.string().min(1)]).describe('the two gunfighters\' names'),
    /** Wounds per side, overriding the rules default (handicaps). */
    wounds: z.tuple([wholeIn(1, 20, { what: 'wounds of the first side', why: 'RULES.md §1; at most the rules\' 20' }), wholeIn(1, 20, { what: 'wounds of the second side', why: 'RULES.md §1; at most the rules\' 20' })]).optional().describe('wounds per side, overriding the rules default (handicaps)'),
  })
  .strict();
export type Body = z.infer<typeof scenarioSchema>;
