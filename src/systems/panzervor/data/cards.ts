/**
 * The card deck (spec §5.3): card types as data. Names and the few numbers the seed gives carry
 * seed/derived provenance; counts, most modifiers and every effect the seed does not state are
 * placeholders (the card texts are lost).
 *
 * Action card kinds: move (movement icon), attack (attack icon), moveOrAttack (both icons, one or
 * the other), moveThenAttack (both icons: move, then attack; the modifier applies even without
 * moving, seed p10), smokescreen (tank picture only).
 */
const PH = 'placeholder: spec §5.3 placeholder deck';

const action = (name: string, kind: string, p: Partial<{ tanks: number; mpBonus: number; attackMod: number; damageMod: number; sameTarget: boolean; noAttackRoll: boolean; number: number }>, prov?: unknown) => ({
  name,
  type: 'action',
  kind,
  tanks: p.tanks ?? 1,
  mpBonus: p.mpBonus ?? 0,
  attackMod: p.attackMod ?? 0,
  damageMod: p.damageMod ?? 0,
  sameTarget: p.sameTarget ?? false,
  noAttackRoll: p.noAttackRoll ?? false,
  number: p.number ?? 0,
  ...(prov ? { $prov: prov } : {}),
});

export const cards = {
  $prov: PH,
  move: action('Move', 'move', {}, { '*': PH, name: 'seed: p9', kind: 'seed: p9 Tiger I example' }),
  full_speed_ahead: action('Full Speed Ahead', 'move', { mpBonus: 2 }, { '*': PH, name: 'seed: p9', kind: 'public: FAQ [S4] (a Move card)', mpBonus: 'derived: p9 example 7 - 3 - 2 = +2' }),
  coordinated_move: action('Coordinated Move', 'move', { tanks: 3 }, { '*': PH, name: 'seed: p12', kind: 'seed: p12 (moves several tanks)' }),
  fire: action('Fire', 'attack', {}, PH + ' (name placeholder: the seed implies a plain Attack card)'),
  sighted_fire_1: action('Sighted Fire 1', 'attack', { attackMod: 1, number: 1 }, { '*': PH, kind: 'seed: p10' }),
  sighted_fire_2: action('Sighted Fire 2', 'attack', { attackMod: 2, number: 2 }, { '*': PH, name: 'seed: p11', kind: 'seed: p10', attackMod: 'derived: p11 natural 12 + mod = 14 at distance 14', number: 'seed: p11' }),
  volley_fire: action('Volley Fire', 'attack', { tanks: 3, sameTarget: true }, { '*': PH, name: 'seed: p10', kind: 'seed: p10 (attacks with several tanks)' }),
  covering_fire: action('Covering Fire', 'attack', { tanks: 2, attackMod: -1 }, { '*': PH, name: 'seed: p10', kind: 'seed: p10 (attacks with several tanks)' }),
  sharpshooter: action('Sharpshooter', 'attack', { noAttackRoll: true }, { '*': PH, name: 'seed: p12', noAttackRoll: 'seed: p12 ("does not require an attack roll")' }),
  move_or_fire: action('Move or Fire', 'moveOrAttack', {}, { '*': PH, name: 'seed: p9', kind: 'seed: p9 (by its name)' }),
  moving_shot_1: action('Moving Shot 1', 'moveThenAttack', { attackMod: -1, number: 1 }, { '*': PH, kind: 'seed: p9, p10' }),
  moving_shot_2: action('Moving Shot 2', 'moveThenAttack', { attackMod: -2, number: 2 }, { '*': PH, name: 'seed: p10', kind: 'seed: p9, p10', attackMod: 'seed: p10 example (-2)', number: 'seed: p10' }),
  firing_advance: action('Firing Advance', 'moveThenAttack', { attackMod: -1 }, { '*': PH, name: 'seed: p10', kind: 'seed: p10; public FAQ [S4]' }),
  commander: action('Commander!', 'moveThenAttack', { attackMod: -1 }, { '*': PH, name: 'seed: p10, p12', kind: 'seed: p10' }),
  smokescreen: action('Smokescreen', 'smokescreen', {}, PH + ' (a "tank picture only" Action card; effect invented, count 0)'),
  morale_boost: { name: 'Morale Boost', type: 'event', effect: 'draw', draw: 3, $prov: { '*': PH, name: 'seed: p8', effect: 'seed: p8', draw: 'seed: p8 (draw three cards)' } },
  maintenance_repair: { name: 'Maintenance/Repair', type: 'event', effect: 'maintenanceRepair', draw: 0, $prov: { '*': PH, name: 'seed: p8', effect: 'seed: p8, p13' } },
  recovery: { name: 'Recovery', type: 'event', effect: 'recovery', draw: 0, $prov: { '*': PH, name: 'seed: p8', effect: 'seed: p8' } },
  reconnaissance: { name: 'Reconnaissance', type: 'event', effect: 'draw', draw: 1, $prov: { '*': PH + ' (effect unknown: draw 1)', name: 'public: part 2 [S2]' } },
  quick_shot: { name: 'Quick Shot', type: 'reaction', effect: 'quickShot', windows: ['W1', 'W2'], attackMod: 0, $prov: { '*': PH, name: 'seed: p12', windows: 'seed: p12 (after a move; before the attack)' } },
  emergency_braking: { name: 'Emergency Braking', type: 'reaction', effect: 'attackMod', windows: ['W2'], attackMod: -2, $prov: { '*': PH, name: 'seed: p12', windows: 'seed: p12 (before the attack roll)' } },
  poor_line_of_sight: { name: 'Poor Line of Sight', type: 'reaction', effect: 'attackMod', windows: ['W2'], attackMod: -2, $prov: { '*': PH, name: 'seed: p12' } },
  ricochet: { name: 'Ricochet', type: 'reaction', effect: 'cancelHit', windows: ['W3'], attackMod: 0, $prov: { '*': PH, name: 'seed: p12', windows: 'interpretation: spec §3.9.4 (works through the attack roll, p12)' } },
  eavesdropping: { name: 'Eavesdropping', type: 'reaction', effect: 'cancelReaction', windows: ['WR'], attackMod: 0, $prov: { '*': PH, name: 'seed: p12', windows: 'seed: p12 (answers a Reaction card)' } },
  desperate_situation: { name: 'Desperate Situation!', type: 'enforcement', effect: 'desperate', $prov: 'seed: p12 Desperate Situation!' },
  tread_damage: { name: 'Tread Damage', type: 'enforcement', effect: 'treadDamage', $prov: { '*': 'seed: p12 Tread Damage (random own tank)', effect: 'interpretation: spec §6 A-11 (the tank becomes Immobile)' } },
};

/** Card counts of the regular deck (78 cards, spec §5.3); the box adds 18 Scenario cards (96). */
export const deck = {
  composition: {
    move: 12, full_speed_ahead: 4, coordinated_move: 3,
    fire: 9, sighted_fire_1: 3, sighted_fire_2: 2, volley_fire: 2, covering_fire: 2, sharpshooter: 1,
    move_or_fire: 5, moving_shot_1: 2, moving_shot_2: 3, firing_advance: 2, commander: 2, smokescreen: 0,
    morale_boost: 3, maintenance_repair: 3, recovery: 2, reconnaissance: 2,
    quick_shot: 3, emergency_braking: 2, poor_line_of_sight: 2, ricochet: 2, eavesdropping: 1,
    desperate_situation: 3, tread_damage: 3,
  },
  scenarioCardsInBox: 18,
  $prov: { composition: PH + ' (counts: every one is a house-rule knob)', scenarioCardsInBox: 'derived: seed p6 (96 cards - 78 regular = 18)' },
};
