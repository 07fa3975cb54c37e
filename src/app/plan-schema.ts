/**
 * The zod schema of plan files: the authority on their shape, and the messages when a plan is
 * malformed. Loaded only then (plan-read.ts checks a well-formed plan without zod: a shard
 * process's main thread never loads it).
 */
import { z } from 'zod';
import { PLAN_FORMAT } from './plan-read.ts';

/** Built when first needed. */
let built: z.ZodType | undefined;

export function planFileSchema(): z.ZodType {
  built ??= buildPlanFileSchema();
  return built;
}

function buildPlanFileSchema(): z.ZodType {
  const agentSchema = z.object({ name: z.string(), params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])) }).strict();
  return z
    .object({
      format: z.literal('salvo-plan'),
      formatVersion: z.literal(PLAN_FORMAT),
      id: z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 in hex'),
      versions: z.object({ salvo: z.string(), streams: z.number().int(), rules: z.string() }).strict(),
      batchSize: z.number().int().positive(),
      stop: z.object({ halfWidth: z.number().positive().lt(0.5), roundGames: z.number().int().positive() }).strict().optional(),
      sprt: z.object({ d0: z.number().gt(-1).lt(1), d1: z.number().gt(-1).lt(1), alpha: z.number().gt(0).lt(0.5), beta: z.number().gt(0).lt(0.5), sides: z.array(z.number().int().min(0).max(1)).min(1).optional(), side: z.string().optional(), roundGames: z.number().int().positive() }).strict().optional(),
      even: z.object({ margin: z.number().gt(0).lt(0.5), side: z.number().int().min(0), alpha: z.number().gt(0).lt(0.5), roundGames: z.number().int().positive() }).strict().optional(),
      pairings: z.array(z.array(agentSchema).min(1)).min(1).optional(),
      skillCheck: z.object({ games: z.number().int().positive(), agents: z.array(agentSchema).min(1) }).strict().optional(),
      plan: z
        .object({
          kind: z.enum(['run', 'experiment']),
          id: z.string(),
          name: z.string(),
          seed: z.union([z.number().int(), z.string().min(1)]),
          games: z.number().int().positive(),
          variants: z.array(z.object({ name: z.string(), label: z.string(), tags: z.record(z.string(), z.string()), file: z.string(), doc: z.record(z.string(), z.unknown()), agents: z.array(agentSchema).min(1) }).strict()).min(1),
          baseline: z.number().int().min(-1),
        })
        .strict(),
      report: z
        .object({
          title: z.string(),
          description: z.string().optional(),
          command: z.string(),
          scenarioFile: z.string(),
          scenarioText: z.string(),
          matrix: z.object({ row: z.string(), col: z.string(), facet: z.string().optional() }).strict().optional(),
          experimentText: z.string().optional(),
          compare: z.array(z.string()).optional(),
        })
        .strict(),
    })
    .strict();
}
