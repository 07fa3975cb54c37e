/**
 * The lab's HTTP server (Hono, on Node's http server through @hono/node-server): the page and
 * its assets (the built page modules and vega, vega-lite, vega-embed from node_modules: no CDN),
 * a JSON API over what the CLI calls, server-sent events for live jobs, and the folder's report
 * files. Every request passes the guard (guard.ts); bad input is answered 400 with the CLI's
 * message, any other failure 500 with one line, never a stack trace.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { InputError } from '../core/errors.ts';
import type { LabEvent } from './api.ts';
import { guard } from './guard.ts';
import { errorText, Jobs } from './jobs.ts';
import { oddsAnswer, oddsSystems, printCards } from './odds.ts';
import { pageHtml, LAB_CSS } from './page-shell.ts';
import { preparePlay, type LabSettings } from './play.ts';
import { catalogue, PACKAGE_ROOT, scenarioDetail } from './scenarios.ts';
import { insideFolder } from './guard.ts';
import { bodyObject, checkString, evenRequest, oddsRequest, playRequest, whatIfRequest } from './inputs.ts';
import { prepareEven, prepareWhatIf, saveExperiment, type PreparedWhatIf } from './whatif.ts';

export interface ServerOptions extends LabSettings {
  readonly port: () => number;
  readonly loopback: boolean;
  readonly token?: string;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.pdf': 'application/pdf',
  '.yaml': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The built page modules (tsc of src/lab/page into dist/lab/page). */
function pageDir(): string {
  return join(PACKAGE_ROOT, 'dist', 'lab', 'page');
}

function vegaBuild(pkg: string, file: string): string {
  let dir = dirname(fileURLToPath(import.meta.resolve(pkg)));
  for (let i = 0; i < 5; i++) {
    try {
      return readFileSync(join(dir, 'build', file), 'utf8');
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error(`cannot find ${pkg}/build/${file}`);
}

const VEGA: Readonly<Record<string, readonly [string, string]>> = {
  'vega.min.js': ['vega', 'vega.min.js'],
  'vega-lite.min.js': ['vega-lite', 'vega-lite.min.js'],
  'vega-embed.min.js': ['vega-embed', 'vega-embed.min.js'],
};
const vegaCache = new Map<string, string>();

function json(c: Context, body: object, status: 200 | 201 | 400 | 404 | 409 | 500 = 200): Response {
  return c.json(body, status);
}

export function createApp(o: ServerOptions): { app: Hono; jobs: Jobs } {
  const app = new Hono();
  const jobs = new Jobs();
  const whatifs = new Map<string, PreparedWhatIf>();
  const folder = realpathSync(o.folder);

  app.use('*', guard({ port: o.port, loopback: o.loopback, token: o.token }));

  app.onError((e, c) => {
    if (e instanceof InputError) return json(c, { error: e.message }, 400);
    if (e instanceof SyntaxError) return json(c, { error: `request: body: expected JSON (${e.message.slice(0, 120)})` }, 400);
    return json(c, { error: `internal error: ${errorText(e)}` }, 500);
  });
  app.notFound((c) => json(c, { error: `not found: ${c.req.path.slice(0, 200)}` }, 404));

  // The page and its assets.
  app.get('/', (c) => c.html(pageHtml(folder), 200, { 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'" }));
  app.get('/assets/lab.css', (c) => c.body(LAB_CSS, 200, { 'content-type': TYPES['.css'] }));
  app.get('/assets/vega/:file', (c) => {
    const f = c.req.param('file');
    const src = VEGA[f];
    if (!src) return json(c, { error: `not found: ${f.slice(0, 80)}` }, 404);
    let text = vegaCache.get(f);
    if (text === undefined) vegaCache.set(f, (text = vegaBuild(src[0], src[1])));
    return c.body(text, 200, { 'content-type': TYPES['.js'], 'cache-control': 'max-age=3600' });
  });
  app.get('/assets/page/:file', (c) => {
    const f = c.req.param('file');
    if (!/^[a-z-]+\.js$/.test(f)) return json(c, { error: 'not found' }, 404);
    let text: string;
    try {
      text = readFileSync(join(pageDir(), f), 'utf8');
    } catch {
      return json(c, { error: `not found: ${f} (the page is built by npm ci / npm run build into dist/lab/page)` }, 404);
    }
    return c.body(text, 200, { 'content-type': TYPES['.js'] });
  });

  // Scenarios.
  app.get('/api/scenarios', (c) => json(c, { folder, scenarios: catalogue(folder) }));
  app.get('/api/scenario', (c) => json(c, scenarioDetail(folder, checkString('file', c.req.query('file'), 1000))));

  // Jobs and their live events.
  app.get('/api/jobs', (c) => json(c, { jobs: jobs.list() }));
  const jobOf = (c: Context) => {
    const job = jobs.get(c.req.param('id') ?? '');
    if (!job) throw new InputError('request', [{ path: 'job', message: `no job '${String(c.req.param('id')).slice(0, 20)}'` }]);
    return job;
  };
  app.post('/api/jobs/:id/stop', (c) => {
    const job = jobOf(c);
    jobs.stop(job);
    return json(c, job.info());
  });
  app.post('/api/jobs/:id/resume', (c) => {
    const job = jobOf(c);
    if (job.state !== 'stopped') throw new InputError('request', [{ path: 'job', message: `job ${job.id} is ${job.state}; only a stopped job resumes` }]);
    jobs.resume(job);
    return json(c, job.info());
  });
  app.get('/api/jobs/:id/events', (c) => {
    const job = jobOf(c);
    return streamSSE(c, async (stream) => {
      let open = true;
      const queue: LabEvent[] = [];
      let wake: (() => void) | null = null;
      const off = job.subscribe((e) => {
        queue.push(e);
        wake?.();
      });
      stream.onAbort(() => {
        open = false;
        off();
        wake?.();
      });
      while (open) {
        while (queue.length) await stream.writeSSE({ event: 'lab', data: JSON.stringify(queue.shift()) });
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 15_000); // a comment line keeps idle proxies from closing the stream
        });
        wake = null;
        if (open && !queue.length) await stream.write(': keep-alive\n\n');
      }
    });
  });

  // Play.
  app.post('/api/play', async (c) => {
    const req = playRequest(bodyObject(await c.req.json()));
    const p = preparePlay(o, req);
    const job = jobs.submit('play', p.key, p.title, p.body);
    return json(c, job.info(), 201);
  });

  // What if.
  app.post('/api/whatif', async (c) => {
    const req = whatIfRequest(bodyObject(await c.req.json()));
    const w = prepareWhatIf(o, req);
    const job = jobs.submit('whatif', w.key, w.title, w.body);
    whatifs.set(job.id, w);
    return json(c, { ...job.info(), experiment: { text: w.experiment.text, label: w.change.label, numeric: !!w.change.rulesPath, current: w.change.from ?? null, to: w.change.to ?? null } }, 201);
  });
  const whatifOf = (c: Context) => {
    const w = whatifs.get(c.req.param('id') ?? '');
    if (!w) throw new InputError('request', [{ path: 'job', message: 'no what-if with this id' }]);
    return w;
  };
  app.post('/api/whatif/:id/save', async (c) => {
    const w = whatifOf(c);
    const body = bodyObject(await c.req.json().catch(() => ({})));
    const name = body.name === undefined || body.name === '' ? undefined : checkString('name', body.name, 80);
    const file = saveExperiment(folder, w, name);
    return json(c, { file, path: file.slice(folder.length + 1) }, 201);
  });
  app.post('/api/whatif/:id/even', async (c) => {
    const w = whatifOf(c);
    const e = prepareEven(o, w, evenRequest(bodyObject(await c.req.json())));
    const job = jobs.submit('even', e.key, e.title, e.body);
    return json(c, job.info(), 201);
  });

  // Odds.
  app.get('/api/odds/systems', (c) => json(c, { systems: oddsSystems() }));
  app.post('/api/odds', async (c) => json(c, oddsAnswer(folder, oddsRequest(bodyObject(await c.req.json())))));
  app.post('/api/cards', async (c) => json(c, printCards(folder, oddsRequest(bodyObject(await c.req.json()))), 201));

  // Files of the folder (reports, card sheets, saved experiments): read only, inside the folder.
  app.get('/files/*', (c) => {
    const rel = c.req.path.slice('/files/'.length).split('/').map((s) => decodeURIComponent(s)).join('/');
    const file = insideFolder(folder, rel, 'file');
    let size: number;
    try {
      const st = statSync(file);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
    } catch {
      return json(c, { error: `not found: ${rel.slice(0, 200)}` }, 404);
    }
    if (size > 64 << 20) return json(c, { error: 'file too large to show' }, 400);
    // A report or card sheet is an offline page: it may run its own inline script, never fetch.
    return c.body(readFileSync(file), 200, { 'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream', 'content-security-policy': "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:" });
  });

  return { app, jobs };
}
