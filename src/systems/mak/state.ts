/**
 * The game state: plain arrays of numbers (JSON-safe, cloned by slicing), one entry per unit or
 * per unit weapon slot, and the stack of pending decisions (core/decision/stack.ts).
 */
import { newDecisionStack, type DecisionStack } from '../../core/decision/stack.ts';
import { MAX_W, type Model } from './model.ts';

/** Unit status bits. */
export const DEAD = 1;
/** A result: armament disabled for the rest of the game ([5.1.2]). */
export const ARMLESS = 2;
/** M result: immobilized ([5.1.2]). */
export const IMMOBILE = 4;
/** Infantry morale broken ([14.3]). */
export const BROKEN = 8;
/** Morale broken this turn: no recovery roll before the next turn ([14.3.2]); cleared at the start of each turn. */
export const BROKEN_NEW = 2097152;
/** Moved this phase. */
export const MOVED = 16;
/** Made its offensive attack (or fought a CQC) this phase ([5.3.1]). */
export const ATTACKED = 32;
/** Finished its activation: may not move again this phase ([7.2.5]). */
export const DONE = 64;
/** Pinned in a CQC hex ([9.4]). */
export const PINNED = 128;
/** Fired in the adjacent window of the current CQC entry ([9.2]). */
export const FIRED_ADJ = 256;
/** Member of the simultaneous attack group being resolved ([5.3.3]). */
export const IN_GROUP = 512;
/** Attacked in the current CQC (may return fire, [9.2.2]). */
export const CQC_HIT = 1024;
/** Struck in the current round of a continuing CQC. */
export const STRUCK = 2048;
/** Already counted for the enemy's O.G.P. (destroyed, immobilized or disarmed). */
export const SCORED = 4096;

/** Broken infantry attacked again while broken: +1 to its recovery roll ([14.3.2]). */
export const REATTACKED = 8192;

/** The unit's pilot has left it (escaped or killed, [18.2]): no more pilot modifiers or escape rolls. */
export const PILOT_GONE = 32768;

/** The pilot was killed: the enemy scored its VP ([18.2.2]). */
export const PILOT_KILLED = 65536;

/** Infantry charging into close quarters combat this phase ([14.2.2]-[14.2.3]). */
export const CHARGING = 16384;

/** Not yet on the map (a reinforcement, [12.1]): carried together with DEAD, so every rule ignores it until it enters. */
export const OFFMAP = 262144;

/** Left the map (an AMU carrier, [16.2.2]): carried together with DEAD, but not a loss. */
export const EXITED = 1048576;

/** SAFS Mk II on its booster this phase ([19.5.3]). */
export const BOOSTING = 524288;

/** Loaded or unloaded this phase: infantry may not move at all ([14.1]); cargo that fired may not unload ([13.1.4]). */
export const LOADING = 131072;

/** Per-phase flags cleared at every phase change. */
export const PHASE_FLAGS = MOVED | ATTACKED | DONE | PINNED | FIRED_ADJ | IN_GROUP | CQC_HIT | STRUCK | CHARGING | LOADING | BOOSTING;

export interface MakState {
  turn: number;
  /** 0: the first player's troop phase, 1: the second's. */
  phase: number;
  /** Side index of the phase player. */
  phaseSide: number;
  over: boolean;
  winner: number;
  /** 'ogp' or 'elimination'. */
  endDetail: number;
  hex: number[];
  status: number[];
  /** Movement points left this phase, doubled. */
  mp: number[];
  /** Rounds left per weapon slot (unlimited weapons keep 0 and are never checked). */
  ammo: number[];
  /**
   * 1 where the weapon slot is depleted (laser) or broken (MG) ([11.2]); DRAIN_BASE + T for an
   * Anti-AFS rifle drained on turn T (blocked on T + 1, usable again from T + 2, [14.4.4]).
   */
  wdis: number[];
  /** PF rounds and rocket salvos fired this phase ([11.2.4]). */
  pfUsed: number[];
  rkUsed: number[];
  /** Defensive opportunity in which the unit already fired. */
  dfStamp: number[];
  /** Serial number of the current defensive opportunity. */
  serial: number;
  /** Unit whose movement is in progress (-1 none). */
  mover: number;
  /** The last T3 window opened ([5.4] 3): its mover and serial (read when that mover goes on into CQC, Fig. 10). */
  t3Unit: number;
  t3Serial: number;
  /** Deferred CQC results (continuing CQC is simultaneous, spec §6 A11): worst result per unit. */
  pendRes: number[];
  /** O.G.P. per side (enemy VP destroyed, immobilized or disarmed; scenario VP added at the end). */
  ogp: number[];
  /** Units lost (destroyed) per side. */
  lost: number[];
  /** Living units per (hex * 2 + side), and their stack points: kept in step with hex[] and deaths. */
  occ: number[];
  pts: number[];
  /** Off-board batteries: rounds left, rounds fired this turn. */
  bLeft: number[];
  bFired: number[];
  /** Artillery requests ([17.1.5] record sheet): target hex, landing turn, battery, code 0..4 (a..e), observer, state (1 active). */
  rqHex: number[];
  rqLand: number[];
  rqBat: number[];
  rqCode: number[];
  rqObs: number[];
  rqOn: number[];
  /** 1 where the request is a mine shot ([19.1.6]): it raises the strength of the hex it lands on. */
  rqMine: number[];
  /** Minefield strength per hex ([19.1]): the scenario's, raised by artillery mine shots ([19.1.6]). */
  mine: number[];
  /** VP of artillery used per side (subtracted from its O.G.P.). */
  artVp: number[];
  /** Pilot modifiers in play ([18.1]): attack, defense and VP per unit (a pilot unit's VP included), per aircraft attack, defense and dog-fight rating with its pilot; the data's, or rolled at set-up with option pilotMods ([18.3.1]). */
  pAtk: number[];
  pDef: number[];
  pVp: number[];
  aPAtk: number[];
  aPDef: number[];
  aDf: number[];
  /** Aircraft status bits (A_*). */
  air: number[];
  /** Equipment markers left per aircraft ([11.4]): bombs, missiles, working lasers. */
  eqBomb: number[];
  eqMissile: number[];
  eqLaser: number[];
  /** Transport ([13.1]): the vehicle carrying each unit (-1 none), and each vehicle's cargo in stack points. */
  carrier: number[];
  load: number[];
  /** Smoke ([19.2]): marker value per hex (2, then 1, 0 none), the side that laid it; screens left and laid this phase per unit. */
  smoke: number[];
  smokeSide: number[];
  smokeLeft: number[];
  smokeUsed: number[];
  /** Burning hexes (1, to the end of the game, [19.4.4]) and depots blown up ([19.4.5]). */
  fire: number[];
  depotGone: number[];
  /** Carrying ([7.3]): the immobilized unit each unit carries (-1 none; rules/carry.ts). */
  haul: number[];
  /** Units ever immobilized per side (carrying is enumerated only when there may be one to carry). */
  nImm: number[];
  /** Arson declared this phase by each engineer: the target hex, -1 none ([14.4.2]; resolved at the end of the phase). */
  arsonAt: number[];
  /** AMUs per NeuSpotter ([16.2], rules/amu.ts): hex on the map (-1), carrier (-1), fate (0 none, 1 in play, 2 collected, 3 destroyed). */
  amuHex: number[];
  amuBy: number[];
  amuFate: number[];
  /** Hexes with a smoke or fire marker, ascending: they obstruct LOS through them ([19.2.5], [19.4.3]; rules/sight.ts). */
  dyn: number[];
  /** Booster turns left per unit (SAFS Mk II, [19.5.3]). */
  boostLeft: number[];
  pending: DecisionStack;
}

/** Aircraft status: destroyed, on the Air Combat Mission, on a Ground Combat Mission, used, armament disabled. */
export const A_DEAD = 1;
export const A_AIR = 2;
export const A_GROUND = 4;
export const A_USED = 8;
export const A_ARMLESS = 16;
/** Assigned this turn (hidden from the opponent until both sides have committed). */
export const A_SET = 32;
/** A Hornisse that landed and separated ([10.6.1]): carried with A_DEAD (out of the air war) but scores nothing. */
export const A_LANDED = 64;
/** A Hornisse immobilized in flight that must now make its emergency landing (spec §6 A28). */
export const A_MLAND = 128;
/** Withdrawn on this turn's card ([10.1.4]): taken off the game when the cards are revealed. */
export const A_WDRAW = 256;
/** Withdrawn from the game ([10.1.4]): carried with A_DEAD, scores nothing. */
export const A_GONE = 512;
/** Not yet arrived (a reinforcement, [12.1]): carried with A_DEAD until its turn. */
export const A_LATE = 1024;

export const DRAIN_BASE = 100;

export function newState(m: Model): MakState {
  const nu = m.nu;
  const first = m.body.firstPlayer === 'mercenary' ? 0 : 1;
  const occ = new Array<number>(m.n * 2).fill(0);
  const pts = new Array<number>(m.n * 2).fill(0);
  for (let u = 0; u < nu; u++) {
    if (m.uarrive[u] > 0 || m.uaboard[u] >= 0 || m.upilot[u]) continue; // reinforcements enter later, a Hornisse's units when it lands, a pilot when it escapes
    occ[m.ustart[u] * 2 + m.uside[u]]++;
    pts[m.ustart[u] * 2 + m.uside[u]] += m.ustack[u] === 1 ? 1 : m.ustack[u] === 2 ? 2 : 0;
  }
  let rq = 0;
  for (let b = 0; b < m.nb; b++) rq += m.brounds[b];
  const ammo: number[] = [];
  for (let k = 0; k < nu * MAX_W; k++) ammo.push(m.wammo[k]);
  return {
    turn: 1,
    phase: 0,
    phaseSide: first,
    over: false,
    winner: -1,
    endDetail: 0,
    hex: Array.from(m.ustart),
    status: Array.from(m.uarrive, (t, u) => (t > 0 || m.uaboard[u] >= 0 ? DEAD | OFFMAP : m.upilot[u] ? DEAD : 0)),
    mp: Array.from(m.ump2),
    ammo,
    wdis: new Array<number>(nu * MAX_W).fill(0),
    pfUsed: new Array<number>(nu).fill(0),
    rkUsed: new Array<number>(nu).fill(0),
    dfStamp: new Array<number>(nu).fill(-1),
    serial: 0,
    mover: -1,
    t3Unit: -1,
    t3Serial: -1,
    pendRes: new Array<number>(nu).fill(0),
    ogp: [0, 0],
    lost: [0, 0],
    occ,
    pts,
    bLeft: Array.from(m.brounds),
    bFired: new Array<number>(m.nb).fill(0),
    rqHex: new Array<number>(rq).fill(-1),
    rqLand: new Array<number>(rq).fill(0),
    rqBat: new Array<number>(rq).fill(0),
    rqCode: new Array<number>(rq).fill(0),
    rqObs: new Array<number>(rq).fill(0),
    rqOn: new Array<number>(rq).fill(0),
    rqMine: new Array<number>(rq).fill(0),
    mine: Array.from(m.mineStr),
    artVp: [0, 0],
    air: Array.from(m.aarrive, (t) => (t > 0 ? A_DEAD | A_LATE : 0)),
    pAtk: Array.from(m.upAtk),
    pDef: Array.from(m.upDef),
    pVp: Array.from(m.upVp, (v, u) => (m.upilot[u] ? m.uvp[u] : v)),
    aPAtk: Array.from(m.apAtk),
    aPDef: Array.from(m.apDef),
    aDf: Array.from(m.adf),
    eqBomb: Array.from(m.aeq[0]),
    eqMissile: Array.from(m.aeq[1]),
    eqLaser: Array.from(m.aeq[2]),
    carrier: new Array<number>(nu).fill(-1),
    load: new Array<number>(nu).fill(0),
    smoke: new Array<number>(m.n).fill(0),
    smokeSide: new Array<number>(m.n).fill(0),
    smokeLeft: Array.from(m.usmoke),
    smokeUsed: new Array<number>(nu).fill(0),
    fire: new Array<number>(m.n).fill(0),
    depotGone: new Array<number>(m.n).fill(0),
    dyn: [],
    amuHex: new Array<number>(nu).fill(-1),
    arsonAt: new Array<number>(nu).fill(-1),
    haul: new Array<number>(nu).fill(-1),
    nImm: [0, 0],
    amuBy: new Array<number>(nu).fill(-1),
    amuFate: new Array<number>(nu).fill(0),
    boostLeft: Array.from(m.utype, (t) => (t === 'SAFS_MkII' ? m.data.rules.boosterTurns : 0)),
    pending: newDecisionStack(),
  };
}

/**
 * Deep copy: acting on the copy never changes the original. Every field written out in newState's
 * order (no spread: the search copies states many times, and a literal of known shape is built
 * fastest), so a clone also serialises exactly like its original.
 */
export function cloneState(s: MakState): MakState {
  return {
    turn: s.turn,
    phase: s.phase,
    phaseSide: s.phaseSide,
    over: s.over,
    winner: s.winner,
    endDetail: s.endDetail,
    hex: s.hex.slice(),
    status: s.status.slice(),
    mp: s.mp.slice(),
    ammo: s.ammo.slice(),
    wdis: s.wdis.slice(),
    pfUsed: s.pfUsed.slice(),
    rkUsed: s.rkUsed.slice(),
    dfStamp: s.dfStamp.slice(),
    serial: s.serial,
    mover: s.mover,
    t3Unit: s.t3Unit,
    t3Serial: s.t3Serial,
    pendRes: s.pendRes.slice(),
    ogp: s.ogp.slice(),
    lost: s.lost.slice(),
    occ: s.occ.slice(),
    pts: s.pts.slice(),
    bLeft: s.bLeft.slice(),
    bFired: s.bFired.slice(),
    rqHex: s.rqHex.slice(),
    rqLand: s.rqLand.slice(),
    rqBat: s.rqBat.slice(),
    rqCode: s.rqCode.slice(),
    rqObs: s.rqObs.slice(),
    rqOn: s.rqOn.slice(),
    rqMine: s.rqMine.slice(),
    mine: s.mine.slice(),
    artVp: s.artVp.slice(),
    air: s.air.slice(),
    pAtk: s.pAtk.slice(),
    pDef: s.pDef.slice(),
    pVp: s.pVp.slice(),
    aPAtk: s.aPAtk.slice(),
    aPDef: s.aPDef.slice(),
    aDf: s.aDf.slice(),
    eqBomb: s.eqBomb.slice(),
    eqMissile: s.eqMissile.slice(),
    eqLaser: s.eqLaser.slice(),
    carrier: s.carrier.slice(),
    load: s.load.slice(),
    smoke: s.smoke.slice(),
    smokeSide: s.smokeSide.slice(),
    smokeLeft: s.smokeLeft.slice(),
    smokeUsed: s.smokeUsed.slice(),
    fire: s.fire.slice(),
    depotGone: s.depotGone.slice(),
    dyn: s.dyn.slice(),
    amuHex: s.amuHex.slice(),
    arsonAt: s.arsonAt.slice(),
    haul: s.haul.slice(),
    nImm: s.nImm.slice(),
    amuBy: s.amuBy.slice(),
    amuFate: s.amuFate.slice(),
    boostLeft: s.boostLeft.slice(),
    // The whole word array (its capacity included), so a clone serialises exactly like the original.
    pending: { depth: s.pending.depth, words: s.pending.words.slice() },
  };
}

/** Moves unit u to hex `to`, keeping the occupancy tables in step. */
export function placeUnit(m: Model, s: MakState, u: number, to: number): void {
  const side = m.uside[u];
  const p = m.ustack[u] === 1 ? 1 : m.ustack[u] === 2 ? 2 : 0;
  const from = s.hex[u];
  s.occ[from * 2 + side]--;
  s.pts[from * 2 + side] -= p;
  s.hex[u] = to;
  s.occ[to * 2 + side]++;
  s.pts[to * 2 + side] += p;
}

/** Removes a destroyed unit from the occupancy tables (it keeps its hex for the record). */
export function removeUnit(m: Model, s: MakState, u: number): void {
  const side = m.uside[u];
  s.occ[s.hex[u] * 2 + side]--;
  s.pts[s.hex[u] * 2 + side] -= m.ustack[u] === 1 ? 1 : m.ustack[u] === 2 ? 2 : 0;
}

/** Clears a per-phase status flag on every unit (the end of a window that used it). */
export function clearFlag(s: MakState, flag: number): void {
  for (let u = 0; u < s.status.length; u++) s.status[u] &= ~flag;
}
