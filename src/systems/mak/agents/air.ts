/**
 * The scripted Air Commitment ([10.1]), shared by `assault` and `firebase`: the side's card is
 * planned whole and each aircraft gets its mission in that plan (the earlier choices of the card
 * are fixed; the plan is recomputed, the same, for each). A plan is priced by its expected O.G.P.
 * balance in the air war, computed exactly over the d6 of the Dog-Fight chart and of the
 * breakthrough row with the loss allocation of [10.2.1] (rolls.ts allocateLoss), plus a modest
 * value for each aircraft that stays in the game. The enemy's card is secret ([10.1.1]): it is
 * taken to send every living aircraft to air combat.
 *
 * Price of a plan (in VP):
 * - dog-fight ([10.2]), when both sides fly air combat: the aggressor is the side with more
 *   strength (ties: the attacking player), the column its ratio rounded down; each side loses the
 *   aircraft whose ratings come closest to its loss without exceeding it; enemy VP shot down count
 *   for, own VP shot down against;
 * - breakthrough ([10.3]), after the dog-fight: the enemy breaks through against own ground-mission
 *   aircraft when none of ours is left in air combat or it has at least twice as many there;
 * - withdrawal ([10.1.4]): no VP to anyone, from the turn after the aircraft arrives, for good;
 * - for each own aircraft alive on a ground mission ([10.1.3]), its best strafe ([10.4]) on the
 *   current position (strafes(): common.ts bestStrafe over the enemy units and its arms, the
 *   anti-aircraft fire of the target hex priced, a Hornisse's M landing it, [10.6]), 0 when no
 *   strafe pays, since the agents decline those (then it is only kept); lost with the aircraft
 *   when the enemy breaks through;
 * - OPEN_SKY against for each enemy aircraft when none of ours flies air combat (the enemy would
 *   send them to strafe rather than to an empty sky);
 * - `keep` (small) per own aircraft alive in the game after the air war while a later turn remains
 *   (it can fight or strafe again; a withdrawn one cannot).
 * So a side feeds no aircraft to a dog-fight that only gives the enemy VP: it withdraws them (or
 * flies them on ground missions when the enemy cannot break through), fights when the chart pays,
 * and strafes when a target pays. Air-artillery, turn 1 (the Strahl's PK40 2 x3 and Hornisse 3 x2
 * against the Falke's 4 + laser marker 1): no Strahl strafe pays against the Mercenaries'
 * anti-aircraft fire, so all 12 fly air combat (column 2:1: +4/6 for the Falke on a 6, -3/6 for a
 * PK40 on a 1); the Falke flies air combat (-1/6, against -4/3 broken through on a ground mission
 * plus 4/6 of its strafe, and from turn 2 -5 x OPEN_SKY withdrawn). Down to a PK40 and two
 * Hornisses (8: column 1.5:1, the Falke never falls, a PK40 does on a 1 or 2) the Strahl withdraw
 * them all.
 */
import type { Engine } from '../engine.ts';
import type { Model } from '../model.ts';
import { allocateLoss, breakthroughUnits, ratioColumn } from '../rules/rolls.ts';
import { A_AIR, A_DEAD, A_GROUND, A_SET, A_WDRAW, type MakState } from '../state.ts';
import { bestStrafe } from './common.ts';

/** Choices of a mission action ([10.1]). */
export const AIR = 0;
export const GROUND = 1;
export const WITHDRAW = 2;

/**
 * What each enemy aircraft left free to strafe costs when none of ours flies air combat ([10.3],
 * [10.4]), flat. The enemy's card is taken to be all air combat, so this is all the plan sees of
 * what holding the sky is worth (the breakthroughs of the enemy's ground missions it prevents).
 * Measured on air-artillery (seed 1, assault vs firebase, 10,000 games: Strahl 87.5% with this):
 * priced at the enemy aircraft's best strafe (strafes(), 0 when none pays, symmetric with ours),
 * the Mercenary's Falke withdraws from turn 2 (no Strahl strafe pays) and its side does worse
 * (Strahl 89.1%; the agents as the Mercenary against random 83-84% instead of 91%); at the larger of
 * the two, the Strahl stay up against a Falke that never strafes (Strahl 87.1%; 81.2% against a
 * Mercenary mcts, 600 games, against 80.3%): no better.
 */
export const OPEN_SKY = 0.1;

/** At most this many aircraft are planned together (3^n plans); the rest of the card follows the first's choice. */
const MAX_PLANNED = 7;

/** An aircraft in the plan: dog-fight rating (with its laser marker, [11.4.3]), VP, its strafe if it flies a ground mission (`strafes`), choice (-1: free), may it withdraw. */
interface Craft { r: number; vp: number; g: number; fixed: number; wd: boolean; a: number }

const cache = new WeakMap<Engine, Map<string, number>>();
/** strafes() of the current decision (airChoice; grown, never shrunk). */
let scratch = new Float64Array(8);

/**
 * The worth (VP) of each of `side`'s aircraft's strafe should it fly a ground mission this turn
 * ([10.1.3], [10.4]): its best strafe on the current position (common.ts bestStrafe, 0 when none
 * pays); 0 for the dead and the enemy's. `keep`: what a surviving aircraft is still worth.
 */
export function strafes(m: Model, s: MakState, side: number, keep: number, out: Float64Array): Float64Array {
  for (let b = 0; b < m.na; b++) out[b] = s.air[b] & A_DEAD || m.aside[b] !== side ? 0 : bestStrafe(m, s, b, keep);
  return out;
}

/**
 * airPlan, remembered per engine by what it reads (the same cards recur from game to game): the
 * chart inputs and each aircraft's strafe value, which depends on the position, so it is computed
 * for every decision and is part of the key.
 */
export function airChoice(E: Engine, s: MakState, side: number, a: number, keep: number): number {
  const { m } = E;
  const later = s.turn < m.body.turns ? keep : 0;
  if (scratch.length < m.na) scratch = new Float64Array(m.na);
  const g = strafes(m, s, side, later, scratch);
  let key = `${side} ${a} ${keep} ${s.turn < m.body.turns ? 1 : 0}`;
  for (let b = 0; b < m.na; b++) {
    const f = s.air[b];
    key += f & A_DEAD ? ' x' : ` ${s.aDf[b] + s.eqLaser[b]}${m.aside[b] === side ? `.${f & (A_SET | A_AIR | A_GROUND | A_WDRAW)}.${s.turn > Math.max(1, m.aarrive[b]) ? 1 : 0}/${g[b]}` : ''}`;
  }
  let memo = cache.get(E);
  if (!memo) cache.set(E, (memo = new Map()));
  let c = memo.get(key);
  if (c === undefined) {
    if (memo.size >= 4096) memo.clear();
    c = airPlan(E, s, side, a, keep, g);
    memo.set(key, c);
  }
  return c;
}

/**
 * The mission (AIR, GROUND or WITHDRAW) of `side`'s next aircraft to commit, `a`, in the best plan of
 * its card; `keep` is the value of an aircraft kept in the game (style); `g` the aircraft's strafe
 * values (strafes(), computed here when not given).
 */
export function airPlan(E: Engine, s: MakState, side: number, a: number, keep: number, g?: Float64Array): number {
  const { m } = E;
  const later = s.turn < m.body.turns ? keep : 0;
  const gs = g ?? strafes(m, s, side, later, new Float64Array(m.na));
  const mine: Craft[] = [];
  const theirR: number[] = [], theirV: number[] = [];
  let theirG = 0;
  for (let b = 0; b < m.na; b++) {
    if (s.air[b] & A_DEAD) continue;
    const r = s.aDf[b] + s.eqLaser[b];
    if (m.aside[b] !== side) { theirR.push(r); theirV.push(m.avp[b]); theirG += OPEN_SKY; continue; }
    const f = s.air[b] & A_SET ? (s.air[b] & A_AIR ? AIR : s.air[b] & A_GROUND ? GROUND : WITHDRAW) : -1;
    // [10.1.4]: not on the turn it arrives (aircraft all arrive on turn 1 or later; commit.ts).
    mine.push({ r, vp: m.avp[b], g: gs[b], fixed: f, wd: s.turn > Math.max(1, m.aarrive[b]), a: b });
  }
  const att = m.body.attackingPlayer === 'mercenary' ? 0 : 1;
  const free = mine.filter((c) => c.fixed < 0).slice(0, MAX_PLANNED);
  if (free.length === 0) return GROUND;
  const me = free.find((c) => c.a === a) ?? free[0];
  const choice = new Array<number>(mine.length).fill(GROUND);
  let best = -Infinity, bestA = GROUND;
  const n = free.length;
  const plans = 3 ** n;
  for (let p = 0; p < plans; p++) {
    // Digits of p, the first free aircraft most significant: plans in order air, ground, withdraw.
    let ok = true, q = p;
    for (let i = n - 1; i >= 0; i--) {
      const c = q % 3;
      q = (q - c) / 3;
      if (c === WITHDRAW && !free[i].wd) ok = false;
      free[i].fixed = c; // restored below
    }
    if (ok) {
      for (let i = 0; i < mine.length; i++) choice[i] = mine[i].fixed;
      // Aircraft beyond MAX_PLANNED (none in the bundled scenarios) follow the first free one.
      for (let i = 0; i < mine.length; i++) if (choice[i] < 0) choice[i] = free[0].fixed;
      const v = planValue(mine, choice, theirR, theirV, theirG, side === att, m.data.dogfight, later);
      if (v > best + 1e-9) {
        best = v;
        bestA = me.fixed;
      }
    }
    for (const c of free) c.fixed = -1;
  }
  return bestA;
}

interface Chart { readonly ratios: readonly number[]; readonly cells: readonly (readonly (readonly number[])[])[]; readonly breakthrough: readonly number[] }

/**
 * Expected O.G.P. balance of one card (own `choice` per aircraft; the enemy all in air combat) plus
 * the kept aircraft's value. `theirG`: what the enemy's aircraft, all free to strafe when none of
 * ours flies air combat, make of it (OPEN_SKY each, against us).
 */
export function planValue(mine: readonly Craft[], choice: readonly number[], theirR: readonly number[], theirV: readonly number[], theirG: number, attacker: boolean, chart: Chart, later: number): number {
  const airR: number[] = [], airV: number[] = [], gndR: number[] = [], gndV: number[] = [], gndG: number[] = [];
  for (let i = 0; i < mine.length; i++) {
    if (choice[i] === AIR) { airR.push(mine[i].r); airV.push(mine[i].vp); }
    else if (choice[i] === GROUND) { gndR.push(mine[i].r); gndV.push(mine[i].vp); gndG.push(mine[i].g); }
  }
  const kept = airR.length + gndR.length;
  const base = kept * later + sum(gndG);
  if (theirR.length === 0) return base; // nobody to fight ([10.2], [10.3])
  // None of ours in air combat: they break through ([10.3]), and their aircraft are free to strafe ([10.4]).
  if (airR.length === 0) return base - theirG + breakthrough(theirR.length, gndR, gndV, gndG, later, chart);
  const mineT = sum(airR), theirT = sum(theirR);
  const aggressor = mineT > theirT || (mineT === theirT && attacker);
  const col = aggressor ? ratioColumn(chart.ratios, mineT, theirT) : ratioColumn(chart.ratios, theirT, mineT);
  let v = 0;
  for (let d = 0; d < 6; d++) {
    const [lx, ly] = chart.cells[d][col];
    const myLoss = aggressor ? lx : ly, theirLoss = aggressor ? ly : lx;
    const lostMine = lossOf(airR, airV, myLoss), lostTheirs = lossOf(theirR, theirV, theirLoss);
    v += lostTheirs.vp - lostMine.vp - lostMine.n * later;
    // [10.3] after the dog-fight: the survivors in air combat count.
    v += breakthrough(breakthroughUnits(theirR.length - lostTheirs.n, airR.length - lostMine.n), gndR, gndV, gndG, later, chart);
  }
  return base + v / 6;
}

/** Expected value lost by own ground-mission aircraft to `units` breaking through ([10.3]); an aircraft lost is worth its VP, `later` and its strafe. */
function breakthrough(units: number, gndR: readonly number[], gndV: readonly number[], gndG: readonly number[], later: number, chart: Chart): number {
  if (units <= 0 || gndR.length === 0) return 0;
  let v = 0;
  for (let d = 0; d < 6; d++) {
    const l = lossOf(gndR, gndV, chart.breakthrough[d], gndG);
    v -= l.vp + l.n * later + l.g;
  }
  return v / 6;
}

/** VP, number and strafe values (`g`) of the aircraft lost to `loss` rating points ([10.2.1]: allocateLoss). */
function lossOf(r: readonly number[], vp: readonly number[], loss: number, g?: readonly number[]): { vp: number; n: number; g: number } {
  const mask = loss > 0 ? allocateLoss(r, vp, loss) : 0;
  let v = 0, n = 0, gl = 0;
  for (let i = 0; i < r.length; i++) if (mask & (1 << i)) { v += vp[i]; n++; if (g) gl += g[i]; }
  return { vp: v, n, g: gl };
}

function sum(xs: readonly number[]): number {
  let t = 0;
  for (const x of xs) t += x;
  return t;
}
