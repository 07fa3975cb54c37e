/**
 * AT-43 rules data with provenance (spec /work/shared/rules/at43.md). Every value a house rule
 * may change is here, tagged: "seed: p.N" (printed in the seed), "derived: ..." (forced by a seed
 * example), "public: S1..S8" (recovered from public play sheets, spec §5), "interpretation: ..."
 * and "placeholder: ..." (NOT from the rulebook: invented so that a simulator can run, spec §5.8).
 */
const PH = 'placeholder: spec §5.8, not from the rulebook';

export const AT43_RULES_DATA = {
  $prov: 'seed: fixed numbers of spec §4.5',
  utr: {
    $prov: 'public: S1 play sheet, spec §5.1 (column headings seed p.51; every cell consistent with the seed examples)',
    /** Lowest diff (AV - D) of each column; needed die result per column (0 = auto-fail, 1 = auto-success). */
    columns: [-99, -5, -3, -1, 2, 4, 6],
    needed: [0, 6, 5, 4, 3, 2, 1],
  },
  location: {
    $prov: 'public: S1 play sheet, spec §5.2 (row order seed p.52)',
    /** Part hit by each face 1..6: 0 propulsion, 1 frame, 2 a weapon. */
    faces: [0, 0, 1, 1, 1, 2],
  },
  rangeBand: { $prov: 'seed: p.63 targeting instrument', cm: 10 },
  contact: { $prov: 'seed: p.46 (less than 2.5 cm)', cm: 2.5 },
  cohesion: { $prov: 'seed: p.46-47', leaderCm: 10, memberCm: 2.5 },
  movement: {
    $prov: { '*': 'public: S1, S2 (spec §5.3); rush 20 cm for steel troopers seed p.58', engagedFactor: 'seed: p.58 (half)' },
    rushInfantry: 6,
    rushAfv: 10,
    engagedFactor: 0.5,
  },
  runOver: { $prov: 'public: S1 (spec §5.4)', freeNeed: 5, engagedNeed: 3 },
  cover: {
    $prov: { '*': 'public: S1, S2 (5+; the Take cover need is the option cover.takeCoverNeed, spec §5.5)', halfRule: 'seed: p.66', negateCm: 'seed: p.67' },
    need: 5,
    halfRule: 0.5,
    negateCm: 10,
  },
  template: {
    $prov: { '*': 'seed: p.65-66', directionDeg: 'placeholder: spec §5.6 direction k at (k-1)*60 deg clockwise from target->shooter' },
    capCm: 10,
    impactsOverCap: 2,
    deviationPerMissCm: 1,
    directionDeg: [0, 60, 120, 180, 240, 300],
  },
  morale: { $prov: 'seed: p.74-75', difficulty: 8, triggerType12: 3, triggerType3: 1 },
  lp: {
    $prov: 'seed: p.55-59, 75 (LP costs)',
    relocate: 1,
    delay: 2,
    extra: 2,
    noOfficer: 1,
    drill: 1,
    rally: 2,
    artillery: 3,
  },
  control: { $prov: 'seed: p.73', radiusCm: 10 },
  artillery: { $prov: { '*': 'placeholder: spec §5.7 (fixed result needed; mission data absent)', cost: 'seed: p.60' }, need: 4, weapon: 'artillery-strike' },
  bases: { $prov: 'placeholder: spec §5.14', infantry: 1.5, support: 2, strider: 3.5 },
  weapons: {
    $prov: { '*': PH },
    'laser-rifle': { $prov: 'seed: p.68', accuracy: 5, attackRate: 1, rerolls: 0, aoe: 0, penetration: 5, damage: 1, special: false },
    'combat-knife': { $prov: { '*': 'seed: p.71', penetration: PH, damage: PH }, accuracy: 4, attackRate: 1, rerolls: 0, aoe: 0, penetration: 3, damage: 1, special: false },
    'missile-launcher': { accuracy: 4, attackRate: 1, rerolls: 0, aoe: 0, penetration: 10, damage: 2, special: true },
    'laser-gun': { accuracy: 5, attackRate: 1, rerolls: 0, aoe: 0, penetration: 9, damage: 1, special: true },
    nanoblaster: { $prov: { '*': 'seed: p.64', penetration: PH, damage: PH }, accuracy: 3, attackRate: 1, rerolls: 1, aoe: 0, penetration: 4, damage: 1, special: false },
    'sonic-gun': { accuracy: 3, attackRate: 3, rerolls: 0, aoe: 0, penetration: 5, damage: 1, special: true },
    'reaper-blades': { $prov: { '*': PH, penetration: 'seed: p.51', damage: 'seed: p.51' }, accuracy: 5, attackRate: 2, rerolls: 0, aoe: 0, penetration: 7, damage: 1, special: false },
    'assault-rifle': { accuracy: 3, attackRate: 2, rerolls: 0, aoe: 0, penetration: 4, damage: 1, special: false },
    'grenade-launcher': { $prov: { '*': PH, accuracy: 'seed: p.66', aoe: 'seed: p.66' }, accuracy: 2, attackRate: 1, rerolls: 0, aoe: 3, penetration: 5, damage: 1, special: true },
    'light-grenade-launcher': { $prov: { '*': PH, aoe: 'seed: p.66' }, accuracy: 3, attackRate: 1, rerolls: 0, aoe: 3, penetration: 5, damage: 1, special: false },
    'light-mg': { accuracy: 3, attackRate: 3, rerolls: 0, aoe: 0, penetration: 5, damage: 1, special: false },
    'light-laser-cannon': { accuracy: 5, attackRate: 2, rerolls: 0, aoe: 0, penetration: 12, damage: 1, special: false },
    'medium-sonic-cannon': { $prov: { '*': PH, damage: 'seed: p.52' }, accuracy: 5, attackRate: 6, rerolls: 0, aoe: 0, penetration: 11, damage: 1, special: false },
    'medium-nucleus-cannon': { accuracy: 4, attackRate: 1, rerolls: 0, aoe: 0, penetration: 15, damage: 2, special: false },
    'artillery-strike': { $prov: 'placeholder: spec §5.7 (mission data absent)', accuracy: 0, attackRate: 3, rerolls: 0, aoe: 3, penetration: 8, damage: 1, special: false },
    'strider-stomp': { $prov: 'placeholder: spec §5.8 (combat strider close-combat attack; not in the seed)', accuracy: 4, attackRate: 1, rerolls: 0, aoe: 0, penetration: 8, damage: 1, special: false },
  },
  profiles: {
    $prov: { '*': PH },
    'steel-trooper': {
      $prov: { '*': PH, movement: 'derived: p.58 rush 20 cm = Movement + 6', protection: 'seed: p.51', type: 'derived: p.76 Borz (Type 2) joins them' },
      category: 'soldier', type: 2, movement: 14, combat: 3, protection: 5, morale: 7, size: 2, baseRadius: 1.5,
      weapons: ['laser-rifle'], ccWeapons: ['combat-knife'], cost: 30,
      frameSP: 0, propulsionSP: 0, weaponSP: 0,
    },
    'storm-golem': {
      $prov: { '*': PH, combat: 'seed: p.71', protection: 'seed: p.68' },
      category: 'soldier', type: 1, movement: 14, combat: 5, protection: 6, morale: 0, size: 2, baseRadius: 1.5,
      weapons: ['nanoblaster'], ccWeapons: ['reaper-blades'], cost: 30,
      frameSP: 0, propulsionSP: 0, weaponSP: 0,
    },
    'krasny-soldat': {
      category: 'soldier', type: 1, movement: 14, combat: 3, protection: 4, morale: 7, size: 2, baseRadius: 1.5,
      weapons: ['assault-rifle'], ccWeapons: ['combat-knife'], cost: 20,
      frameSP: 0, propulsionSP: 0, weaponSP: 0,
    },
    'fire-toad': {
      $prov: { '*': PH, propulsionSP: 'seed: p.52', weaponSP: 'seed: p.52', weapons: 'seed: p.52 two light laser cannons' },
      category: 'strider', type: 2, movement: 15, combat: 4, protection: 12, morale: 8, size: 4, baseRadius: 3.5,
      weapons: ['light-laser-cannon', 'light-laser-cannon'], ccWeapons: ['strider-stomp'], cost: 150,
      frameSP: 4, propulsionSP: 2, weaponSP: 1,
    },
    'iron-rain': {
      $prov: { '*': PH, weapons: 'seed: p.61 two light MG' },
      category: 'strider', type: 2, movement: 15, combat: 4, protection: 12, morale: 8, size: 4, baseRadius: 3.5,
      weapons: ['light-mg', 'light-mg'], ccWeapons: ['strider-stomp'], cost: 150,
      frameSP: 4, propulsionSP: 2, weaponSP: 1,
    },
    lancelot: {
      $prov: { '*': PH, weapons: 'seed: p.66 two light grenade launchers' },
      category: 'strider', type: 2, movement: 15, combat: 4, protection: 12, morale: 8, size: 4, baseRadius: 3.5,
      weapons: ['light-grenade-launcher', 'light-grenade-launcher'], ccWeapons: ['strider-stomp'], cost: 150,
      frameSP: 4, propulsionSP: 2, weaponSP: 1,
    },
    'borz-on-foot': {
      $prov: { '*': 'placeholder: spec §5.8.4 (hero cards absent)', category: 'seed: p.76 soldier', type: 'seed: p.76 two stars', ccWeapons: 'seed: p.70 Borz has no close-combat weapon' },
      category: 'soldier', type: 2, movement: 14, combat: 4, protection: 6, morale: 8, size: 2, baseRadius: 1.5,
      weapons: ['laser-rifle'], ccWeapons: [], cost: 40,
      frameSP: 0, propulsionSP: 0, weaponSP: 0,
    },
    'wraith-golgoth': {
      $prov: { '*': PH, weapons: 'seed: p.52, 61 medium sonic cannon and medium nucleus cannon' },
      category: 'strider', type: 3, movement: 12, combat: 5, protection: 13, morale: 0, size: 5, baseRadius: 4,
      weapons: ['medium-sonic-cannon', 'medium-nucleus-cannon'], ccWeapons: ['strider-stomp'], cost: 300,
      frameSP: 6, propulsionSP: 3, weaponSP: 2,
    },
  },
  officers: {
    $prov: { '*': PH, sergeantRank: 'seed: p.55', captainRank: 'seed: p.55' },
    sergeant: { rank: 1, lp: 6, authority: 1, morale: 7 },
    captain: { rank: 4, lp: 10, authority: 3, morale: 8 },
    'overseer-alpha': { rank: 2, lp: 7, authority: 2, morale: 0 },
    praporshik: { rank: 1, lp: 6, authority: 1, morale: 7 },
  },
  officerCost: { $prov: PH, value: 20 },
  heroes: {
    $prov: { '*': 'placeholder: spec §5.8.4 (hero cards absent)' },
    borz: { $prov: { '*': 'placeholder: spec §5.8.4', category: 'seed: p.76 soldier', type: 'seed: p.76 two stars', vehicle: 'seed: p.76 Bad Dog, a Fire Toad', onFoot: 'seed: p.47 a pilot hero has two profiles (the on-foot card is absent: placeholder profile)' }, name: 'Sergeant A. Borz', category: 'soldier', type: 2, vehicle: 'fire-toad', onFoot: 'borz-on-foot' },
    newton: { $prov: { '*': 'placeholder: spec §5.8.4', category: 'seed: p.76 soldier', type: 'seed: p.76 one star', vehicle: 'seed: p.76 Number One, a Fire Toad' }, name: 'Captain H. Newton', category: 'soldier', type: 1, vehicle: 'fire-toad' },
    urash: { $prov: { '*': 'placeholder: spec §5.8.4', vehicle: 'seed: p.52 the Wraith golgoth' }, name: 'Urash', category: 'soldier', type: 3, vehicle: 'wraith-golgoth' },
  },
};
