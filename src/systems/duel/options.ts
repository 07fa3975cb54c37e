/**
 * Named options: every ambiguity of the spec and every optional rule, each with the recommended
 * default and a cite (RULES.md lists them all; the conformance battery checks it does).
 */
import { defineOptions, type OptionValuesOf } from '../../core/options.ts';

export const options = defineOptions({
  firstPlayer: { default: 'A', values: ['A', 'B', 'random'], description: 'Who takes the first turn.', cite: 'placeholder rule (RULES.md §2)', kind: 'house-rule' },
});
export type Options = OptionValuesOf<typeof options>;
