/** The default rules data of Panzer Vor! with provenance (`$prov`, see core/tables/provenance.ts). */
import { tanks } from './tanks.ts';
import { characters } from './characters.ts';
import { cards, deck } from './cards.ts';
import { rules, terrain } from './rules.ts';

export const rulesData = { tanks, characters, cards, deck, rules, terrain };
