/**
 * The generic search agents' names, apart from their code: the run layer tells a game where a side
 * searches (its own time bound, src/run/watchdog.ts) without loading the search into the main
 * thread of every run and shard.
 */
export const LOOKAHEAD = 'lookahead';
export const MCTS = 'mcts';
export const SEARCH_AGENT_NAMES: readonly string[] = [LOOKAHEAD, MCTS];
