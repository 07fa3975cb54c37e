/** The scripted AT-43 heuristics (spec §7.3). */
export { gunlineAgent } from './gunline.ts';
export { assaultAgent } from './assault.ts';
export { objectiveAgent } from './objective.ts';
