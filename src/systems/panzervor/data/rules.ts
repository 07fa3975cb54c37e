/**
 * Numeric rules (seed pages cited) and terrain types. Every number is a house-rule knob:
 * a scenario overrides it as `overrides: { "rules.handLimit": 6 }`.
 */
export const rules = {
  handLimit: 5,
  drawsPerTurn: 1,
  actionCardsPerTurn: 1,
  eventCardsPerTurn: 1,
  reactionsPerAction: 1,
  /** Damage roll range modifier by distance 1, 2, 3, ... (the last entry applies beyond). */
  damageRangeMods: [2, 1, 0],
  forwardCost: 1,
  reverseMultiplier: 2,
  turnInPlaceCost: 1,
  largeTurnAfterHexCost: 1,
  wreckMoveCost: 1,
  wreckLosMod: -1,
  turretRotatePenalty: -2,
  cuttingThroughCost: 1,
  $prov: {
    handLimit: 'seed: p6 Hand, p8 End Phase',
    drawsPerTurn: 'seed: p8 Draw Phase',
    actionCardsPerTurn: 'seed: p8 Action Phase',
    eventCardsPerTurn: 'seed: p8 Event Phase',
    reactionsPerAction: 'seed: p7, p12',
    damageRangeMods: 'seed: p11 Damage Roll (1 hex +2, 2 hexes +1, 3+ none)',
    forwardCost: 'seed: p9 Movement',
    reverseMultiplier: 'seed: p9 Reverse Movement',
    turnInPlaceCost: 'seed: p9 Turning',
    largeTurnAfterHexCost: 'seed: p9 Turning',
    wreckMoveCost: 'seed: p13 Wreckage',
    wreckLosMod: 'seed: p13 Wreckage',
    turretRotatePenalty: 'seed: p13 Turret Rotation',
    cuttingThroughCost: 'seed: p13 Cutting Through',
  },
};

/** Terrain types a map may use (spec §5.4(c)); enterCost null = prohibited. */
export const terrain = {
  clear: { enterCost: 1, blocksLos: false, $prov: 'seed: p9 (1 MP per clear hex), p10' },
  forest: { enterCost: null, blocksLos: true, $prov: 'seed: p9 Obstructing Movement, p10 Line of Sight (forests always block)' },
  building: { enterCost: null, blocksLos: true, $prov: 'placeholder: spec §5.4 (treated like forest)' },
  hill: { enterCost: 2, blocksLos: false, $prov: 'placeholder: spec §5.4 (hills cost extra MP, seed p9; +1 assumed)' },
  water: { enterCost: null, blocksLos: false, $prov: 'placeholder: spec §5.4' },
};
