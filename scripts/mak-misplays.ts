/**
 * The Ma.K scripted agents' misplays of issue 19, counted per 100 games, and their score against
 * `random` on every bundled scenario.
 *
 *   npx tsx scripts/mak-misplays.ts [--games 100] [--seed 1] [--agents assault,firebase] [--only town-infantry]
 *   npx tsx scripts/mak-misplays.ts --vs-random [--games 200]
 *
 * Misplays (each scenario with its default agents, or --agents):
 *  - mine attacks, and units destroyed by mines (a move into a minefield both sides can see);
 *  - CQC attacks (the entering unit's, and strikes in a continuing CQC) unarmed, at T < 0, and
 *    their kills; CQC entries by a unit with no working weapon;
 *  - boosters lit ([19.5.3]) and forfeited: the unit made no move before its activation ended;
 *  - smoke laid in one's own hex, and attacks fired out of one's own smoke (−4, or −1 for L/M);
 *  - phases that a unit with no working weapon (a NeuSpotter, a disarmed unit) ends next to an
 *    enemy able to fire at it, and NeuSpotters lost.
 * --vs-random: each scripted agent against random in both seats, its win share beside the win
 * share of random in that seat against random (the agent must do no worse), N games each.
 */
import { relative } from 'node:path';
import { createAgent } from '../src/agents/resolve.ts';
import { playGame, PlayScratch } from '../src/core/play.ts';
import { gameStreams } from '../src/core/rng/streams.ts';
import { Tally } from '../src/core/tally.ts';
import { loadScenarioFile } from '../src/scenario/load.ts';
import { findSystem, loadSystems } from '../src/systems/index.ts';
import { Frames } from '../src/systems/mak/actions.ts';
import type { MakGame } from '../src/systems/mak/engine.ts';
import { MAX_W, UNARMED } from '../src/systems/mak/model.ts';
import { K_DEFENSIVE, attackTargetOf, canAttack, hasWorkingWeapon } from '../src/systems/mak/rules/combat.ts';
import { BOOSTING, DEAD, MOVED, type MakState } from '../src/systems/mak/state.ts';
import { bundledScenarios, ROOT } from '../test/helpers/bundled.ts';

const args = process.argv.slice(2);
const opt = (name: string, def: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const GAMES = Number(opt('games', args.includes('--vs-random') ? '200' : '100'));
const SEED = Number(opt('seed', '1'));
const only = opt('only', '');
const agentsArg = opt('agents', '');

await loadSystems(['mak']);
const system = findSystem('mak')!;
const files = bundledScenarios('mak').filter((f) => !only || f.includes(only));

const armed = (g: MakGame, s: MakState, u: number): boolean => hasWorkingWeapon(g.E.m, s, u);

interface Counts {
  games: number;
  mineAttacks: number;
  mineKills: number;
  cqcAttacks: number;
  cqcUnarmed: number;
  cqcUnarmedKills: number;
  cqcBelowZero: number;
  unarmedEntries: number;
  boosts: number;
  boostsForfeited: number;
  smokeOwnHex: number;
  fireOutOfOwnSmoke: number;
  disarmedExposed: number;
  neuLost: number;
}

function misplays(file: string, agents: string[]): Counts {
  const loaded = loadScenarioFile(file);
  const game = loaded.compiled as MakGame;
  const { m, A } = game.E;
  const K = A.kindIndex;
  const c: Counts = { games: 0, mineAttacks: 0, mineKills: 0, cqcAttacks: 0, cqcUnarmed: 0, cqcUnarmedKills: 0, cqcBelowZero: 0, unarmedEntries: 0, boosts: 0, boostsForfeited: 0, smokeOwnHex: 0, fireOutOfOwnSmoke: 0, disarmedExposed: 0, neuLost: 0 };
  const scratch = new PlayScratch(game);
  const tally = new Tally(game.metrics);
  for (let g = 0; g < GAMES; g++) {
    const ag = agents.map((a, side) => createAgent(loaded.system, game, side, a));
    const boosted = new Set<number>();
    let unarmedStrike = -1;
    const log = (line: string): void => {
      if (line.includes('minefield ')) {
        c.mineAttacks++;
        if (/: hit, D$/.test(line)) c.mineKills++;
      }
      if (unarmedStrike >= 0 && /endurance D|automatic D/.test(line)) c.cqcUnarmedKills++;
    };
    /** Boosters lit and not used when the unit's activation ended (it did not move). */
    const checkBoosts = (s: MakState, endOfPhase: boolean): void => {
      for (const u of boosted) {
        const st = s.status[u];
        if (st & MOVED) boosted.delete(u);
        else if (endOfPhase || !(st & BOOSTING) || s.mover !== u) {
          c.boostsForfeited++;
          boosted.delete(u);
        }
      }
    };
    const { state } = playGame(game, ag, gameStreams(SEED, g, 2), tally, scratch, {
      log,
      onDecision(s: MakState, side, action) {
        unarmedStrike = -1;
        const k = A.kindIndexOf(action);
        const top = Frames.top(s.pending);
        if (k === K.endPhase) {
          checkBoosts(s, true);
          // The phase player's units that cannot fight, left where an enemy can fire at them.
          for (let u = 0; u < m.nu; u++) {
            if (m.uside[u] !== side || s.status[u] & DEAD || armed(game, s, u) || m.upilot[u]) continue;
            let exposed = false;
            for (let e = 0; e < m.nu && !exposed; e++) {
              if (m.uside[e] === side || s.status[e] & DEAD || m.grid.distance(s.hex[e], s.hex[u]) > 1) continue;
              for (let w = 0; w < MAX_W && !exposed; w++) exposed = canAttack(m, s, e, w, u, K_DEFENSIVE);
            }
            if (exposed) c.disarmedExposed++;
          }
        }
        if (k === K.boost) {
          c.boosts++;
          boosted.add(A.read.boost.unit(action));
        }
        if (k === K.smoke && A.read.smoke.dir(action) === 6) c.smokeOwnHex++;
        if (k === K.attack) {
          const u = A.read.attack.unit(action);
          if (s.smoke[s.hex[u]] > 0 && s.smokeSide[s.hex[u]] === m.uside[u]) c.fireOutOfOwnSmoke++;
        }
        if (k === K.assault && !armed(game, s, A.read.assault.unit(action))) c.unarmedEntries++;
        if (k === K.fire && (top === 'cqcAttack' || top === 'cqcStrike')) {
          const u = A.read.fire.unit(action), w = A.read.fire.weapon(action), t = A.read.fire.target(action);
          c.cqcAttacks++;
          if (w === UNARMED) {
            c.cqcUnarmed++;
            unarmedStrike = u;
          }
          if (attackTargetOf(m, s, u, w, t) < 0) c.cqcBelowZero++;
        }
      },
      afterApply(s: MakState) {
        if (boosted.size) checkBoosts(s, false);
      },
    });
    for (let u = 0; u < m.nu; u++) if (m.uneu[u] && state.status[u] & DEAD && !(m.uarrive[u] > 0 && state.turn < m.uarrive[u])) c.neuLost++;
    c.games++;
  }
  return c;
}

function winShare(file: string, agents: string[], seat: number): number {
  const loaded = loadScenarioFile(file);
  const game = loaded.compiled;
  const scratch = new PlayScratch(game);
  const tally = new Tally(game.metrics);
  let wins = 0;
  for (let g = 0; g < GAMES; g++) {
    const ag = agents.map((a, side) => createAgent(loaded.system, game, side, a));
    const { result } = playGame(game, ag, gameStreams(SEED, g, 2), tally, scratch);
    if (result.winner === seat) wins++;
  }
  return wins / GAMES;
}

const per100 = (n: number, games: number): string => ((100 * n) / games).toFixed(1);
const name = (f: string): string => relative(ROOT, f);

if (args.includes('--vs-random')) {
  console.log(`scripted agents against random, ${GAMES} games a pairing (seed ${SEED}); win share of the agent's seat, and of random in that seat against random`);
  for (const file of files) {
    const base = [winShare(file, ['random', 'random'], 0), winShare(file, ['random', 'random'], 1)];
    for (const agent of system.agents.map((a) => a.name).filter((a) => a !== 'random')) {
      const asA = winShare(file, [agent, 'random'], 0);
      const asB = winShare(file, ['random', agent], 1);
      const worse = asA < base[0] || asB < base[1];
      console.log(`${name(file)} ${agent}: as mercenary ${(100 * asA).toFixed(1)}% (random ${(100 * base[0]).toFixed(1)}%), as strahl ${(100 * asB).toFixed(1)}% (random ${(100 * base[1]).toFixed(1)}%), both seats ${(50 * (asA + asB)).toFixed(1)}%${worse ? '  WORSE THAN RANDOM' : ''}`);
    }
  }
} else {
  console.log(`Ma.K misplays per 100 games (${GAMES} games a scenario, seed ${SEED})`);
  for (const file of files) {
    const loaded = loadScenarioFile(file);
    const agents = agentsArg ? agentsArg.split(',') : loaded.defaults.agents?.map((a) => a.name) ?? [...system.defaultAgents];
    const c = misplays(file, agents);
    const g = c.games;
    console.log(`${name(file)} (${agents.join(' vs ')}): mine attacks ${per100(c.mineAttacks, g)}, units destroyed by mines ${per100(c.mineKills, g)}; CQC attacks ${per100(c.cqcAttacks, g)}: unarmed ${per100(c.cqcUnarmed, g)} (kills ${per100(c.cqcUnarmedKills, g)}), at T < 0 ${per100(c.cqcBelowZero, g)}; CQC entries with no working weapon ${per100(c.unarmedEntries, g)}; boosters lit ${per100(c.boosts, g)}, forfeited ${per100(c.boostsForfeited, g)}; smoke in own hex ${per100(c.smokeOwnHex, g)}, attacks out of own smoke ${per100(c.fireOutOfOwnSmoke, g)}; phases ended by an unarmed unit next to an armed enemy ${per100(c.disarmedExposed, g)}, NeuSpotters lost ${per100(c.neuLost, g)}`);
  }
}
