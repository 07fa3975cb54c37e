/**
 * The generic agents: they work on any system whose compiled games offer `evaluate` and
 * `determinize` (SystemInfo.search), with no per-system code. Resolution by name, together with
 * the systems' own agents and the random baseline, is in ./resolve.ts.
 */
import type { AgentFactory } from '../core/agent.ts';
import { lookaheadAgent } from './lookahead.ts';
import { mctsAgent } from './mcts.ts';

export { lookaheadAgent, mctsAgent };

/** Offered by every system with SystemInfo.search, after its own agents. */
export const GENERIC_AGENTS: readonly AgentFactory[] = [lookaheadAgent, mctsAgent];
