/**
 * Every ambiguity of spec §6 (and the optional lull modes) as a named option with the spec's
 * recommended default and a citation. A6, A11, A12 and A22 are scenario data (per side / per
 * battle), not global options: see RULES.md.
 */
import { defineOptions, type OptionSpec, type OptionValue, type OptionValues, type OptionValuesOf } from '../../core/options.ts';

export const options = defineOptions({
  airstrikeEligibility: {
    default: 'winnerOnly',
    values: ['winnerOnly', 'winnerAndLoserBy1', 'fullSignedMargin'],
    description: "Who rolls on the airstrike table: only the air-superiority winner (A); also the loser by exactly 1 in the -1 column (B); or every side at its signed margin, a tie in the 0 column (C).",
    cite: 'spec §6 A1 (recommended A); seed Air Superiority / Airstrike Availability',
    kind: 'ambiguity',
  },
  countAttachedUnits: {
    default: true,
    description: 'Attached units (e.g. assault units) count toward N, the battlefield sub-unit total of the barrage roll.',
    cite: 'spec §6 A2 (recommended true; the seed example states 20 for 22 units, oracle O-B1/O-B2)',
    kind: 'ambiguity',
  },
  rollSets: {
    default: 'ceilMin1',
    values: ['ceilMin1', 'floor', 'round', 'one'],
    description: 'Defensive-works roll sets for B total bases: max(1, ceil(B/200)); floor(B/200); round(B/200); always one.',
    cite: 'spec §6 A3 (recommended ceilMin1); seed Defensive Works "once per 200 total bases"',
    kind: 'ambiguity',
  },
  defenderExtraDie: {
    default: 'allCategories',
    values: ['allCategories', 'availableOnly', 'stepUp', 'none'],
    description: "The defender's '+1 die': +1D6 in every category (a); only where the row has an entry (b); each entry one die step up (c); or no extra die.",
    cite: 'spec §6 A3 (recommended a: "all categories" is explicit)',
    kind: 'ambiguity',
  },
  defenderExtraDiePerRollSet: {
    default: true,
    description: "The defender's extra die is added in every roll set (else once, in the first set).",
    cite: 'spec §6 A3 (recommended true)',
    kind: 'ambiguity',
  },
  halfDie: {
    default: 'up',
    values: ['up', 'down'],
    description: '½D6: roll a die and halve, rounding up (1..3) or down (0..3).',
    cite: 'spec §5.2 and §6 A4 (placeholder convention: up)',
    kind: 'ambiguity',
  },
  barrageBounds: {
    default: 'clamp',
    values: ['clamp', 'strict'],
    description: 'A modified barrage roll outside 1..6 is clamped to the table, or rejected as an error (for designers checking tables).',
    cite: 'spec §6 A5 (recommended clamp)',
    kind: 'ambiguity',
  },
  rounding: {
    default: 'halfUp',
    values: ['halfUp', 'halfEven', 'floor'],
    description: "'Standard rounding' of rate x N: round half up, round half to even, or round down.",
    cite: 'spec §6 A7 (recommended halfUp); seed Artillery Barrages "Standard rounding rules apply"',
    kind: 'ambiguity',
  },
  attackerRollWinner: {
    default: 'attacks',
    values: ['attacks', 'defends'],
    description: "With attacker: roll, the high roller (ties re-rolled, A8) chooses; a generator has no decisions, so this fixes the choice.",
    cite: 'spec §3.1 and §6 A8 (ties: roll again); seed Set up Sequence 1',
    kind: 'ambiguity',
  },
  airMargin: {
    default: 'modified',
    values: ['modified', 'natural'],
    description: "The airstrike column is the margin of the modified rolls; 'natural' (sensitivity only) keeps the winner of the modified rolls but takes the column from the unmodified dice, at least +1.",
    cite: 'spec §6 A9 (recommended modified: the table exists to shift the margin)',
    kind: 'ambiguity',
  },
  undefinedAxisModifier: {
    default: 'zero',
    values: ['zero', 'error'],
    description: "A '–' cell of the Axis air table (front not active that year): modifier 0 with a warning, or reject the scenario.",
    cite: 'spec §6 A10 and §5.9 (recommended 0 with a warning)',
    kind: 'ambiguity',
  },
  proximityMeasure: {
    default: 'minSeparation',
    values: ['minSeparation', 'fromDefenderLine'],
    description: 'Setup proximity: no attacker base or work closer than the distance to any defender base or work; or measured from the front edge of the defender deployment zone.',
    cite: 'spec §6 A13 (recommended minSeparation)',
    kind: 'ambiguity',
  },
  lullMode: {
    default: 'proximityDie',
    values: ['proximityDie', 'deadline2d6', 'none'],
    description: 'Lull timing: rolls from the proximity-die turn, a natural 6 starts a lull; a 2D6 turn deadline (minimal setup); or no lull roll (play until troops run out or a mutual lull).',
    cite: 'spec §3.10 (default proximityDie); seed Combat Lulls and intro paragraph',
    kind: 'optional-rule',
  },
  lullRoller: {
    default: 'shared',
    values: ['shared', 'each'],
    description: 'One shared lull die per turn, or one per player (a lull if either shows a lull face).',
    cite: 'spec §6 A14 (recommended shared)',
    kind: 'ambiguity',
  },
  lullRollTiming: {
    default: 'endOfTurn',
    values: ['endOfTurn', 'startOfTurn'],
    description: 'The lull roll is made at the end of each turn (the turn is fought) or at its start (the turn becomes the lull). The lull-turn distribution is the same.',
    cite: 'spec §6 A14 (recommended endOfTurn)',
    kind: 'ambiguity',
  },
  multiRound: {
    default: 'singleRound',
    values: ['singleRound', 'resetWithNewDie', 'continueCount'],
    description: 'After a lull: the game ends; a new round restarts at turn 1 with a fresh lull-start die; or the turn count continues and rolling goes on.',
    cite: 'spec §6 A15 (recommended singleRound for balance runs)',
    kind: 'ambiguity',
  },
  longLullTrench: {
    default: 'halfD6x10in',
    values: ['halfD6x10in', 'fixed5in', 'halfD6x10yd'],
    description: "The long lull's 'Trenchline: ½10': ½D6 x 10 inches, a fixed 5 inches, or ½D6 x 10 yards.",
    cite: 'spec §4.8 R7 (high judgement call; recommended ½D6 x 10")',
    kind: 'ambiguity',
  },
  longLullTrenchPer: {
    default: 'side',
    values: ['side', 'per200Bases'],
    description: 'The long-lull trench line is rolled once per side, or once per roll set (per 200 bases).',
    cite: 'spec §6 A16 (recommended once per side)',
    kind: 'ambiguity',
  },
  commandRepair: {
    default: 'perPoint',
    values: ['perPoint', 'singleRoll'],
    description: 'Command-base repair: one roll per damage point up to the cap, or one roll that repairs up to the cap.',
    cite: 'spec §6 A17 (recommended perPoint)',
    kind: 'ambiguity',
  },
  lullAirRedoesSuperiority: {
    default: true,
    description: "The lull's extra airstrike roll re-rolls air superiority first (else the previous winner and margin are reused).",
    cite: 'spec §6 A18 (recommended true)',
    kind: 'ambiguity',
  },
  lullBarrageRecount: {
    default: 'current',
    values: ['current', 'original'],
    description: "The long lull's extra barrage roll uses the current (surviving) sub-unit count N, or the original one.",
    cite: 'spec §6 A18 (recommended current)',
    kind: 'ambiguity',
  },
  dummyChitsCap: {
    default: 'barrages',
    values: ['barrages', 'barragesPlusAirstrikes', 'unlimited'],
    description: "Dummy request chits allowed: up to the barrages of the roll; up to barrages + airstrikes; or no cap (a side taking the 'max' then takes barrages + airstrikes).",
    cite: 'spec §3.5 and §6 A19 (recommended barrages)',
    kind: 'ambiguity',
  },
  inTransitAtLull: {
    default: 'returnToPool',
    values: ['returnToPool', 'lost'],
    description: 'Real barrage chits still on the request sheet at a lull go back to the pool, or are lost (airstrike chits are lost either way).',
    cite: 'spec §6 A20 (recommended returnToPool)',
    kind: 'ambiguity',
  },
  trenchUnit: {
    default: 'tableInches',
    values: ['tableInches', 'yardsAtLargeScale'],
    description: "The trench column's x10\": table inches at the scale played (10\" = 200/300/400 yd), or 10\" at large scale (200 yd per point) converted to the scale played.",
    cite: 'spec §6 A21 (recommended tableInches)',
    kind: 'ambiguity',
  },
  prefillLimit: {
    default: 'perBox',
    values: ['perBox', 'total'],
    description: 'Pre-filling the Request and Wait boxes: at most 8 real barrage chits per box, or 8 in total.',
    cite: 'spec §6 A23 (recommended perBox)',
    kind: 'ambiguity',
  },
});

/** Resolved option values, keyed and typed by the specs above (a misspelt key fails to compile). */
export type Ww2Options = OptionValuesOf<typeof options>;
type Key = keyof typeof options;

/** Is `v` an allowed value of option `k` (its listed values, else its default's type)? */
function isValueOf<K extends Key>(k: K, v: unknown): v is Ww2Options[K] {
  const s: OptionSpec = options[k];
  return typeof v === typeof s.default && (s.values === undefined || s.values.some((x: OptionValue) => x === v));
}

/**
 * Defaults merged with the given values, for the callers that hold untyped values (the command
 * line's `salvo setup`); values were validated by resolveOptions, and are checked again here.
 */
export function ww2Options(values: OptionValues = {}): Ww2Options {
  const get = <K extends Key>(k: K): Ww2Options[K] => {
    const v = values[k] ?? options[k].default;
    if (!isValueOf(k, v)) throw new Error(`option ${k}: ${JSON.stringify(v)} is not one of its values`);
    return v;
  };
  return {
    airstrikeEligibility: get('airstrikeEligibility'),
    countAttachedUnits: get('countAttachedUnits'),
    rollSets: get('rollSets'),
    defenderExtraDie: get('defenderExtraDie'),
    defenderExtraDiePerRollSet: get('defenderExtraDiePerRollSet'),
    halfDie: get('halfDie'),
    barrageBounds: get('barrageBounds'),
    rounding: get('rounding'),
    attackerRollWinner: get('attackerRollWinner'),
    airMargin: get('airMargin'),
    undefinedAxisModifier: get('undefinedAxisModifier'),
    proximityMeasure: get('proximityMeasure'),
    lullMode: get('lullMode'),
    lullRoller: get('lullRoller'),
    lullRollTiming: get('lullRollTiming'),
    multiRound: get('multiRound'),
    longLullTrench: get('longLullTrench'),
    longLullTrenchPer: get('longLullTrenchPer'),
    commandRepair: get('commandRepair'),
    lullAirRedoesSuperiority: get('lullAirRedoesSuperiority'),
    lullBarrageRecount: get('lullBarrageRecount'),
    dummyChitsCap: get('dummyChitsCap'),
    inTransitAtLull: get('inTransitAtLull'),
    trenchUnit: get('trenchUnit'),
    prefillLimit: get('prefillLimit'),
  };
}
