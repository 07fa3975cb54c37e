/**
 * Exact twin of a duel game for the tests: the probability that each side wins (and of a draw
 * at the turn limit), by dynamic programming over the whole state space of the rules in
 * src/systems/duel/index.ts, for agents that are functions of (own aim, max aim).
 */
export interface DuelRules {
  target: number;
  maxAim: number;
  wounds: [number, number];
  turnLimit: number;
  /** Aim bonus each side builds before firing (trigger-happy = 0, patient = 2). */
  aimTo: [number, number];
  first?: 0 | 1;
}

function hit2d6(t: number): number {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b >= t) ways++;
  return ways / 36;
}

/** [P(side 0 wins), P(side 1 wins), P(draw)]. */
export function duelExact(r: DuelRules): [number, number, number] {
  const memo = new Map<string, [number, number, number]>();
  const go = (w0: number, w1: number, a0: number, a1: number, active: number, turn: number): [number, number, number] => {
    const key = `${w0},${w1},${a0},${a1},${active},${turn}`;
    const m = memo.get(key);
    if (m) return m;
    const aim = active === 0 ? a0 : a1;
    const next = (nw0: number, nw1: number, na0: number, na1: number): [number, number, number] => {
      let t = turn;
      if (active === 1) t++;
      if (t > r.turnLimit) return [0, 0, 1];
      return go(nw0, nw1, na0, na1, 1 - active, t);
    };
    let out: [number, number, number];
    if (aim < Math.min(r.aimTo[active], r.maxAim)) {
      out = next(w0, w1, active === 0 ? a0 + 1 : a0, active === 1 ? a1 + 1 : a1);
    } else {
      const p = hit2d6(r.target - aim);
      const na0 = active === 0 ? 0 : a0;
      const na1 = active === 1 ? 0 : a1;
      const miss = next(w0, w1, na0, na1);
      let hit: [number, number, number];
      if (active === 0) hit = w1 - 1 === 0 ? [1, 0, 0] : next(w0, w1 - 1, na0, na1);
      else hit = w0 - 1 === 0 ? [0, 1, 0] : next(w0 - 1, w1, na0, na1);
      out = [p * hit[0] + (1 - p) * miss[0], p * hit[1] + (1 - p) * miss[1], p * hit[2] + (1 - p) * miss[2]];
    }
    memo.set(key, out);
    return out;
  };
  return go(r.wounds[0], r.wounds[1], 0, 0, r.first ?? 0, 1);
}
