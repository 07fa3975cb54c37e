/** The cases of `npm run bench` (scripts/bench.ts), which scripts/bench-builds.ts --all also measures on two builds. */
export interface BenchCase {
  name: string;
  file: string;
  agents: string[];
  games: number;
  /** Games a process of `bench-builds.ts --all` plays (about half a second of CPU here); none: not measured there. */
  perProcess?: number;
  target?: string;
}

export const BENCH_CASES: readonly BenchCase[] = [
  { name: 'duel high-noon, heuristics', file: 'scenarios/duel/high-noon.yaml', agents: ['patient', 'trigger-happy'], games: 400_000, perProcess: 400_000 },
  { name: 'panzervor fake-battle, random agents', file: 'scenarios/panzervor/fake-battle.yaml', agents: ['random', 'random'], games: 300_000, perProcess: 30_000, target: '>= 20,000 games/s on one thread; 2 workers >= 1.8x 1 worker' },
  { name: 'panzervor fake-battle, heuristics (marksman vs brawler)', file: 'scenarios/panzervor/fake-battle.yaml', agents: ['marksman', 'brawler'], games: 40_000, perProcess: 4_000 },
  { name: 'mgv sample-duel, random agents', file: 'scenarios/mgv/sample-duel.yaml', agents: ['random', 'random'], games: 40_000, perProcess: 4_000 },
  { name: 'mgv sample-duel, heuristics (standoff vs closer)', file: 'scenarios/mgv/sample-duel.yaml', agents: ['standoff', 'closer'], games: 40_000, perProcess: 4_000, target: '>= 5,000 games/s on one thread' },
  { name: 'at43 sector55, random agents', file: 'scenarios/at43/sector55.yaml', agents: ['random', 'random'], games: 20_000, perProcess: 5_000, target: '>= 10,000 games/s on one thread' },
  { name: 'at43 sector55, heuristics (gunline vs assault)', file: 'scenarios/at43/sector55.yaml', agents: ['gunline', 'assault'], games: 20_000, perProcess: 3_000, target: '>= 2,000 games/s on one thread' },
  { name: 'mak forest-ridge, random agents', file: 'scenarios/mak/forest-ridge.yaml', agents: ['random', 'random'], games: 100_000, perProcess: 10_000, target: '>= 20,000 games/s on one thread' },
  { name: 'mak forest-ridge, heuristics (assault vs firebase)', file: 'scenarios/mak/forest-ridge.yaml', agents: ['assault', 'firebase'], games: 20_000, perProcess: 3_000, target: '>= 3,000 games/s on one thread' },
  { name: 'ww2setup kursk-1943 (one set-up per game)', file: 'scenarios/ww2setup/kursk-1943.yaml', agents: [], games: 200_000 },
];
