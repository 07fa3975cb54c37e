/** The envelope every scenario file shares; the `scenario:` block belongs to the system. */
import { z } from 'zod';

const paramValue = z.union([z.number(), z.string(), z.boolean()]);

/** 'marksman', 'marksman:lambda=1.5', or { name: marksman, params: { lambda: 1.5 } }. */
export const agentChoiceSchema = z.union([
  z.string().min(1),
  z.object({ name: z.string().min(1), params: z.record(z.string(), paramValue).optional() }).strict(),
]);

export const runDefaultsSchema = z
  .object({
    games: z.number().int().positive().optional(),
    seed: z.union([z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(200)]).optional(),
    agents: z.array(agentChoiceSchema).min(1).optional(),
  })
  .strict();

export const sourceSchema = z
  .object({
    seed: z.string().optional(),
    section: z.string().optional(),
    note: z.string().optional(),
  })
  .strict();

export const scenarioEnvelopeSchema = z
  .object({
    system: z.string().min(1),
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected an id of letters, digits, dot, dash or underscore'),
    name: z.string().min(1),
    description: z.string().optional(),
    source: sourceSchema.optional(),
    run: runDefaultsSchema.optional(),
    options: z.record(z.string(), paramValue).optional(),
    overrides: z.record(z.string(), z.unknown()).optional(),
    scenario: z.unknown(),
  })
  .strict();

export type ScenarioEnvelope = z.infer<typeof scenarioEnvelopeSchema>;
export type AgentChoiceInput = z.infer<typeof agentChoiceSchema>;
