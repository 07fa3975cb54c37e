/**
 * lineOfSight traces only the obstructing hexes of the region (issue 11: a whole-map LOS table is
 * built per scenario compile). Its answer must be the seed's case from ALL contacts of the line
 * (traceLine), filtered to obstructing hexes: checked here over random maps of every density.
 */
import { describe, expect, it } from 'vitest';
import { DIR_DQ, DIR_DR, lineOfSight, traceLine } from '../../../src/core/geometry/hex/index.ts';

/** The case from every contact, as the rules state it (spec panzervor §3.4). */
function reference(aq: number, ar: number, bq: number, br: number, blocks: (q: number, r: number) => boolean): { clear: boolean; case: number } {
  if (aq === bq && ar === br) return { clear: true, case: 1 };
  const hits = traceLine(aq, ar, bq, br).filter((c) => blocks(c.q, c.r));
  if (hits.some((c) => c.kind === 'interior')) return { clear: false, case: 5 };
  const edges = hits.filter((c) => c.kind === 'edge');
  const isEnd = (q: number, r: number) => (q === aq && r === ar) || (q === bq && r === br);
  if (edges.some((c) => c.edgeDirs.some((d) => !isEnd(c.q + DIR_DQ[d], c.r + DIR_DR[d]) && blocks(c.q + DIR_DQ[d], c.r + DIR_DR[d])))) return { clear: false, case: 6 };
  if (edges.length >= 2) return { clear: true, case: 4 };
  if (edges.length === 1) return { clear: true, case: 2 };
  if (hits.length > 0) return { clear: true, case: 3 };
  return { clear: true, case: 1 };
}

describe('lineOfSight', () => {
  it('gives the case of all the contacts filtered to obstructing hexes, on random maps of every density (all six cases met)', () => {
    let seed = 12345;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const seen = new Set<number>();
    for (let map = 0; map < 20; map++) {
      const density = [0.05, 0.2, 0.4, 0.7, 1][map % 5];
      const blocked = new Set<string>();
      for (let q = -12; q <= 12; q++) for (let r = -12; r <= 12; r++) if (rnd() < density) blocked.add(`${q},${r}`);
      const blocks = (q: number, r: number): boolean => blocked.has(`${q},${r}`);
      for (let k = 0; k < 600; k++) {
        const [aq, ar, bq, br] = [0, 0, 0, 0].map(() => Math.floor(rnd() * 17) - 8);
        const got = lineOfSight(aq, ar, bq, br, blocks);
        seen.add(got.case);
        expect(got, `${aq},${ar} -> ${bq},${br} on map ${map}`).toEqual(reference(aq, ar, bq, br, blocks));
      }
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
