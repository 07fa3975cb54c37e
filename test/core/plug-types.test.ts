/**
 * Type-level tests of the plug: each `@ts-expect-error` line MUST fail to compile, so
 * `npm run typecheck` fails if the plug stops catching the mistake (a typo in an option key, an
 * agent parameter, a metric name, an action field). The runtime part only keeps vitest happy.
 */
import { describe, expect, it } from 'vitest';
import { agentOf } from '../../src/core/agent.ts';
import { actionCodec } from '../../src/core/decision/codec.ts';
import { defineOptions, type OptionValuesOf } from '../../src/core/options.ts';
import { metricNames } from '../../src/core/tally.ts';
import { system as duel } from '../../src/systems/duel/index.ts';
import type { SystemOptions } from '../../src/core/system.ts';
import { system as panzervor } from '../../src/systems/panzervor/index.ts';
import { marksman } from '../../src/systems/panzervor/agents/marksman.ts';
import { M as pvMetrics } from '../../src/systems/panzervor/metrics.ts';
import { pvAgent } from '../../src/systems/panzervor/agents/style.ts';
import { system as mgv } from '../../src/systems/mgv/index.ts';
import { standoffAgent } from '../../src/systems/mgv/agents/index.ts';
import { system as ww2setup } from '../../src/systems/ww2setup/index.ts';
import { defineMechanic } from '../../src/core/odds.ts';
import type { ParamValuesOf } from '../../src/core/agent.ts';

const options = defineOptions({
  randomChoice: { default: true, description: 'd', cite: 'c', kind: 'ambiguity' },
  firstPlayer: { default: 'A', values: ['A', 'B'], description: 'd', cite: 'c', kind: 'house-rule' },
});

describe('the typed plug catches typos at compile time', () => {
  it('option keys and values', () => {
    const o = { randomChoice: false, firstPlayer: 'B' } as OptionValuesOf<typeof options>;
    // @ts-expect-error a misspelt option key
    const typo = o.randomChoise;
    // @ts-expect-error a value outside the option's choices
    const bad: OptionValuesOf<typeof options>['firstPlayer'] = 'C';
    const d: SystemOptions<typeof duel> = { firstPlayer: 'random' };
    // @ts-expect-error a misspelt option of a registered system
    d.firstPlayr;
    expect([typo, bad]).toHaveLength(2);
  });

  it('agent parameters', () => {
    const make = agentOf<{ n: number }, { n: number }>();
    const f = make({
      name: 'x',
      description: 'x',
      params: { aimTo: { default: 2, description: 'd' } },
      create: (_g, _s, p) => ({
        // @ts-expect-error a misspelt agent parameter
        decide: () => p.aimToo,
      }),
    });
    expect(f.name).toBe('x');
  });

  it('metric names and action fields', () => {
    const M = metricNames(['shots', 'hits'], ['aimsTaken']);
    // @ts-expect-error a misspelt metric column
    const c = M.col.hts;
    // @ts-expect-error a misspelt scalar
    const s = M.scalar.aimTaken;
    const A = actionCodec({ fire: { target: 4, gun: 2 } });
    // @ts-expect-error a missing field value
    const e = () => A.encode.fire(1);
    // @ts-expect-error a misspelt field
    const g = () => A.get(0, 'fire', 'gunn');
    expect([c, s, e, g]).toHaveLength(4);
  });

  it("Panzer Vor!: the issue's experiment (renaming randomChoice to randomChoise fails typecheck)", () => {
    const o = panzervor.options.randomChoice.default;
    const read = (v: SystemOptions<typeof panzervor>) => [
      v.randomChoice,
      // @ts-expect-error the misspelt Panzer Vor! option of the issue
      v.randomChoise,
    ];
    // @ts-expect-error a value outside the option's choices
    const bad: SystemOptions<typeof panzervor>['randomChoice'] = 'd6';
    const agent = pvAgent({
      name: 'x',
      description: 'x',
      params: marksman.params,
      create: (_g, _s, p) => ({
        // @ts-expect-error a misspelt Panzer Vor! agent parameter (marksman's is 'lambda')
        decide: () => p.lamda,
      }),
    });
    const lambda: number = marksman.params.lambda.default;
    // @ts-expect-error a misspelt Panzer Vor! metric column ('shots')
    const col = pvMetrics.col.shot;
    // @ts-expect-error a misspelt Panzer Vor! scalar ('reshuffles')
    const sc = pvMetrics.scalar.reshufles;
    expect([o, read, bad, agent.name, lambda, col, sc]).toHaveLength(7);
    expect(pvMetrics.col.hits).toBe(2);
  });

  it('MGV and ww2setup options and agent parameters, odds parameters', () => {
    const read = (m: SystemOptions<typeof mgv>, w: SystemOptions<typeof ww2setup>, p: ParamValuesOf<typeof standoffAgent.params>) => [
      m['photon.rangingPenalty'],
      // @ts-expect-error a misspelt MGV option
      m['photon.rangingPenality'],
      w.lullMode,
      // @ts-expect-error a misspelt ww2setup option
      w.lulMode,
      p.photonSigma,
      // @ts-expect-error a misspelt MGV agent parameter
      p.photonSigm,
    ];
    const mech = defineMechanic<{ n: number }, { o: boolean }>()({
      name: 'm',
      description: 'd',
      params: { distance: { default: 3, description: 'd' } },
      table: (data, options, p) => {
        const n: number = p.distance + data.n + (options.o ? 1 : 0);
        // @ts-expect-error a misspelt odds parameter
        const typo = p.distanse;
        return { title: `${n}${typo}`, keys: [], values: [], rows: [] };
      },
    });
    expect([read, mech.name]).toHaveLength(2);
  });
});
