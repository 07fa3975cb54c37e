/**
 * The per-game time watchdog (issue 12 item 6): a game that runs longer than a bound fails the
 * run with the scenario (variant), the run seed and the game index, instead of hanging it.
 *
 * On worker threads, each task in flight owns a slot of a shared Int32Array. As each game starts
 * the worker writes (variant, game) and bumps the slot's sequence number: three stores, nothing
 * allocated (gameStarted). The pool polls the slots; a slot whose sequence has not moved for
 * longer than the bound holds a game that is stuck (even inside one agent decision): its task is
 * aborted (piscina terminates that worker thread), every other task in flight is aborted too, and
 * the run fails with a GameTimeoutError. The time a game has run is known to within one poll.
 *
 * Inline (workers = 0) the thread that would poll is the one playing, so playBatch checks the
 * clock itself every CLOCK_EVERY decisions through playGame's afterApply hook (no hook, and no
 * cost, when the watchdog is off). That catches a game that makes decisions slowly or endlessly,
 * not one stuck inside a single decision: that needs a worker.
 */
import { SEARCH_AGENT_NAMES } from '../agents/names.ts';
import type { AgentChoice } from '../core/agent.ts';
import type { VariantSpec } from './plan.ts';

const SEARCH_AGENTS = new Set(SEARCH_AGENT_NAMES);

/** Does a side of this game search (mcts, lookahead): a game that costs hundreds of scripted ones? */
export function searches(agents: readonly AgentChoice[]): boolean {
  return agents.some((a) => SEARCH_AGENTS.has(a.name));
}

/**
 * The bound of each variant's games in ms (0: none): `searchMs` where a side searches (a skill
 * check's variant, mcts against a scripted agent), else `scriptedMs`. A search game of a large
 * scenario takes seconds on an idle machine and several times that on a slower or loaded one, so
 * one bound for both either misses a scripted game's hang for minutes or fails a sound search game.
 */
export function variantBounds(variants: readonly VariantSpec[], scriptedMs = 0, searchMs = scriptedMs): number[] {
  return variants.map((v) => (searches(v.agents) ? searchMs : scriptedMs));
}

/** Int32 words per slot: sequence number (0 = no game started yet), variant index, game index. */
export const SLOT_WORDS = 3;
/** Inline play checks the clock every this many decisions (a power of two). */
export const CLOCK_EVERY = 256;

/** How a batch task reports its games: the bound of each variant's games (0: none), and (on a worker) its slot. */
export interface GameWatch {
  readonly boundsMs: readonly number[];
  readonly slots?: Int32Array;
  readonly slot?: number;
}

/** Called by the worker as game `game` of variant `variant` starts. */
export function gameStarted(slots: Int32Array, slot: number, variant: number, game: number): void {
  const i = slot * SLOT_WORDS;
  slots[i + 1] = variant;
  slots[i + 2] = game;
  Atomics.add(slots, i, 1);
}

/** What a timed-out game was: enough to name it and to replay it. */
export interface TimedOutGame {
  readonly variant: string;
  readonly variantIndex: number;
  readonly variants: number;
  /** The scenario file of the variant (for an experiment: its base). */
  readonly file: string;
  readonly agents: readonly AgentChoice[];
  readonly seed: number | string;
  readonly game: number;
  readonly boundMs: number;
  readonly elapsedMs: number;
}

export class GameTimeoutError extends Error {
  constructor(readonly timedOut: TimedOutGame) {
    const t = timedOut;
    const where = t.variants > 1 ? `variant '${t.variant}' of ${t.file}` : t.file;
    super(`game ${t.game} of ${where} (run seed ${t.seed}) was still running after ${seconds(t.elapsedMs)} s, over the per-game bound of ${seconds(t.boundMs)} s`);
    this.name = 'GameTimeoutError';
  }
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

export function timedOut(variants: readonly VariantSpec[], seed: number | string, variantIndex: number, game: number, boundMs: number, elapsedMs: number): GameTimeoutError {
  const v = variants[variantIndex];
  return new GameTimeoutError({ variant: v?.name ?? `#${variantIndex}`, variantIndex, variants: variants.length, file: v?.file ?? '?', agents: v?.agents ?? [], seed, game, boundMs, elapsedMs });
}

type Fail = (e: GameTimeoutError) => void;

/** The pool side: hands out slots to tasks in flight and polls them. */
export class Watchdog {
  readonly slots: Int32Array;
  private readonly seen: Int32Array;
  private readonly since: Float64Array;
  private readonly owners: Array<Fail | undefined>;
  private readonly free: number[] = [];
  private active = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly pollMs: number;

  constructor(
    capacity: number,
    /** Per variant (0: unbounded). */
    readonly boundsMs: readonly number[],
    private readonly name: (variant: number, game: number, elapsedMs: number) => GameTimeoutError,
    pollMs?: number,
  ) {
    this.slots = new Int32Array(new SharedArrayBuffer(capacity * SLOT_WORDS * 4));
    this.seen = new Int32Array(capacity);
    this.since = new Float64Array(capacity);
    this.owners = new Array<Fail | undefined>(capacity).fill(undefined);
    for (let s = capacity - 1; s >= 0; s--) this.free.push(s);
    const tightest = Math.min(...boundsMs.filter((b) => b > 0));
    this.pollMs = pollMs ?? Math.min(1000, Math.max(20, tightest / 5));
  }

  /**
   * Runs one task under watch: `run` gets the task's GameWatch and an abort signal that fires
   * when this (or another) task times out. Rejects with the GameTimeoutError at once.
   */
  watch<T>(run: (w: GameWatch, signal: AbortSignal) => Promise<T>): Promise<T> {
    const slot = this.free.pop();
    const ac = new AbortController();
    if (slot === undefined) return run({ boundsMs: this.boundsMs }, ac.signal); // more tasks than slots: unwatched (never, with a window-sized watchdog)
    Atomics.store(this.slots, slot * SLOT_WORDS, 0);
    this.seen[slot] = 0;
    this.since[slot] = performance.now();
    this.active++;
    this.arm();
    return new Promise<T>((ok, fail) => {
      let settled = false;
      const release = () => {
        this.owners[slot] = undefined;
        this.free.push(slot);
        if (--this.active === 0) this.disarm();
      };
      this.owners[slot] = (e) => {
        if (settled) return;
        settled = true;
        release();
        ac.abort(e);
        fail(e);
      };
      run({ boundsMs: this.boundsMs, slots: this.slots, slot }, ac.signal).then(
        (v) => {
          if (settled) return;
          settled = true;
          release();
          ok(v);
        },
        (e: unknown) => {
          if (settled) return;
          settled = true;
          release();
          fail(e);
        },
      );
    });
  }

  /** One look at every slot in use (exposed for tests; the timer calls it). */
  poll(now = performance.now()): void {
    for (let s = 0; s < this.owners.length; s++) {
      if (this.owners[s] === undefined) continue;
      const i = s * SLOT_WORDS;
      const seq = Atomics.load(this.slots, i);
      if (seq === 0 || seq !== this.seen[s]) {
        // Not started yet (queued behind other tasks), or a new game since the last look.
        this.seen[s] = seq;
        this.since[s] = now;
        continue;
      }
      const bound = this.boundsMs[this.slots[i + 1]] ?? 0;
      if (bound > 0 && now - this.since[s] > bound) {
        const e = this.name(this.slots[i + 1], this.slots[i + 2], now - this.since[s]);
        // The run fails: every task in flight is stopped (their workers too), not only this one.
        for (const fail of this.owners.slice()) fail?.(e);
        return;
      }
    }
  }

  private arm(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => this.poll(), this.pollMs);
    this.timer.unref();
  }

  private disarm(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
