import type { Command } from 'commander';
import { nonNegativeInt, positiveInt } from '../flags.ts';

/** After the worker has stopped (connections closed, threads ended), the process ends within this long even if a timer of BullMQ's lingers. */
const EXIT_GRACE_MS = 500;

export function register(program: Command): void {
  program
    .command('worker')
    .description('serve batches of a BullMQ queue in Redis (salvo run --queue) on this machine\'s worker threads, until Ctrl-C or SIGTERM')
    .requiredOption('--redis <URL>', 'the queue\'s Redis, e.g. redis://10.0.0.5:6379 (an unreachable one is retried with backoff up to 30 s)')
    .option('-w, --workers <K>', 'worker threads at most (default: all cores; started as batches arrive)')
    .option('--lock-ms <MS>', 'job lock duration: a killed or stopped worker\'s batch is retried elsewhere after it (default 30000)')
    .action(async (o: Record<string, string | undefined>) => {
      const workers = nonNegativeInt('--workers', o.workers);
      const lockMs = positiveInt('--lock-ms', o.lockMs);
      // Ctrl-C / SIGTERM stop it within a few seconds, whether or not Redis answers; a second quits at once.
      const ac = new AbortController();
      const stop = (s: NodeJS.Signals): void => {
        if (ac.signal.aborted) process.exit(s === 'SIGINT' ? 130 : 143);
        process.stderr.write(`salvo worker: ${s}: stopping (a batch in flight is left to another worker)\n`);
        ac.abort();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      const { serveQueue } = await import('../../app/queue.ts'); // Redis code only in this command
      const played = await serveQueue(o.redis as string, { workers: workers || undefined, lockMs, log: (l) => process.stderr.write(l + '\n'), signal: ac.signal });
      process.stderr.write(`salvo worker: stopped after ${played} batches\n`);
      setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
    });
}
