/** MGV agents: `closer` and `standoff` (spec §7.3) with named parameters. */
import { agentOf, randomAgent } from '../../../core/agent.ts';
import type { MgvObservation } from '../observe.ts';
import type { MgvState } from '../state.ts';
import { MgvHeuristic, SPLIT_POLICIES, paramsFrom } from './heuristic.ts';
import { REPAIR_PRESETS } from '../rules/reset.ts';

/** The parameters both agents take (their defaults differ). */
export function common(fireThreshold: number, rangeFraction: number, coverWeight: number) {
  return {
    missileSplit: { default: 'adaptive', values: SPLIT_POLICIES, description: 'Attacker missile split: always-hull, always-core, mixed (half, core rounded up) or adaptive (spec §7.3; hull-heavy against a target with core infestations)' },
    missileDefense: { default: 'adaptive', values: SPLIT_POLICIES, description: 'Defender missile split: adaptive = all on core with a core infestation, else two-thirds (spec §7.3)' },
    photonSigma: { default: 0.1, min: 0, max: 1, description: 'Photon range estimation skill: relative error sigma (0 perfect, 0.05 expert, 0.10 default, 0.20 novice; spec §7.2)' },
    photonSigmaInches: { default: 0, min: 0, max: 12, description: 'Additional absolute estimation error sigma in inches (spec §8.6 uses 1.8" and 3")' },
    fireThreshold: { default: fireThreshold, min: 0, description: 'Declare FIRE when the summed best expected damage reaches this value' },
    rangeFraction: { default: rangeFraction, min: 0.05, max: 1, description: 'Preferred range as a fraction of the main weapon range' },
    coverWeight: { default: coverWeight, min: 0, description: 'Weight of a cover class point against a range mismatch of 2" when choosing where to move' },
    repairPriority: { default: 'coreFirst', values: REPAIR_PRESETS.map((p) => p.name), description: 'Repair priority preset (coreFirst = core infestations, Mj, S, hull infestations; spec §7.3)' },
    useBeacons: { default: true, description: 'Launch a marker beacon at the nearest enemy when friends fire kinetic or missile weapons' },
    useJammer: { default: true, description: 'Jam the strongest enemy in arc and LOS' },
  };
}

const mgvAgent = agentOf<MgvState, MgvObservation>();

export const closerAgent = mgvAgent({
  name: 'closer',
  description: 'Aggressive: closes on the nearest enemy to its weapon sweet spot, fires whenever it can hurt (spec §7.3 "closer")',
  params: common(0.01, 0.5, 0.3),
  create: (_game, side, params) => new MgvHeuristic(side, paramsFrom('closer', params)),
});

export const standoffAgent = mgvAgent({
  name: 'standoff',
  description: 'Stand-off shooter: keeps a preferred fraction of its weapon range, moves into cover, fires above a damage threshold (spec §7.3 cautious/balanced)',
  params: common(0.3, 0.75, 1.0),
  create: (_game, side, params) => new MgvHeuristic(side, paramsFrom('standoff', params)),
});

export const agents = [randomAgent, closerAgent, standoffAgent] as const;
