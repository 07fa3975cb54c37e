/**
 * The two schemas of the plug: the rules data (strict, so a misspelt house rule is caught) and the
 * scenario file's `scenario:` block. Their inferred types are the system's Rules and Body.
 */
import { z } from 'zod';

export const rulesSchema = z
  .object({
    /** Total a shot must reach: 2d6 + aim >= target (RULES.md §4). */
    target: z.number().int().min(2).max(13),
    /** Largest aim bonus a gunfighter can build up (§3). */
    maxAim: z.number().int().min(0).max(6),
    /** Wounds each side starts with (§1). */
    wounds: z.number().int().min(1).max(20),
    /** Rounds before the duel ends in a draw (§5). */
    turnLimit: z.number().int().min(1),
  })
  .strict();
export type Rules = z.infer<typeof rulesSchema>;

export const scenarioSchema = z
  .object({
    sides: z.tuple([z.string().min(1), z.string().min(1)]),
    /** Wounds per side, overriding the rules default (handicaps). */
    wounds: z.tuple([z.number().int().positive(), z.number().int().positive()]).optional(),
  })
  .strict();
export type Body = z.infer<typeof scenarioSchema>;
