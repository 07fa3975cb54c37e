/**
 * A real redis-server for the queue tests: Debian's binary on 127.0.0.1 at a free port, started and
 * stopped by the test (skipped, and said so, when the binary or the ioredis package is absent;
 * `.ci/run` sets SALVO_REQUIRE_REDIS=1, so there a missing Redis fails instead).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './bundled.ts';

const redisBinary = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
const ioredis = (() => {
  try {
    createRequire(join(ROOT, 'src', 'app', 'queue.ts')).resolve('ioredis');
    return true;
  } catch {
    return false;
  }
})();
/** Why the queue tests cannot run here ('' when they can). */
export const redisMissing = !redisBinary ? 'redis-server is not installed (scripts/setup.sh installs it)' : !ioredis ? 'the ioredis package is not installed (npm install ioredis)' : '';
export const redisRequired = !!process.env.SALVO_REQUIRE_REDIS;

/** Processes started by a test file, killed by killAll (its afterAll). */
const children: ChildProcess[] = [];

export async function killAll(): Promise<void> {
  for (const c of children.reverse()) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  children.length = 0;
  await new Promise((r) => setTimeout(r, 200));
}

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

export async function until(cond: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function listening(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const c = connect(port, '127.0.0.1', () => {
      c.end();
      ok(true);
    });
    c.on('error', () => ok(false));
  });
}

/** A redis-server on `port` (no persistence: a restart starts empty), once it listens. */
export async function startRedis(port: number): Promise<ChildProcess & { done: Promise<unknown> }> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  children.push(redis);
  const done = new Promise((ok) => redis.on('exit', ok));
  await until(() => listening(port), 10_000, 'redis-server');
  return Object.assign(redis, { done });
}

export type Launched = ChildProcess & { done: Promise<number | null>; exitedAt?: number };

/** The real `salvo` binary with these arguments; stderr into `log`, stdout into `stdout`. */
export function launch(args: string[], log: string[], stdout: string[] = log): Launched {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'salvo.js'), ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stdout!.on('data', (d) => stdout.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  const launched: Launched = Object.assign(child, { done: Promise.resolve<number | null>(null) });
  launched.done = new Promise<number | null>((ok) => child.on('exit', (c) => {
    launched.exitedAt = Date.now();
    ok(c);
  }));
  return launched;
}
