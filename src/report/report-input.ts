/** What a run's or an experiment's report is made from (src/app/execute.ts builds it). */
import type { Analysis } from '../analysis/analyze.ts';
import type { InfluentialValue } from '../answers/verdict.ts';
import type { SprtResult } from '../answers/sprt.ts';
import type { RobustResult } from '../answers/robust.ts';
import type { SkillCheckResult } from '../answers/skill-check.ts';
import type { OptionSpecs, OptionValues } from '../core/options.ts';
import type { RatioSpec } from '../core/tally.ts';
import type { ProvenanceEntry } from '../core/tables/provenance.ts';
import type { PlanResult } from '../run/pool.ts';
import type { VariantChange } from '../scenario/changes.ts';
import type { SideForces } from '../scenario/forces.ts';
import type { EvenTest } from '../analysis/equivalence.ts';

export interface ScenarioDescription {
  readonly id: string;
  readonly name: string;
  readonly file: string;
  readonly text: string;
  readonly system: { id: string; name: string; seedFile: string; kind: 'game' | 'generator' };
  readonly description?: string;
  readonly source?: { seed?: string; section?: string; note?: string };
  readonly options: OptionValues;
  readonly optionSpecs: OptionSpecs;
  readonly overrides: Readonly<Record<string, unknown>>;
  /** The base scenario's house rules as played (the value each replaced; relative ones resolved). */
  readonly houseRules: ReadonlyArray<{ readonly path: string; readonly from: unknown; readonly to: unknown; readonly given?: string }>;
  /** The rules data as played (for the words of a rules path). */
  readonly data: unknown;
  /** What each side fields (src/scenario/forces.ts); empty when the scenario lists no units. */
  readonly forces: readonly SideForces[];
  readonly provenance: readonly ProvenanceEntry[];
  readonly ratios: readonly RatioSpec[];
  readonly rowKeys: readonly string[];
}

export interface ReportInput {
  readonly title: string;
  readonly kind: 'run' | 'experiment';
  readonly description?: string;
  readonly analysis: Analysis;
  readonly result: PlanResult;
  /** The scenario played (for an experiment: its base scenario). */
  readonly scenario: ScenarioDescription;
  readonly command: string;
  readonly versions: Readonly<Record<string, string>>;
  readonly matrix?: { row: string; col: string; facet?: string };
  /** Experiment file text, if any. */
  readonly experimentText?: string;
  /** Measures the experiment compares, first = the verdict's (side names or 'draws'); default every side then draws. */
  readonly compare?: readonly string[];
  /** Sequential test of the variants against the baseline (`--sprt`). */
  readonly sprt?: SprtResult;
  /** The variants' changes replayed under other agent pairings (`--pairings`). */
  readonly robust?: RobustResult;
  /** The verdict replayed with a stronger player (`--skill-check`): its sentence joins the verdict. */
  readonly skillCheck?: SkillCheckResult;
  /** "Is it even?" (`question: even`): side `side`'s score against ½ ± margin, one test per variant (same order). */
  readonly even?: { readonly margin: number; readonly side: number; readonly alpha: number; readonly tests: readonly EvenTest[] };
  /** What each variant changes from the base scenario (experiments; same order as the analysis' variants). */
  readonly changes?: ReadonlyArray<readonly VariantChange[]>;
  /** The placeholders the answer depends on most (from salvo sensitivity), for the caveat. */
  readonly influential?: readonly InfluentialValue[];
}

export interface WrittenReport {
  readonly dir: string;
  readonly files: string[];
}
