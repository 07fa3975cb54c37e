/**
 * Speed figures of the exact engine and the reference cards, for `npm run bench`:
 *  - the RISK-style 10 v 10 d6 opposed contest (target: well under 95 ms, the published time of
 *    the fastest Python dice library on that problem), first call and warm median;
 *  - 12 v 12 and 20 v 20 (exact BigInt weights through the modular kernel);
 *  - a whole card set per system with odds (target: under a second), first and warm.
 */
import { opposedContest } from '../core/dice/contest.ts';
import { loadAllSystems } from '../systems/index.ts';
import { buildCardSet, renderCards } from './cards.ts';
import { oddsContext } from './context.ts';

export interface BenchLine {
  readonly name: string;
  readonly ms: number;
  /** Target in ms, when there is one. */
  readonly targetMs?: number;
  readonly ok?: boolean;
  readonly note?: string;
}

function time(f: () => unknown): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export async function runOddsBench(log: (line: string) => void = (l) => process.stdout.write(l + '\n')): Promise<BenchLine[]> {
  const out: BenchLine[] = [];
  const add = (l: BenchLine) => {
    out.push(l);
    const target = l.targetMs !== undefined ? ` (target < ${l.targetMs} ms: ${l.ok ? 'ok' : 'MISSED'})` : '';
    log(`  ${l.name.padEnd(46)} ${l.ms.toFixed(2).padStart(9)} ms${target}${l.note ? `  ${l.note}` : ''}`);
  };
  log('exact odds engine');
  const first = time(() => opposedContest(10, 10));
  add({ name: 'contest 10 v 10 d6, first call', ms: first, targetMs: 95, ok: first < 95 });
  const warm = median(Array.from({ length: 15 }, () => time(() => opposedContest(10, 10))));
  add({ name: 'contest 10 v 10 d6, warm median of 15', ms: warm, targetMs: 95, ok: warm < 95 });
  add({ name: 'contest 12 v 12 d6 (modular kernel, BigInt)', ms: median(Array.from({ length: 5 }, () => time(() => opposedContest(12, 12)))) });
  add({ name: 'contest 20 v 20 d6 (modular kernel, BigInt)', ms: time(() => opposedContest(20, 20)) });
  log('reference cards (compute, lay out and render poker cards, in memory)');
  for (const sys of await loadAllSystems()) {
    if (!sys.odds) continue;
    const run = () => {
      const ctx = oddsContext(sys);
      const set = buildCardSet(ctx);
      renderCards(set);
      return set.tables.length;
    };
    let tables = 0;
    let firstMs: number;
    try {
      firstMs = time(() => (tables = run()));
    } catch (e) {
      log(`  ${sys.info.id}: cards failed: ${(e as Error).message}`);
      continue;
    }
    add({ name: `cards ${sys.info.id}, first`, ms: firstMs, targetMs: 1000, ok: firstMs < 1000, note: `${tables} tables` });
    const again = time(run);
    add({ name: `cards ${sys.info.id}, again`, ms: again, targetMs: 1000, ok: again < 1000 });
  }
  return out;
}
