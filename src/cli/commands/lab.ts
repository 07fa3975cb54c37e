/**
 * salvo lab [folder] [--port P] [--host H] [--workers K]: the local web page (src/lab) over the
 * same engine. Prints the URL to open; Ctrl-C stops it (a run in progress writes its checkpoint).
 */
import type { Command } from 'commander';
import { nonNegativeInt } from '../flags.ts';

export function register(program: Command): void {
  program
    .command('lab')
    .description('a local web page: pick a scenario, play it, change a value and watch the verdict move on the same dice, exact odds and cards (127.0.0.1 only unless --host)')
    .argument('[folder]', 'the folder whose scenarios it lists and where it writes reports and experiments', '.')
    .option('--port <P>', 'port to listen on (0: any free one)', '7357')
    .option('--host <H>', 'address to listen on (default 127.0.0.1); any other needs the access token printed in the URL')
    .option('-w, --workers <K>', 'worker threads of each run (default: all cores)')
    .action(async (folder: string, o: { port: string; host?: string; workers?: string }) => {
      const { startLab } = await import('../../lab/index.ts');
      const port = nonNegativeInt('--port', o.port, 65535) ?? 7357;
      const lab = await startLab({ folder, port, host: o.host, workers: nonNegativeInt('--workers', o.workers) });
      process.stdout.write(`salvo lab: ${lab.folder}\n  open ${lab.url}\n${lab.token ? `  (listening on ${lab.host}: the access token in this URL is required)\n` : ''}  Ctrl-C to stop\n`);
      await new Promise<void>((done) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          process.stderr.write('stopping the lab (runs in progress write their checkpoints)\n');
          void lab.close().then(done);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}
