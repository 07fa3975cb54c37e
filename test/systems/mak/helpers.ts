/** Test helpers: compile an inline Ma.K scenario, inject dice, act by readable action. */
import { optionDefaults } from '../../../src/core/options.ts';
import { Rng } from '../../../src/core/rng/rng.ts';
import type { PlayContext } from '../../../src/core/system.ts';
import { Tally } from '../../../src/core/tally.ts';
import { stripProvenance } from '../../../src/core/tables/provenance.ts';
import { rulesData } from '../../../src/systems/mak/data/index.ts';
import { compile, type MakGame } from '../../../src/systems/mak/engine.ts';
import { options, type MakOptions } from '../../../src/systems/mak/options.ts';
import { rulesSchema, scenarioSchema, type RulesData } from '../../../src/systems/mak/schema.ts';
import type { MakState } from '../../../src/systems/mak/state.ts';
import type { DecisionContext } from '../../../src/core/agent.ts';
import { parseAgentChoice } from '../../../src/core/agent.ts';
import { createAgent } from '../../../src/agents/resolve.ts';
import type { MakObservation } from '../../../src/systems/mak/observe.ts';
import { system } from '../../../src/systems/mak/index.ts';

/** Dice that come from a script; running out of script is a test failure. */
export class ScriptedDice extends Rng {
  queue: number[] = [];
  constructor() {
    super([1, 2, 3, 4]);
  }
  override die(_sides: number): number {
    const v = this.queue.shift();
    if (v === undefined) throw new Error('scripted dice: out of dice');
    return v;
  }
  override int(n: number): number {
    return this.die(n) - 1;
  }
}

export function defaultData(): RulesData {
  return rulesSchema.parse(stripProvenance(rulesData)) as RulesData;
}

export interface Setup {
  game: MakGame;
  s: MakState;
  dice: ScriptedDice;
  ctx: PlayContext;
  log: string[];
  /** Unit index by id. */
  u(id: string): number;
  hex(id: string): number;
  /** Legal actions, described. */
  legal(): string[];
  /** Applies the legal action whose description starts with `text` (exactly one must match). */
  act(text: string, ...dice: number[]): void;
  has(text: string): boolean;
}

type UnitIn = { id: string; type: string; at: string; pilot?: string; role?: string; arrives?: number; airdrop?: boolean };
type SideIn = UnitIn[] | { units: UnitIn[]; artillery?: Array<{ id: string; type: string; rounds: number; perTurn: number }>; aircraft?: Array<{ id: string; type: string; pilot?: string; suit?: string; equipment?: string[]; arrives?: number }> };
export interface Units {
  mercenary: SideIn;
  strahl: SideIn;
}

export function setup(units: Units, o: { opts?: Partial<Record<keyof MakOptions, unknown>>; data?: (d: RulesData) => void; map?: Record<string, unknown>; first?: 'mercenary' | 'strahl'; turns?: number; night?: boolean; setupDice?: number[] } = {}): Setup {
  const data = defaultData();
  o.data?.(data);
  const body = scenarioSchema.parse({
    turns: o.turns ?? 6,
    night: o.night ?? false,
    firstPlayer: o.first ?? 'mercenary',
    attackingPlayer: 'mercenary',
    map: { cols: 10, rows: 8, ...(o.map ?? {}) },
    sides: {
      mercenary: Array.isArray(units.mercenary) ? { units: units.mercenary } : units.mercenary,
      strahl: Array.isArray(units.strahl) ? { units: units.strahl } : units.strahl,
    },
  });
  const opt = { ...optionDefaults(options), ...(o.opts ?? {}) } as MakOptions;
  const game = compile(data, body, opt);
  const dice = new ScriptedDice();
  const log: string[] = [];
  const ctx: PlayContext = { dice, tally: new Tally(game.metrics), log: (l) => log.push(l) };
  dice.queue.push(...(o.setupDice ?? []));
  const s = game.newGame(dice, ctx);
  if (dice.queue.length) throw new Error(`unused set-up dice ${dice.queue}`);
  const buf = new Int32Array(game.maxActions);
  const st: Setup = {
    game, s, dice, ctx, log,
    u: (id) => {
      const i = game.E.m.uid.indexOf(id);
      if (i < 0) throw new Error(`no unit ${id}`);
      return i;
    },
    hex: (id) => game.E.m.grid.indexOfId(id),
    legal() {
      const n = game.legalActions(s, buf);
      return Array.from(buf.slice(0, n), (a) => game.describeAction(s, a));
    },
    has: (text) => st.legal().some((d) => d.startsWith(text)),
    act(text, ...d) {
      const n = game.legalActions(s, buf);
      const hits = Array.from(buf.slice(0, n)).filter((a) => game.describeAction(s, a).startsWith(text));
      if (hits.length !== 1) throw new Error(`'${text}' matches ${hits.length} of: ${st.legal().join(' | ')}`);
      dice.queue.push(...d);
      game.apply(s, hits[0], ctx);
      if (dice.queue.length) throw new Error(`unused dice ${dice.queue} after '${text}'`);
    },
  };
  return st;
}

/** What a new agent `name` (a choice with parameters) chooses for the side to act, described. */
export function agentChoice(t: Setup, name: string): string {
  const g = t.game;
  const side = g.currentSide(t.s);
  const legal = new Int32Array(g.maxActions);
  const n = g.legalActions(t.s, legal);
  const agent = createAgent(system, g, side, parseAgentChoice(name));
  const ctx: DecisionContext<MakObservation, MakState> = {
    side,
    legal,
    n,
    rng: new Rng([1, 2, 3, 4]),
    observe: () => g.observe(t.s, side),
    describe: (a) => g.describeAction(t.s, a),
    determinize: () => g.clone(t.s),
  };
  return g.describeAction(t.s, agent.decide(ctx));
}
