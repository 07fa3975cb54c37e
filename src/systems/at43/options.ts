/** Every ambiguity of spec §6 and every optional rule, with the recommended default and its cite. */
import { defineOptions, type OptionValuesOf } from '../../core/options.ts';

export const AT43_OPTIONS = defineOptions({
  'cover.takeCoverNeed': { default: 4, values: [3, 4], description: 'Result needed on cover tests under "Take cover!" (the seed shows three faces = 4+; fan sheet S1 says 3+).', cite: 'spec §6 A1, §5.5; seed p.67', kind: 'ambiguity' },
  'zoneOfFire.sizeRule': { default: 'either', values: ['either', 'both', 'off'], description: 'Bystanders smaller than the shooters OR the targets are ignored (literal), smaller than both, or never ignored.', cite: 'spec §6 A2; seed p.65', kind: 'ambiguity' },
  'damage.allocation': { default: 'sequential', values: ['sequential', 'pooled'], description: 'Damage tests on mixed units: each impact against the nearest eligible fighter, or one pool at the unit protection.', cite: 'spec §6 A3', kind: 'ambiguity' },
  'rerolls.applyToDamage': { default: false, description: 'Card re-rolls also apply to damage tests.', cite: 'spec §6 A3-bis; seed p.50', kind: 'ambiguity' },
  'cover.bystanders': { default: true, description: 'Zone-of-fire bystander units get their own "under cover" check.', cite: 'spec §6 A4', kind: 'ambiguity' },
  'melee.spillover': { default: false, description: 'Close-combat impacts beyond the defenders in contact spill to other unit members.', cite: 'spec §6 A5', kind: 'ambiguity' },
  'melee.afvCanAttack': { default: true, description: 'AFVs (never engaged) may attack enemies in contact in their activation.', cite: 'spec §6 A5', kind: 'ambiguity' },
  'activation.skipEmptyPlayers': { default: true, description: 'A player without cards is skipped; the other plays his remaining cards in a row.', cite: 'spec §6 A6', kind: 'ambiguity' },
  'authority.maxWagerNoCommander': { default: 0, values: [0, 1], description: 'Largest wager of a company without Commander.', cite: 'spec §6 A7', kind: 'ambiguity' },
  'indirect.rangeTo': { default: 'targetFighter', values: ['targetFighter', 'targetLeader'], description: 'Range of indirect fire measured to the targeted fighter or to its unit leader.', cite: 'spec §6 A8', kind: 'ambiguity' },
  'overwatch.engagedLoses': { default: true, description: 'A unit engaged by the moving unit loses overwatch before it can fire.', cite: 'spec §6 A10; seed p.58 KS-8', kind: 'ambiguity' },
  'morale.retest': { default: true, description: 'A unit meeting a trigger tests at every activation.', cite: 'spec §6 A11', kind: 'ambiguity' },
  'morale.countHero': { default: true, description: 'The hero counts among the members for the morale trigger.', cite: 'spec §6 A19', kind: 'ambiguity' },
  'opt.meleeStrikeBack': { default: false, description: 'Defenders strike back at once in the attacker\'s activation (interpretation: the seed does not say so).', cite: 'spec §3.9 (corrected: interpretation)', kind: 'ambiguity' },
  'opt.endOnObstacles': { default: true, description: 'A movement may end on low obstacles (Size below the fighter\'s).', cite: 'spec §3.5 (corrected); seed p.48', kind: 'ambiguity' },
  'location.weaponPick': { default: 'mostSP', values: ['mostSP', 'first'], description: 'How the active player picks the weapon hit on a location 6 (his choice; modelled as a fixed policy).', cite: 'spec §3.10.2 (the active player, i.e. the target\'s owner during overwatch)', kind: 'ambiguity' },
  'heroes.pilotOnFoot': { default: 'lost', values: ['lost', 'eject'], description: 'A hero pilot is placed on foot where his AFV stood when it is lost (ejected or destroyed), or only when he ejects.', cite: 'seed p.53 (ejects: placed on the table), p.76 (alone "when their AFV is destroyed"), p.70 (Borz\'s Fire Toad destroyed, he ejected and joined his men); spec §3.10.3, §3.12.2', kind: 'ambiguity' },
  'artillery.enabled': { default: false, description: 'Mission artillery strikes: 3 LP, once per round per player, just before activating a unit, on a fighter in sight of a leader; placeholder profile (4+, 3 dice, AoE 3, 8/1).', cite: 'spec §3.8.11, §5.7, A15', kind: 'optional-rule' },
  'therian.routines': { default: false, description: 'Therian overseer routines module (absent from the seed; not modelled).', cite: 'spec §5.13', kind: 'optional-rule' },
});
export type At43Options = OptionValuesOf<typeof AT43_OPTIONS>;
