import type { Command } from 'commander';
import { nonNegativeInt, positiveInt } from '../flags.ts';

export function register(program: Command): void {
  program
    .command('worker')
    .description('serve batches of a BullMQ queue in Redis (salvo run --queue) on this machine\'s worker threads, until Ctrl-C or SIGTERM')
    .requiredOption('--redis <URL>', 'the queue\'s Redis, e.g. redis://10.0.0.5:6379')
    .option('-w, --workers <K>', 'worker threads (default: all cores)')
    .option('--lock-ms <MS>', 'job lock duration: a killed worker\'s batch is retried elsewhere after it (default 30000)')
    .action(async (o: Record<string, string | undefined>) => {
      const ac = new AbortController();
      const stop = (): void => ac.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      const workers = nonNegativeInt('--workers', o.workers);
      const { serveQueue } = await import('../../app/queue.ts'); // Redis code only in this command
      const played = await serveQueue(o.redis as string, { workers: workers || undefined, lockMs: positiveInt('--lock-ms', o.lockMs), log: (l) => process.stderr.write(l + '\n'), signal: ac.signal });
      process.stderr.write(`salvo worker: stopped after ${played} batches\n`);
    });
}
