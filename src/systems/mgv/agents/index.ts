/** MGV agents (spec §7.3): `closer` and `standoff` with named parameters, and the core's `random`. */
import { randomAgent } from '../../../core/agent.ts';
import { closerAgent } from './closer.ts';
import { standoffAgent } from './standoff.ts';

export { closerAgent, standoffAgent };

export const agents = [randomAgent, closerAgent, standoffAgent] as const;

/** The scenario's agents when it names none. */
export const defaultAgents = ['standoff', 'standoff'];
