/**
 * The lab without a browser: its guard (Host, Origin, token, paths confined to the folder), bad
 * input answered with the CLI's file:line-style messages, the catalogue (sides, forces by display
 * name, placeholder share, a broken file's lines), relative values, and the what-if's paired
 * sides equal to the experiment analysis's comparisons. Requests go to the Hono app directly.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/lab/server.ts';
import { insideFolder } from '../../src/lab/guard.ts';
import { catalogue } from '../../src/lab/scenarios.ts';
import { newValue, pairedSides } from '../../src/lab/whatif.ts';
import { liveBatchSize, preparePlay } from '../../src/lab/play.ts';
import { Jobs } from '../../src/lab/jobs.ts';
import { runScenario } from '../../src/app/execute.ts';
import { pairedDiff } from '../../src/analysis/paired.ts';
import { ROOT } from '../helpers/bundled.ts';

const folder = mkdtempSync(join(tmpdir(), 'salvo-lab-unit-'));
mkdirSync(join(folder, 'mine'));
writeFileSync(join(folder, 'mine', 'noon.yaml'), readFileSync(join(ROOT, 'scenarios', 'duel', 'high-noon.yaml'), 'utf8'));
writeFileSync(join(folder, 'mine', 'broken.yaml'), 'system: duel\nid: broken\nname: Broken\nscenario:\n  sides: [A, B]\n  bogus: 3\n');
writeFileSync(join(folder, 'notes.yaml'), 'shopping: [eggs]\n');
const outside = mkdtempSync(join(tmpdir(), 'salvo-lab-outside-'));
writeFileSync(join(outside, 'secret.yaml'), 'system: duel\n');
symlinkSync(outside, join(folder, 'link'));

const PORT = 7411;
const { app } = createApp({ folder, port: () => PORT, loopback: true, workers: 0 });
const base = `http://127.0.0.1:${PORT}`;
const same = { origin: base, 'content-type': 'application/json' };

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: { error?: string } & Record<string, unknown> }> {
  const res = await app.request(`${base}${path}`, { ...init, headers: { host: `127.0.0.1:${PORT}`, ...(init.headers ?? {}) } });
  return { status: res.status, body: (await res.json()) as { error?: string } & Record<string, unknown> };
}

describe('the guard', () => {
  it('refuses a cross-origin POST, a missing Origin, and a foreign Host (DNS rebinding), with a message', async () => {
    const evil = await call('/api/play', { method: 'POST', headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, body: JSON.stringify({ file: 'mine/noon.yaml' }) });
    expect(evil.status).toBe(403);
    expect(evil.body.error).toMatch(/refused: a POST from origin 'http:\/\/evil\.example'; only the lab's own page/);
    const none = await call('/api/play', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(none.status).toBe(403);
    const site = await call('/api/scenarios', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(site.status).toBe(403);
    const res = await app.request(`${base}/api/scenarios`, { headers: { host: `rebound.example:${PORT}` } });
    expect(res.status).toBe(421);
    expect(((await res.json()) as { error: string }).error).toMatch(/is not this computer/);
  });

  it('with --host, every request needs the token (given once, then a same-site cookie)', async () => {
    const { app: open } = createApp({ folder, port: () => PORT, loopback: false, token: 'secret-token-123' });
    const h = { host: `10.1.2.3:${PORT}` };
    const no = await open.request(`http://10.1.2.3:${PORT}/api/scenarios`, { headers: h });
    expect(no.status).toBe(403);
    expect(((await no.json()) as { error: string }).error).toMatch(/needs its access token/);
    const wrong = await open.request(`http://10.1.2.3:${PORT}/?token=secret-token-124`, { headers: h });
    expect(wrong.status).toBe(403);
    const yes = await open.request(`http://10.1.2.3:${PORT}/?token=secret-token-123`, { headers: h });
    expect(yes.status).toBe(200);
    const cookie = yes.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/salvo_lab=secret-token-123;.*HttpOnly.*SameSite=Strict/i);
    const after = await open.request(`http://10.1.2.3:${PORT}/api/scenarios`, { headers: { ...h, cookie: cookie.split(';')[0] } });
    expect(after.status).toBe(200);
  });

  it('reads only inside the folder: absolute paths, .. and symbolic links out are refused', async () => {
    const why: Record<string, RegExp> = { '../x.yaml': /is outside the lab folder/, '/etc/passwd': /is an absolute path/, 'mine/../../x.yaml': /is outside the lab folder/, 'link/secret.yaml': /leads outside the lab folder .* \(through a symbolic link\)/ };
    for (const [bad, message] of Object.entries(why)) {
      const r = await call(`/api/scenario?file=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.error, bad).toMatch(/^request: file: /);
      expect(r.body.error, bad).toMatch(message);
    }
    const files = await call('/files/..%2F..%2Fetc%2Fpasswd');
    expect(files.status).toBe(400);
    expect(() => insideFolder(folder, 'reports/new/report.html')).not.toThrow();
    const bundled = await call(`/api/scenario?file=${encodeURIComponent('bundled:../package.json')}`);
    expect(bundled.body.error).toMatch(/is not a bundled scenario or experiment/);
  });

  it('answers bad input with the CLI’s messages, never a stack trace', async () => {
    const games = await call('/api/play', { method: 'POST', headers: same, body: JSON.stringify({ file: 'mine/noon.yaml', games: 'lots' }) });
    expect(games).toMatchObject({ status: 400, body: { error: "request: games: expected a whole number from 1 to 1000000000, got 'lots'" } });
    const agent = await call('/api/play', { method: 'POST', headers: same, body: JSON.stringify({ file: 'mine/noon.yaml', agents: ['patient', 'nobody'] }) });
    expect(agent.status).toBe(400);
    expect(agent.body.error).toMatch(/--agents\.1: unknown agent 'nobody'/);
    const value = await call('/api/whatif', { method: 'POST', headers: same, body: JSON.stringify({ file: 'mine/noon.yaml', change: { kind: 'value', path: 'target', value: 'seven' } }) });
    expect(value.status).toBe(400);
    expect(value.body.error).toMatch(/whatif-noon-target-seven\.yaml:\d+: variants\.1\.overrides\.target: .*expected a number, got "seven"/);
    const json = await call('/api/play', { method: 'POST', headers: same, body: '{not json' });
    expect(json.status).toBe(400);
    for (const r of [games, agent, value, json]) expect(r.body.error).not.toMatch(/\n\s+at /);
  });
});

describe('the catalogue', () => {
  it('lists each bundled file once when the folder is salvo itself (npx salvo lab in a clone)', () => {
    const list = catalogue(ROOT);
    const refs = list.map((e) => e.ref);
    expect(refs.length).toBeGreaterThanOrEqual(24);
    expect(refs.filter((r, i) => refs.indexOf(r) !== i)).toEqual([]);
    expect(list.filter((e) => e.path.endsWith('scenarios/mgv/cover-2v2.yaml'))).toHaveLength(1);
  });

  it('lists the bundled files and the folder’s (not other YAML), with sides, forces, source, placeholders, and a broken file’s lines', () => {
    const list = catalogue(folder);
    expect(list.filter((e) => e.origin === 'bundled').length).toBeGreaterThanOrEqual(24);
    expect(list.some((e) => e.path === 'notes.yaml')).toBe(false);
    const fake = list.find((e) => e.path === 'scenarios/panzervor/fake-battle.yaml')!;
    expect(fake).toMatchObject({ system: 'panzervor', sides: ['Team A', 'Team B'], kind: 'scenario' });
    expect(fake.forces).toEqual([
      { side: 'Team A', units: ['Pz IV Ausf. F2 (Miho Nishizumi)', 'StuG III Ausf. F (Saori Takebe)'] },
      { side: 'Team B', units: ['M4 (Yukari Akiyama)', 'Sherman Firefly (Hana Isuzu)'] },
    ]);
    expect(fake.placeholders!.count).toBeGreaterThan(0);
    expect(fake.source).toMatch(/^seed 001_/);
    const broken = list.find((e) => e.path === 'mine/broken.yaml')!;
    expect(broken.errors!.join('\n')).toMatch(/broken\.yaml:6: scenario\.bogus: unknown key 'bogus'/);
    expect(list.find((e) => e.path === 'experiments/panzervor-firepower.yaml')).toMatchObject({ kind: 'experiment', variants: expect.arrayContaining(['firepower=7,teamA=marksman']) });
  });
});

describe('what if', () => {
  it('relative values: +2, -1, *1.1 (rounded on a whole value), =-1 absolute', () => {
    expect(newValue(7, '+2').value).toBe(9);
    expect(newValue(7, '-1').value).toBe(6);
    expect(newValue(7, '*1.1')).toMatchObject({ value: 8, words: expect.stringMatching(/rounded/) });
    expect(newValue(0.5, '*1.1').value).toBe(0.55);
    expect(newValue(7, '=-1').value).toBe(-1);
    expect(newValue(7, '12').value).toBe(12);
    expect(() => newValue('x', '+1')).toThrow(/needs a numeric value/);
  });

  it('paired sides are the analysis’s paired differences, with McNemar’s p on the discordant games', () => {
    // baseline outcome × variant outcome: 0 = A won, 1 = draw, 2 = B won
    const t = [
      [300, 5, 40],
      [2, 10, 3],
      [70, 4, 566],
    ];
    const p = pairedSides(t, ['A', 'B']);
    expect(p.sides[0]).toMatchObject({ side: 'A', diff: pairedDiff(t, 0).diff, lo: pairedDiff(t, 0).lo, hi: pairedDiff(t, 0).hi });
    expect(p.sides[1].diff).toBeCloseTo(pairedDiff(t, 2).diff, 12);
    expect(p.sides[0].diff).toBeCloseTo((72 - 45) / 1000, 12);
    expect(p.sides[0].p).toBeLessThan(0.05);
    expect(p.draws!.side).toBe('draws');
  });

  it('a live run has about twenty updates (batch size from the games)', () => {
    expect([liveBatchSize(2000), liveBatchSize(100), liveBatchSize(1e6)]).toEqual([100, 50, 500]);
  });
});

describe('jobs', () => {
  it('one job at a time per scenario: a second waits in the queue and says so, then plays', async () => {
    const jobs = new Jobs();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const a = jobs.submit('play', 'k', 'first', { run: async () => (order.push('a'), await gate, 'done') });
    const events: string[] = [];
    const b = jobs.submit('whatif', 'k', 'second', { run: async () => (order.push('b'), 'done') });
    b.subscribe((e) => e.type === 'state' && events.push(e.message));
    const c = jobs.submit('play', 'other', 'elsewhere', { run: async () => (order.push('c'), 'done') });
    await new Promise((r) => setTimeout(r, 50));
    expect(events[0]).toBe('second: queued behind "first" (one run at a time per scenario)');
    expect(b.state).toBe('queued');
    expect(order).toEqual(['a', 'c']);
    release();
    await jobs.idle();
    expect(order).toEqual(['a', 'c', 'b']);
    expect([a.state, b.state, c.state]).toEqual(['done', 'done', 'done']);
  });

  it('stop and resume: a run stopped after its first batch and resumed equals the run played through', async () => {
    const file = 'mine/noon.yaml';
    const p = preparePlay({ folder, workers: 0 }, { file, games: 3000, seed: 5 });
    const jobs = new Jobs();
    const updates: number[] = [];
    let stopped = false;
    const job = jobs.submit('play', p.key, p.title, p.body);
    job.subscribe((e) => {
      if (e.type === 'play') {
        updates.push(e.games);
        if (!stopped) {
          stopped = true;
          jobs.stop(job);
        }
      }
    });
    await jobs.idle();
    expect(job.state).toBe('stopped');
    expect(existsSync(join(folder, 'reports', 'noon', 'checkpoint.json'))).toBe(true);
    jobs.resume(job);
    await jobs.idle();
    expect(job.state).toBe('done');
    expect(updates.at(-1)).toBe(3000);
    const got = JSON.parse(readFileSync(join(folder, 'reports', 'noon', 'summary.json'), 'utf8')) as { variants: unknown; verdict: string[] };
    const whole = await runScenario({ file: join(folder, file), games: 3000, seed: 5, workers: 0 });
    const want = JSON.parse(whole.files['summary.json']) as typeof got;
    expect(got.variants).toEqual(want.variants);
    expect(got.verdict).toEqual(want.verdict);
  });
});
