/**
 * What keeps the lab safe by default (issue 23 item 5):
 *  - it listens on 127.0.0.1 only unless --host is given, and then every request needs the random
 *    access token printed in the URL (given once as ?token=, then kept in a same-site cookie);
 *  - a request whose Host is not the lab's own (loopback mode: DNS rebinding) is refused;
 *  - a request that changes anything (POST) must come from the lab's own page: its Origin must be
 *    the lab's, and a browser's Sec-Fetch-Site must not say cross-site, so a page elsewhere in the
 *    user's browser cannot drive it;
 *  - files are read and written only inside the folder it was given: a path is resolved against
 *    the folder, and refused when it (or a symbolic link on it) leads outside.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { InputError } from '../core/errors.ts';

export const TOKEN_COOKIE = 'salvo_lab';

export interface GuardOptions {
  /** The port the server listens on (Host and Origin must name it). */
  readonly port: () => number;
  /** True when bound to loopback only: the Host must be a loopback name. */
  readonly loopback: boolean;
  /** The access token (required on every request) when bound beyond loopback. */
  readonly token?: string;
}

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

function sameToken(given: string | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A refusal: JSON with a message the page shows (never a stack trace). */
function refuse(status: 403 | 421, message: string): Response {
  return new Response(JSON.stringify({ error: message }), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export function guard(o: GuardOptions): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('host') ?? '';
    const port = String(o.port());
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host);
    if (!m || (m[2] ?? '80') !== port) return refuse(421, `refused: the request names host '${host.slice(0, 80)}', not this lab (port ${port})`);
    if (o.loopback && !LOOPBACK_NAMES.has(m[1].toLowerCase())) return refuse(421, `refused: host '${m[1].slice(0, 80)}' is not this computer (the lab listens on 127.0.0.1 only; start it with --host to open it to the network)`);
    if (o.token) {
      const given = c.req.query('token');
      if (sameToken(given, o.token)) setCookie(c, TOKEN_COOKIE, o.token, { httpOnly: true, sameSite: 'Strict', path: '/' });
      else if (!sameToken(getCookie(c, TOKEN_COOKIE), o.token)) return refuse(403, 'refused: this lab needs its access token (open the URL printed by salvo lab, with ?token=...)');
    }
    const method = c.req.method.toUpperCase();
    const site = c.req.header('sec-fetch-site');
    if (site === 'cross-site' && c.req.path.startsWith('/api/')) return refuse(403, 'refused: a request from another site');
    if (method !== 'GET' && method !== 'HEAD') {
      const origin = c.req.header('origin');
      if (origin !== `http://${host}`) return refuse(403, `refused: a ${method} from ${origin ? `origin '${origin.slice(0, 80)}'` : 'no origin'}; only the lab's own page (http://${host}) may change anything`);
    }
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'no-referrer');
    c.header('x-frame-options', 'SAMEORIGIN');
    await next();
  };
}

/**
 * A path given by the page, resolved inside `folder`; an InputError naming `what` when it is
 * absolute, climbs out with '..', or leads outside through a symbolic link. The file need not
 * exist (a file to write): its nearest existing parent is checked.
 */
export function insideFolder(folder: string, given: string, what = 'file'): string {
  const root = realpathSync(folder);
  const bad = (message: string) => new InputError('request', [{ path: what, message }]);
  if (typeof given !== 'string' || given === '' || given.includes('\0')) throw bad('expected a path inside the lab folder');
  if (isAbsolute(given) || /^[a-zA-Z]:[\\/]/.test(given)) throw bad(`'${given.slice(0, 120)}' is an absolute path; the lab reads and writes only inside its folder ${root}`);
  const full = resolve(root, given);
  const rel = relative(root, full);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw bad(`'${given.slice(0, 120)}' is outside the lab folder ${root}`);
  // Symbolic links: the real path of the nearest existing ancestor must stay inside.
  let probe = full;
  while (!existsSync(probe)) probe = dirname(probe);
  const real = realpathSync(probe);
  if (real !== root && !real.startsWith(root + sep)) throw bad(`'${given.slice(0, 120)}' leads outside the lab folder ${root} (through a symbolic link)`);
  return full;
}

/** `folder` joined with a relative path known to be safe (built by the lab itself). */
export function inFolder(folder: string, ...parts: string[]): string {
  return join(realpathSync(folder), ...parts);
}
