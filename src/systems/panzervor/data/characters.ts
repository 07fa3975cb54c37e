/**
 * Character counters (spec §5.2). Bold values of the spec (seed or official FAQ) carry seed/public
 * provenance; the side a value sits on and every other value is a placeholder. Characters not
 * documented anywhere (Kay, Darjeeling, ...) are not listed: a scenario adds them as overrides.
 */
const PH = 'placeholder: spec §5.2 table';

export const characters = {
  $prov: PH,
  miho: {
    name: 'Miho Nishizumi', school: 'Ooarai',
    front: [{ kind: 'combatSense' }], back: [{ kind: 'combatSense' }],
    $prov: 'seed: p13 Combat Sense (the Nishizumi sisters have it on both sides)',
  },
  maho: {
    name: 'Maho Nishizumi', school: 'Kuromorimine',
    front: [{ kind: 'combatSense' }], back: [{ kind: 'combatSense' }],
    $prov: 'seed: p13 Combat Sense (the Nishizumi sisters have it on both sides)',
  },
  saori: {
    name: 'Saori Takebe', school: 'Ooarai',
    front: [{ kind: 'recovery' }], back: [{ kind: 'aide', cards: 2 }],
    $prov: { '*': PH, front: 'seed: p13 Recovery (Saori Takebe); front side is a placeholder' },
  },
  hana: {
    name: 'Hana Isuzu', school: 'Ooarai',
    front: [{ kind: 'attack', value: 2, $prov: 'seed: p13 example (+2 firing modifier); front side is a placeholder' }], back: [{ kind: 'attack', value: 1 }],
    $prov: PH,
  },
  yukari: {
    name: 'Yukari Akiyama', school: 'Ooarai',
    front: [{ kind: 'damage', value: 2 }], back: [{ kind: 'damage', value: 1 }],
    $prov: { '*': PH, front: 'public: official FAQ [S4] (damage +2 front)', back: 'public: official FAQ [S4] (damage +1 back)' },
  },
  mako: {
    name: 'Mako Reizei', school: 'Ooarai',
    front: [{ kind: 'movement', value: 2, $prov: 'seed: p9 example ("Reizei\'s Movement Bonus 2"); front side is a placeholder' }], back: [{ kind: 'movement', value: 1 }],
    $prov: PH,
  },
  duck: {
    name: 'Duck Team', school: 'Ooarai',
    front: [{ kind: 'movement', value: 2 }], back: [{ kind: 'attack', value: 1 }],
    $prov: { '*': PH, front: 'public: official FAQ [S4] (movement +2 front)', back: 'public: official FAQ [S4] (attack +1 back)' },
  },
  nonna: {
    name: 'Nonna', school: 'Pravda',
    front: [{ kind: 'attack', value: 1, $prov: 'seed: p11 Extreme Range example (Nonna +1)' }], back: null,
    $prov: PH,
  },
  katyusha: {
    name: 'Katyusha', school: 'Pravda',
    front: [{ kind: 'combatSense' }], back: [{ kind: 'recovery' }],
    $prov: { '*': PH, back: 'seed: p13 Recovery (Katyusha); back side is a placeholder' },
  },
};
