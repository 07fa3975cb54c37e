/** The Panzer Vor! agents (spec §7.4): the random baseline and the three named heuristics. */
import { randomAgent } from '../../../core/agent.ts';
import { brawler } from './brawler.ts';
import { flagCommander } from './flag.ts';
import { marksman } from './marksman.ts';

export { brawler, flagCommander, marksman };

export const agents = [randomAgent, brawler, marksman, flagCommander] as const;
