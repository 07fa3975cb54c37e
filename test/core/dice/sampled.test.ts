/**
 * Exact vs sampled for the core dice helpers: each sampler of sample.ts against its exact twin
 * (tolerance |p̂ − p| ≤ 4·sqrt(p(1−p)/N) + 1/N per outcome, N = 20 000, fixed seed).
 */
import { describe, expect, it } from 'vitest';
import { Dist } from '../../../src/core/dice/exact.ts';
import { opposedContest } from '../../../src/core/dice/contest.ts';
import { assertSampled, checkSampled } from '../../../src/core/dice/sampled-check.ts';
import * as S from '../../../src/core/dice/sample.ts';
import { Fraction } from '../../../src/core/dice/fraction.ts';

const N = 20_000;
const d6 = Dist.die(6);
const buf = new Int32Array(16);
const bufB = new Int32Array(16);
const out = new Int32Array(3);

describe('exact vs sampled: core dice helpers', () => {
  it('sums, best, worst, 2d6', () => {
    assertSampled({ exact: d6.repeatSum(3), sample: (r) => S.rollSum(r, 3), n: N }, '3d6');
    assertSampled({ exact: d6.highestOf(3), sample: (r) => S.rollBest(r, 3), n: N }, 'best of 3');
    assertSampled({ exact: d6.lowestOf(2), sample: (r) => S.rollWorst(r, 2), n: N }, 'worst of 2');
    assertSampled({ exact: d6.repeatSum(2), sample: (r) => S.roll2d6(r), n: N }, '2d6');
  });

  it('success counts with and without re-rolls of misses', () => {
    assertSampled({ exact: d6.successes(5, 4), sample: (r) => S.countAtLeast(r, 5, 4), n: N }, '5 dice at 4+');
    assertSampled({ exact: d6.rerollWhere((x) => x < 5, 2).successes(4, 5), sample: (r) => S.countAtLeastWithRerolls(r, 4, 5, 2), n: N }, '4 dice at 5+, 2 re-rolls');
    assertSampled({ exact: d6.rerollWhere((x) => x < 3, 1), sample: (r) => S.rollRerollBelow(r, 3, 1), n: N }, 're-roll below 3 once');
  });

  it('keep highest / lowest', () => {
    assertSampled({ exact: d6.keepHighest(4, 3), sample: (r) => S.rollKeep(r, 4, 3, true, buf), n: N }, '4d6 keep 3');
    assertSampled({ exact: d6.keepLowest(3, 2), sample: (r) => S.rollKeep(r, 3, 2, false, buf), n: N }, '3d6 keep lowest 2');
  });

  it('random choice by die with re-roll', () => {
    assertSampled({ exact: Dist.uniform(0, 4), sample: (r) => S.chooseByDieReroll(r, 5), n: N }, 'choose 1 of 5');
  });

  it('opposed contests: RISK 3 v 2 and 5 v 4 with a d8 attacker', () => {
    const risk = opposedContest(3, 2, { ties: 'defender' });
    assertSampled(
      {
        exact: risk.table().map((o) => ({ outcome: `${o.attackerWins}-${o.defenderWins}`, p: o.p })),
        sample: (r) => {
          S.rollOpposed(r, 3, 2, 2, S.TIE_DEFENDER, buf, bufB, out);
          return `${out[0]}-${out[1]}`;
        },
        n: N,
      },
      'RISK 3 v 2',
    );
    const c = opposedContest(5, 4, { attackerDie: Dist.die(8), ties: 'cancel' });
    assertSampled(
      {
        exact: c.table().map((o) => ({ outcome: `${o.attackerWins}-${o.defenderWins}-${o.ties}`, p: o.p })),
        sample: (r) => {
          S.rollOpposed(r, 5, 4, 4, S.TIE_CANCEL, buf, bufB, out, 8, 6);
          return `${out[0]}-${out[1]}-${out[2]}`;
        },
        n: N,
      },
      '5d8 v 4d6',
    );
  });

  it('the check fails on a wrong sampler and on an impossible outcome', () => {
    const biased = checkSampled({ exact: d6, sample: (r) => (r.int(7) === 0 ? 6 : r.d6()), n: N });
    expect(biased.ok).toBe(false);
    expect(biased.failures.join('\n')).toMatch(/outcome 6: sampled/);
    const impossible = checkSampled({ exact: [{ outcome: 'a', p: Fraction.ONE }], sample: (r) => (r.int(1000) === 0 ? 'b' : 'a'), n: N });
    expect(impossible.ok).toBe(false);
    expect(impossible.failures.join('\n')).toMatch(/outcome b: sampled \d+ times but impossible/);
  });

  it('the check is deterministic for a seed', () => {
    const a = checkSampled({ exact: d6, sample: (r) => r.d6(), n: 1000, seed: 7 });
    const b = checkSampled({ exact: d6, sample: (r) => r.d6(), n: 1000, seed: 7 });
    expect(a.cells.map((c) => c.observed)).toEqual(b.cells.map((c) => c.observed));
  });
});
