/**
 * Tank counters (spec §5.1). Only the values the seed quotes are seed/derived; everything else is
 * a placeholder chosen by the method of spec §5.1(c) and replaceable by a house-rule override.
 */
const PH = 'placeholder: spec §5.1 table (method §5.1(c))';

const gun = (role: 'only' | 'main' | 'secondary', range: number, firepower: number, mount: 'turret' | 'fixed', prov?: Record<string, string>) => ({
  role,
  range,
  firepower,
  mount,
  ...(prov ? { $prov: prov } : {}),
});

export const tanks = {
  $prov: PH,
  pz4d: {
    name: 'Pz IV Ausf. D', short: 'PzIV D', school: 'Ooarai',
    guns: [gun('only', 7, 3, 'turret', { '*': PH, range: 'seed: p10 Attack Roll example (Range 7)', firepower: 'seed: p11 Damage Roll example (Firepower 3)' })],
    movement: 3, size: 0, armour: { front: 8, side: 7, rear: 7 }, turretRotation: 2, points: 3,
    $prov: { '*': PH, movement: 'seed: p9 Movement Bonuses example (Panzer IV Movement 3)' },
  },
  pz4f2: {
    name: 'Pz IV Ausf. F2', short: 'PzIV F', school: 'Ooarai',
    guns: [gun('only', 10, 7, 'turret')],
    movement: 3, size: 0, armour: { front: 10, side: 8, rear: 7 }, turretRotation: 2, points: 5,
    $prov: { '*': PH, name: 'seed: p6 sample scenario', movement: 'seed: p9 Movement Bonuses example (Panzer IV Movement 3)' },
  },
  pz4h: {
    name: 'Pz IV Ausf. H', short: 'PzIV H', school: 'Ooarai',
    guns: [gun('only', 11, 8, 'turret')],
    movement: 3, size: 0, armour: { front: 13, side: 9, rear: 7 }, turretRotation: 2, points: 6,
    $prov: { '*': PH, movement: 'seed: p9 Movement Bonuses example (Panzer IV Movement 3)' },
  },
  stug3f: {
    name: 'StuG III Ausf. F', short: 'Stg III', school: 'Ooarai',
    guns: [gun('only', 10, 7, 'fixed', { '*': PH, mount: 'seed: p11 Assault Guns and Jagdpanzers' })],
    movement: 3, size: -1, armour: { front: 11, side: 8, rear: 8 }, turretRotation: 0, points: 5,
    $prov: { '*': PH, name: 'seed: p6 sample scenario' },
  },
  pz38t: {
    name: 'Pz 38(t)', short: '38t', school: 'Ooarai',
    guns: [gun('only', 7, 3, 'turret')],
    movement: 4, size: -1, armour: { front: 8, side: 6, rear: 6 }, turretRotation: 1, points: 2,
  },
  hetzer: {
    name: 'Hetzer', short: 'Hetzer', school: 'Ooarai',
    guns: [gun('only', 11, 8, 'fixed')],
    movement: 3, size: -2, armour: { front: 16, side: 7, rear: 7 }, turretRotation: 0, points: 5,
  },
  m3lee: {
    name: 'M3 Lee', short: 'M3', school: 'Ooarai',
    guns: [gun('main', 9, 6, 'fixed', { '*': PH, mount: 'seed: p11 Multiple-gun Tanks' }), gun('secondary', 8, 4, 'turret', { '*': PH, mount: 'seed: p11 Multiple-gun Tanks' })],
    movement: 3, size: 1, armour: { front: 10, side: 9, rear: 9 }, turretRotation: 2, points: 4,
  },
  type89: {
    name: 'Type 89', short: '89', school: 'Ooarai',
    guns: [gun('only', 6, 1, 'turret')],
    movement: 3, size: -1, armour: { front: 7, side: 6, rear: 6 }, turretRotation: 1, points: 1,
  },
  charb1: {
    name: 'Char B1 bis', short: 'B1', school: 'Ooarai',
    guns: [gun('main', 6, 3, 'fixed', { '*': PH, mount: 'seed: p11 Multiple-gun Tanks' }), gun('secondary', 8, 4, 'turret', { '*': PH, mount: 'seed: p11 Multiple-gun Tanks' })],
    movement: 2, size: 1, armour: { front: 11, side: 11, rear: 10 }, turretRotation: 1, points: 4,
  },
  ptiger: {
    name: 'Porsche Tiger', short: 'P-Tiger', school: 'Ooarai',
    guns: [gun('only', 13, 9, 'turret')],
    movement: 2, size: 1, armour: { front: 15, side: 13, rear: 13 }, turretRotation: 1, points: 7,
  },
  chinu: {
    name: 'Type 3 Chi-Nu', short: 'Chi-Nu', school: 'Ooarai',
    guns: [gun('only', 9, 6, 'turret')],
    movement: 3, size: 0, armour: { front: 10, side: 7, rear: 7 }, turretRotation: 1, points: 4,
  },
  m4: {
    name: 'M4', short: 'M4', school: 'Saunders',
    guns: [gun('only', 9, 6, 'turret')],
    movement: 4, size: 0, armour: { front: 14, side: 9, rear: 9 }, turretRotation: 2, points: 4,
    $prov: { '*': PH, name: 'seed: p6 sample scenario' },
  },
  m4a1: {
    name: 'M4A1 (76)', short: 'M4A1', school: 'Saunders',
    guns: [gun('only', 11, 8, 'turret')],
    movement: 4, size: 0, armour: { front: 14, side: 9, rear: 9 }, turretRotation: 2, points: 5,
  },
  firefly: {
    name: 'Sherman Firefly', short: 'Firefly', school: 'Saunders',
    guns: [gun('only', 12, 10, 'turret')],
    movement: 4, size: 0, armour: { front: 14, side: 9, rear: 9 }, turretRotation: 1, points: 6,
    $prov: { '*': PH, name: 'seed: p6 sample scenario' },
  },
  matilda2: {
    name: 'Matilda II', short: 'Matilda II', school: 'St. Gloriana',
    guns: [gun('only', 8, 4, 'turret')],
    movement: 2, size: 0, armour: { front: 13, side: 12, rear: 10 }, turretRotation: 1, points: 3,
  },
  churchill: {
    name: 'Churchill VII', short: 'Churchill', school: 'St. Gloriana',
    guns: [gun('only', 9, 6, 'turret')],
    movement: 2, size: 1, armour: { front: 18, side: 14, rear: 10 }, turretRotation: 1, points: 5,
  },
  t34_76: {
    name: 'T34/76', short: 'T34/76', school: 'Pravda',
    guns: [gun('only', 9, 6, 'turret')],
    movement: 4, size: 0, armour: { front: 14, side: 11, rear: 10, $prov: { '*': PH, front: 'seed: p11 Damage Roll example (Front Armor 14)' } },
    turretRotation: 1, points: 4,
  },
  t34_85: {
    name: 'T34/85', short: 'T34/85', school: 'Pravda',
    guns: [gun('only', 11, 8, 'turret')],
    movement: 4, size: 0, armour: { front: 15, side: 11, rear: 10 }, turretRotation: 1, points: 6,
  },
  kv2: {
    name: 'KV-2', short: 'KV-2', school: 'Pravda',
    guns: [gun('only', 8, 9, 'turret')],
    movement: 2, size: 2, armour: { front: 13, side: 13, rear: 11 }, turretRotation: 1, points: 6,
  },
  is2: {
    name: 'IS-2', short: 'IS-2', school: 'Pravda',
    guns: [gun('only', 15, 11, 'turret', { '*': PH, range: 'seed: p11 Extreme Range example (Range 15)' })],
    movement: 3, size: 1, armour: { front: 18, side: 14, rear: 11 }, turretRotation: 1, points: 9,
  },
  tiger1: {
    name: 'Tiger I', short: 'Tiger I', school: 'Kuromorimine',
    guns: [gun('only', 13, 9, 'turret')],
    movement: 3, size: 1, armour: { front: 15, side: 13, rear: 13 }, turretRotation: 1, points: 8,
    $prov: { '*': PH, movement: 'seed: p9 Movement example (Tiger I Movement 3)' },
  },
  tiger2: {
    name: 'Tiger II', short: 'Tiger II', school: 'Kuromorimine',
    guns: [gun('only', 15, 12, 'turret')],
    movement: 3, size: 1, armour: { front: 21, side: 14, rear: 14 }, turretRotation: 1, points: 11,
    $prov: { '*': PH, size: 'seed: p10 Attack Modifiers example (Tiger II size +1)' },
  },
  panther: {
    name: 'Panther', short: 'Panther', school: 'Kuromorimine',
    guns: [gun('only', 13, 10, 'turret')],
    movement: 4, size: 1, armour: { front: 17, side: 10, rear: 9 }, turretRotation: 1, points: 9,
  },
  jagdpanther: {
    name: 'Jagdpanther', short: 'Jagdpanther', school: 'Kuromorimine',
    guns: [gun('only', 15, 12, 'fixed')],
    movement: 4, size: 0, armour: { front: 17, side: 10, rear: 9 }, turretRotation: 0, points: 10,
  },
  jagdtiger: {
    name: 'Jagdtiger', short: 'Jagdtiger', school: 'Kuromorimine',
    guns: [gun('only', 15, 14, 'fixed')],
    movement: 2, size: 1, armour: { front: 22, side: 13, rear: 13 }, turretRotation: 0, points: 12,
  },
  elefant: {
    name: 'Elefant', short: 'Elefant', school: 'Kuromorimine',
    guns: [gun('only', 15, 12, 'fixed')],
    movement: 2, size: 1, armour: { front: 20, side: 13, rear: 13 }, turretRotation: 0, points: 10,
  },
  maus: {
    name: 'Maus', short: 'Maus', school: 'Kuromorimine',
    guns: [gun('only', 15, 14, 'turret')],
    movement: 1, size: 2, armour: { front: 22, side: 19, rear: 18 }, turretRotation: 1, points: 14,
  },
  cv33: {
    name: 'CV33', short: 'CV33', school: 'Anzio',
    guns: [gun('only', 4, 0, 'fixed')],
    movement: 5, size: -2, armour: { front: 6, side: 5, rear: 5 }, turretRotation: 0, points: 1,
  },
  semovente: {
    name: 'Semovente 75/18', short: 'Semovente', school: 'Anzio',
    guns: [gun('only', 7, 4, 'fixed')],
    movement: 3, size: -1, armour: { front: 10, side: 7, rear: 7 }, turretRotation: 0, points: 3,
  },
  p40: {
    name: 'P40', short: 'P40', school: 'Anzio',
    guns: [gun('only', 10, 6, 'turret')],
    movement: 3, size: 0, armour: { front: 10, side: 9, rear: 9 }, turretRotation: 1, points: 5,
  },
};
