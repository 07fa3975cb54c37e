/** The envelope every scenario file shares; the `scenario:` block belongs to the system. */
import { z } from 'zod';
import { LIMITS } from './limits.ts';

const paramValue = z.union([z.number(), z.string().max(LIMITS.name), z.boolean()]);
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** 'marksman', 'marksman:lambda=1.5', or { name: marksman, params: { lambda: 1.5 } }. */
export const agentChoiceSchema = z.union([
  z.string().min(1).max(LIMITS.name).describe("an agent name, optionally with parameters: 'marksman' or 'marksman:lambda=1.5'"),
  z
    .object({
      name: z.string().min(1).max(LIMITS.name).describe('agent name (see salvo list <system>)'),
      params: z.record(z.string().max(100), paramValue).optional().describe("the agent's named parameters"),
    })
    .strict(),
]);

export const seedSchema = z
  .union([z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(200)])
  .describe('run seed: an integer, a string of digits (any 64-bit integer) or a word');

export const gamesSchema = z.number().int().min(1).max(LIMITS.games).describe(`games to play (at most ${LIMITS.games})`);

export const runDefaultsSchema = z
  .object({
    games: gamesSchema.optional(),
    seed: seedSchema.optional(),
    agents: z.array(agentChoiceSchema).min(1).max(16).optional().describe('one agent per side, in side order'),
  })
  .strict()
  .describe('defaults for `salvo run` (flags override them)');

export const sourceSchema = z
  .object({
    seed: z.string().max(LIMITS.name).optional().describe('rulebook seed file'),
    section: z.string().max(LIMITS.name).optional().describe('section of the rulebook'),
    note: z.string().max(LIMITS.description).optional(),
  })
  .strict()
  .describe('where the scenario comes from');

/**
 * The question a run or an experiment asks besides who wins: `even` — is side A's score (a win 1,
 * a draw ½) 50% within a margin (default ±2 points; `{ even: 3 }` for ±3), by two one-sided tests;
 * the run stops once every variant is decided, checked after rounds of games.
 */
export const questionSchema = z
  .union([z.literal('even'), z.object({ even: z.number().gt(0).max(25).describe('the margin in percentage points, e.g. 2 for 48-52%') }).strict()])
  .describe("'even': is side A's score 50% within ±2 points (two one-sided tests)? { even: 3 } for ±3 points");

/** The margin (a fraction) a question asks about, or undefined. */
export function evenMargin(q: z.infer<typeof questionSchema> | undefined): number | undefined {
  if (q === undefined) return undefined;
  return q === 'even' ? 0.02 : q.even / 100;
}

export const scenarioEnvelopeSchema = z
  .object({
    system: z.string().min(1).max(100).describe('rule system id (see salvo list)'),
    id: z.string().max(100).regex(ID, 'expected an id of letters, digits, dot, dash or underscore').describe('scenario id: letters, digits, dot, dash or underscore'),
    name: z.string().min(1).max(LIMITS.name).describe('title shown in reports'),
    description: z.string().max(LIMITS.description).optional(),
    source: sourceSchema.optional(),
    run: runDefaultsSchema.optional(),
    options: z.record(z.string().max(100), paramValue).optional().describe('named options (see salvo list <system>)'),
    overrides: z.record(z.string().max(300), z.unknown()).optional().describe('house rules: dotted path into the rules data -> value (see salvo list <system> --overrides)'),
    question: questionSchema.optional(),
    scenario: z.unknown(),
  })
  .strict();

export type ScenarioEnvelope = z.infer<typeof scenarioEnvelopeSchema>;
export type AgentChoiceInput = z.infer<typeof agentChoiceSchema>;
