/**
 * The rules tables as data, with provenance (core/tables/provenance.ts). Every value of a real
 * system cites the seed page it comes from ('seed: p11 Damage Roll'), or says it is 'derived',
 * 'public', an 'interpretation' or a 'placeholder'. duel has no rulebook: all placeholders.
 */
import type { DataTree } from '../../../core/tables/provenance.ts';

export const rulesData: DataTree = {
  $prov: 'placeholder: example system, no rulebook',
  target: 8,
  maxAim: 2,
  wounds: 3,
  turnLimit: 30,
};

/** Data roots every duel scenario uses (reports list the placeholder values in play). */
export const DATA_ROOTS = ['target', 'maxAim', 'wounds', 'turnLimit'];
