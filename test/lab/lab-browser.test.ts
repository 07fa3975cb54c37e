/**
 * salvo lab in a real Chromium (Debian's, through playwright-core), the lab started in this
 * process on a free loopback port:
 *  - the page lists the bundled scenarios (and the folder's, a broken one with its file:line);
 *  - a 2,000-game run's verdict appears and updates at least three times before the end, and the
 *    finished run equals `salvo run` for the same seed and games;
 *  - a what-if on the Fake Battle (Pz IV F2 firepower +3) shows a paired interval equal to
 *    `salvo experiment` of the saved experiment on the same seeds;
 *  - an odds control change re-renders within 100 ms (median of five changes);
 *  - no request of the page leaves loopback;
 *  - a cross-origin POST, a path outside the folder and a malformed value are refused with
 *    messages; `--host 0.0.0.0` without the token is refused.
 * Screenshots of each page go to $SALVO_LAB_SHOTS (default: a temporary folder).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLab, type RunningLab } from '../../src/lab/index.ts';
import { CHROMIUM, FLAGS } from '../helpers/browser.ts';
import { salvo } from '../helpers/cli.ts';

const folder = mkdtempSync(join(tmpdir(), 'salvo-lab-'));
mkdirSync(join(folder, 'mine'));
writeFileSync(join(folder, 'mine', 'broken.yaml'), 'system: duel\nid: broken\nname: Broken\nscenario:\n  sides: [A, B]\n  bogus: 3\n');
const shots = process.env.SALVO_LAB_SHOTS ?? mkdtempSync(join(tmpdir(), 'salvo-lab-shots-'));
mkdirSync(shots, { recursive: true });

let lab: RunningLab;
let browser: Browser;
let page: Page;
const requests: string[] = [];
const errors: string[] = [];
const FAKE = 'bundled:scenarios/panzervor/fake-battle.yaml';

beforeAll(async () => {
  lab = await startLab({ folder, port: 0 });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(lab.url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
});

afterAll(async () => {
  await browser?.close();
  await lab?.close();
});

describe('salvo lab in Chromium', () => {
  it('lists the bundled scenarios by system, and a folder file that does not validate with its lines', async () => {
    const refs = await page.$$eval('table.scenarios tr[data-ref]', (rows) => rows.map((r) => r.getAttribute('data-ref')));
    for (const f of ['panzervor/fake-battle.yaml', 'mgv/sample-duel.yaml', 'at43/sector55.yaml', 'mak/forest-ridge.yaml', 'duel/high-noon.yaml', 'ww2setup/kursk-1943.yaml']) expect(refs).toContain(`bundled:scenarios/${f}`);
    expect(refs.length).toBeGreaterThanOrEqual(24 + 1);
    expect(await page.textContent('tr[data-ref="mine/broken.yaml"]')).toMatch(/broken\.yaml:6: scenario\.bogus: unknown key 'bogus'/);
    expect(await page.textContent(`tr[data-ref="${FAKE}"]`)).toMatch(/Team A: Pz IV Ausf\. F2 \(Miho Nishizumi\)/);
    await page.screenshot({ path: join(shots, 'scenarios.png'), fullPage: false });
  });

  it('plays 2,000 games: the verdict updates at least three times before the end and equals salvo run', async () => {
    await page.click(`tr[data-ref="${FAKE}"] button:has-text("Play")`);
    await page.waitForSelector('#play-start');
    await page.fill('#play-games', '2000');
    await page.fill('#play-seed', '1');
    const t0 = Date.now();
    await page.click('#play-start');
    await page.waitForSelector('#play-verdict[data-final="true"]', { timeout: 240_000 });
    const log = await page.evaluate<Array<{ t: number; games: number; total: number; verdict: string }>>('window.salvoLab.play');
    const before = log.filter((u) => u.games < u.total);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(new Set(before.map((u) => u.verdict)).size).toBeGreaterThanOrEqual(3); // the sentence itself changes
    const first = log[0].t;
    console.log(`play: ${log.length} live updates over ${((log.at(-1)!.t - first) / 1000).toFixed(1)} s after the first (${((Date.now() - t0) / 1000).toFixed(1)} s from the click to the report); games at each: ${log.map((u) => u.games).join(', ')}; gaps ms: ${log.slice(1).map((u, i) => Math.round(u.t - log[i].t)).join(', ')}`);
    const final = (await page.textContent('#play-verdict'))!;
    // The same run from the command line: same seed, same games.
    const cli = salvo(['run', 'scenarios/panzervor/fake-battle.yaml', '--games', '2000', '--seed', '1', '--json', '--no-progress', '--out', join(folder, 'cli-run')]);
    expect(cli.code, cli.stderr).toBe(0);
    const want = JSON.parse(cli.stdout) as { verdict: string[]; variants: unknown[]; command: string };
    const got = JSON.parse(readFileSync(join(folder, 'reports', 'fake-battle', 'summary.json'), 'utf8')) as typeof want;
    expect(final).toBe(want.verdict.join(' '));
    expect(got.verdict).toEqual(want.verdict);
    expect(got.variants).toEqual(want.variants);
    expect(got.command).toBe(want.command);
    await page.waitForSelector('#play-report iframe');
    await page.screenshot({ path: join(shots, 'play.png'), fullPage: false });
  }, 300_000);

  it('a what-if on the Fake Battle (Pz IV F2 firepower +3): the paired interval equals salvo experiment on the same seeds', async () => {
    await page.click('nav.tabs button[data-tab="whatif"]');
    await page.waitForSelector('#whatif-search');
    await page.selectOption('#whatif-file', FAKE);
    await page.waitForSelector('#whatif-values tr[data-path="tanks.pz4f2.guns.0.firepower"]');
    await page.fill('#whatif-search', 'firepower');
    await page.click('#whatif-values tr[data-path="tanks.pz4f2.guns.0.firepower"]');
    await page.fill('#whatif-value', '+3');
    await page.fill('#whatif-games', '2000');
    await page.fill('#whatif-seed', '1');
    await page.click('#whatif-start');
    await page.waitForSelector('.whatif[data-state="done"]', { timeout: 240_000 });
    const card = page.locator('.whatif').first();
    const games = Number(await card.getAttribute('data-games'));
    const sides = JSON.parse((await card.getAttribute('data-sides'))!) as Array<{ side: string; diff: number; lo: number; hi: number; p: number }>;
    const answer = await card.locator('.answer').textContent();
    console.log(`what-if: ${answer}`);
    await card.locator('button[data-action="save"]').click();
    await card.locator('span[data-saved]:not([data-saved=""])').waitFor();
    const saved = (await card.locator('span[data-saved]').getAttribute('data-saved'))!;
    expect(saved).toMatch(/^experiments\/whatif-fake-battle-pz4f2-firepower-10\.yaml$/);
    const cli = salvo(['experiment', saved, '--games', String(games), '--seed', '1', '--json', '--no-progress', '--out', join(folder, 'cli-exp')], { cwd: folder });
    expect(cli.code, cli.stderr).toBe(0);
    const variant = (JSON.parse(cli.stdout) as { variants: Array<{ comparisons?: Array<{ measure: string; diff: number; lo: number; hi: number }> }> }).variants[1];
    for (const s of sides) {
      const c = variant.comparisons!.find((m) => m.measure === `${s.side} wins`)!;
      expect(s.diff).toBeCloseTo(c.diff, 12);
      expect(s.lo).toBeCloseTo(c.lo, 12);
      expect(s.hi).toBeCloseTo(c.hi, 12);
    }
    expect(sides[0].lo > 0 || sides[0].hi < 0).toBe(true); // answered: Team A's interval excludes 0
    await page.screenshot({ path: join(shots, 'whatif.png'), fullPage: true });
  }, 300_000);

  it('an odds control change re-renders the exact table and chart within 100 ms', async () => {
    await page.click('nav.tabs button[data-tab="odds"]');
    await page.waitForSelector('#odds-out[data-ready]', { timeout: 60_000 });
    await page.selectOption('#odds-system', 'mgv');
    await page.waitForFunction('window.salvoLab.odds.some((o) => o.mechanic === "kinetic")', null, { timeout: 60_000 });
    for (const v of ['9', '10', '11', '12', '8', '9']) {
      const n = await page.evaluate<number>('window.salvoLab.odds.length');
      await page.fill('#odds-param-attack', v);
      await page.waitForFunction(`window.salvoLab.odds.length > ${n}`, null, { timeout: 30_000 });
    }
    expect(await page.textContent('#odds-out')).toMatch(/Kinetic fire/);
    const all = await page.evaluate<Array<{ ms: number; serverMs: number }>>('window.salvoLab.odds.slice(-5)');
    const ms = all.map((x) => x.ms).sort((a, b) => a - b);
    // 100 ms on this machine when it is not shared; when other processes keep more than every core
    // busy (load average above the core count) the bound grows with the load, and says so.
    const load = Math.max(1, loadavg()[0] / availableParallelism());
    const bound = Number(process.env.SALVO_LAB_ODDS_MS ?? 100) * load;
    console.log(`odds: five control changes re-rendered in ${ms.map((x) => x.toFixed(0)).join(', ')} ms (server ${all.map((x) => x.serverMs).join(', ')} ms); median bound ${bound.toFixed(0)} ms${load > 1 ? ` (load ${load.toFixed(1)}x the cores)` : ''}`);
    expect(ms[2]).toBeLessThan(bound);
    await page.screenshot({ path: join(shots, 'odds.png'), fullPage: false });
  }, 120_000);

  it('no request of the page left loopback, and nothing failed on the page', () => {
    const origin = `http://127.0.0.1:${lab.port}/`;
    expect(requests.length).toBeGreaterThan(10);
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('refuses a cross-origin POST, a path outside the folder and a malformed value, with messages', async () => {
    const base = `http://127.0.0.1:${lab.port}`;
    const post = (origin: string, body: unknown) => fetch(`${base}/api/play`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const cross = await post('http://evil.example', { file: FAKE });
    expect(cross.status).toBe(403);
    expect(((await cross.json()) as { error: string }).error).toMatch(/^refused: a POST from origin 'http:\/\/evil\.example'/);
    const out = await fetch(`${base}/api/scenario?file=${encodeURIComponent('../../etc/passwd')}`);
    expect(out.status).toBe(400);
    expect(((await out.json()) as { error: string }).error).toMatch(/^request: file: '\.\.\/\.\.\/etc\/passwd' is outside the lab folder/);
    const malformed = await post(base, { file: FAKE, games: '2,000 please' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toBe("request: games: expected a whole number from 1 to 1000000000, got '2,000 please'");
  });

  it('--host 0.0.0.0: every request without the token is refused', async () => {
    const open = await startLab({ folder, port: 0, host: '0.0.0.0' });
    try {
      expect(open.token).toMatch(/^[\w-]{32}$/);
      expect(open.url).toBe(`http://127.0.0.1:${open.port}/?token=${open.token}`);
      for (const path of ['/', '/api/scenarios', '/assets/page/main.js']) {
        const r = await fetch(`http://127.0.0.1:${open.port}${path}`);
        expect(r.status, path).toBe(403);
        expect(((await r.json()) as { error: string }).error).toMatch(/needs its access token/);
      }
      const ok = await fetch(open.url);
      expect(ok.status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
