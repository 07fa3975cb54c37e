/**
 * `salvo lab [folder]`: a local web page over the same engine, where a designer changes a value
 * and watches the verdict move on the same dice. This module sits above src/app/: it calls what
 * the CLI calls (plans, execute, experiments, the balance solver, the odds and cards modules, the
 * scenario loader) and nothing below it imports it.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { InputError } from '../core/errors.ts';
import { loadAllSystems } from '../systems/index.ts';
import { newToken } from './guard.ts';
import { createApp } from './server.ts';

export interface LabOptions {
  /** The folder the lab reads scenarios from and writes reports and experiments to. */
  readonly folder: string;
  /** Port (0: any free one). Default 7357. */
  readonly port?: number;
  /** Address to listen on; anything but loopback requires the access token. Default 127.0.0.1. */
  readonly host?: string;
  /** Worker threads of each run (default: every core). */
  readonly workers?: number;
}

export interface RunningLab {
  /** The URL to open (with the access token when one is required). */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly token?: string;
  readonly folder: string;
  /** Stops every job (runs write their checkpoints) and closes the server. */
  close(): Promise<void>;
}

export const DEFAULT_PORT = 7357;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export async function startLab(o: LabOptions): Promise<RunningLab> {
  const folder = o.folder;
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new InputError('command line', [{ path: '[folder]', message: `'${folder}' is not a folder` }]);
  const root = realpathSync(folder);
  const host = o.host ?? '127.0.0.1';
  const loopback = LOOPBACK.has(host);
  const token = loopback ? undefined : newToken();
  await loadAllSystems();
  let port = 0;
  const { app, jobs } = createApp({ folder: root, workers: o.workers, port: () => port, loopback, token });
  const server: ServerType = await new Promise((ok, fail) => {
    const s = serve({ fetch: app.fetch, port: o.port ?? DEFAULT_PORT, hostname: host }, () => ok(s));
    s.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') fail(new InputError('command line', [{ path: '--port', message: `port ${o.port ?? DEFAULT_PORT} is in use on ${host}; give another with --port (0 picks a free one)` }]));
      else if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') fail(new InputError('command line', [{ path: '--host', message: `cannot listen on '${host}' (${e.code})` }]));
      else fail(e);
    });
  });
  port = (server.address() as AddressInfo).port;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${shown}:${port}/${token ? `?token=${token}` : ''}`;
  return {
    url,
    port,
    host,
    ...(token ? { token } : {}),
    folder: root,
    async close() {
      jobs.stopAll();
      await jobs.idle();
      await new Promise<void>((r) => {
        server.close(() => r());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    },
  };
}
