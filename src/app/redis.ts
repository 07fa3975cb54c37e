/**
 * Connections to the queue's Redis (issue 22 item 2): checked before use, reported in one line
 * naming the URL and the cause, never as an ioredis stack trace; reconnected with capped backoff,
 * one line per retry.
 */
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';
import { InputError } from '../core/errors.ts';

/** Delay before reconnection attempt `n` (1-based): 0.5 s, doubling, at most `capMs`. */
export function backoffMs(n: number, capMs = 30_000): number {
  return Math.min(capMs, 500 * 2 ** Math.min(16, Math.max(0, n - 1)));
}

/** The URL as printed: a password is replaced by ***. */
export function shownUrl(url: string): string {
  return url.replace(/^(rediss?:\/\/[^:@/]*:)[^@/]*@/, '$1***@');
}

const CAUSES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused (nothing listens there)',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'no answer (timed out)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
};

/** Why a connection failed, in words (the error's code in brackets). */
export function redisCause(e: unknown): string {
  const code = typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
  if (code && CAUSES[code]) return `${CAUSES[code]} (${code})`;
  const message = e instanceof Error ? e.message : String(e);
  if (/NOAUTH|WRONGPASS|invalid password|invalid username-password/i.test(message)) return `authentication failed (${message.split('\n')[0]})`;
  return message.split('\n')[0] || 'unknown error';
}

/** ioredis (CommonJS), loaded only by the queue commands: nothing else in salvo needs Redis. */
function ioredis(): typeof Redis {
  try {
    const req = createRequire(import.meta.url);
    const mod: typeof import('ioredis') = req('ioredis');
    return mod.Redis;
  } catch {
    throw new InputError('command line', [{ path: '--queue', message: 'the queue needs the ioredis package (npm install ioredis)' }]);
  }
}

export function checkUrl(url: string, flag: string): void {
  if (!/^rediss?:\/\/[^\s]+$/.test(url)) throw new InputError('command line', [{ path: flag, message: `expected a redis://host:port URL, got '${url}'` }]);
}

export interface ClientOptions {
  /** Called once per reconnection attempt with its number, its delay and the cause of the loss. */
  readonly onRetry?: (attempt: number, delayMs: number, cause: string) => void;
  /** Called when the connection is ready again after a loss. */
  readonly onBack?: () => void;
  readonly capMs?: number;
}

/**
 * An ioredis client that never prints: its errors are kept for the retry line; it reconnects
 * with capped backoff. Duplicates (`dup`) share the backoff and stay silent.
 */
export class RedisLink {
  readonly client: Redis;
  private lastError: unknown;
  private down = false;
  private attempts = 0;
  private readonly extra: Redis[] = [];
  constructor(
    readonly url: string,
    private readonly opts: ClientOptions = {},
  ) {
    const Client = ioredis();
    const retryStrategy = (times: number): number => backoffMs(times, opts.capMs);
    this.client = new Client(url, { maxRetriesPerRequest: null, enableReadyCheck: true, retryStrategy, connectTimeout: 5_000, disconnectTimeout: 200 } satisfies RedisOptions);
    this.client.on('error', (e: unknown) => (this.lastError = e));
    this.client.on('reconnecting', (delay: number) => {
      this.down = true;
      this.attempts++;
      opts.onRetry?.(this.attempts, delay, redisCause(this.lastError ?? 'connection lost'));
    });
    this.client.on('ready', () => {
      if (this.down) opts.onBack?.();
      this.down = false;
      this.attempts = 0;
    });
  }
  /** Whether the main connection is lost (between its close and its next ready). */
  get lost(): boolean {
    return this.down || this.client.status === 'reconnecting' || this.client.status === 'end';
  }
  /** A silent duplicate (its errors swallowed: the main client reports). */
  dup(): Redis {
    const d = this.client.duplicate();
    d.on('error', () => {});
    this.extra.push(d);
    return d;
  }
  /** Closes every connection at once, without waiting for Redis (which may not answer). */
  disconnect(): void {
    for (const c of [this.client, ...this.extra]) c.disconnect(false);
  }
  /** Closes politely when Redis answers within `ms`, else at once. */
  async close(ms = 1_000): Promise<void> {
    const all = [this.client, ...this.extra];
    await within(Promise.allSettled(all.map((c) => c.quit())), ms);
    this.disconnect();
  }
}

/**
 * Null when Redis at `url` answers PING within `timeoutMs`, else the cause in words. One attempt,
 * no retry, nothing printed.
 */
export async function probeRedis(url: string, timeoutMs = 5_000): Promise<string | null> {
  const Client = ioredis();
  const c = new Client(url, { lazyConnect: true, retryStrategy: () => null, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, enableOfflineQueue: false, enableReadyCheck: true, disconnectTimeout: 200 });
  let last: unknown;
  c.on('error', (e: unknown) => (last = e));
  const timer = new AbortController();
  const late = sleep(timeoutMs + 500, timer.signal).then(() => {
    if (!timer.signal.aborted) throw Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' });
  });
  try {
    await Promise.race([c.connect().then(() => c.ping()), late]);
    return null;
  } catch (e) {
    return redisCause(last ?? e);
  } finally {
    timer.abort();
    if (c.status !== 'end') c.disconnect(false);
  }
}

/** `--queue URL` at the start of a run: an unreachable Redis is an error of the command line (exit 2). */
export async function requireRedis(url: string, flag: string): Promise<void> {
  checkUrl(url, flag);
  const why = await probeRedis(url);
  if (why) throw new InputError('command line', [{ path: flag, message: `cannot reach Redis at ${shownUrl(url)}: ${why}` }]);
}

/**
 * Waits until Redis answers, retrying with capped backoff and one line per retry; false when the
 * signal stopped the wait first (at once, whatever Redis does).
 */
export async function waitForRedis(url: string, opts: { readonly signal?: AbortSignal; readonly log: (line: string) => void; readonly who: string; readonly capMs?: number }): Promise<boolean> {
  for (let attempt = 1; !opts.signal?.aborted; attempt++) {
    const why = await Promise.race([probeRedis(url), sleep(Infinity, opts.signal).then(() => 'stopped')]);
    if (why === null) return true;
    if (opts.signal?.aborted) return false;
    const wait = backoffMs(attempt, opts.capMs);
    opts.log(`${opts.who}: cannot reach Redis at ${shownUrl(url)}: ${why}; retrying in ${seconds(wait)} s (attempt ${attempt})`);
    await sleep(wait, opts.signal);
  }
  return false;
}

export function seconds(ms: number): string {
  return ms % 1000 === 0 ? String(ms / 1000) : (ms / 1000).toFixed(1);
}

/** Waits for `p`, or `ms` at most (its timer cleared either way, so it never holds the process). */
export async function within(p: Promise<unknown>, ms: number): Promise<void> {
  const timer = new AbortController();
  try {
    await Promise.race([p, sleep(ms, timer.signal)]);
  } finally {
    timer.abort();
  }
}

/**
 * Resolves after `ms` (Infinity: never) or as soon as the signal aborts; its timer is cleared then,
 * so a stopped wait never keeps the process alive.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((r) => {
    if (signal?.aborted) return r();
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    signal?.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      r();
    }
  });
}
