/** The Play panel: a run on the worker pool, its verdict and charts updating as batches arrive. */
import type { JobInfo, LabEvent } from '../api.ts';
import { agentPicker, type AgentPicker } from './agents.ts';
import { embed, slot } from './charts.ts';
import { byId, clear, h } from './dom.ts';
import { api, errorBox, follow } from './http.ts';
import { onCatalogue, onTab, scenarioPanel } from './store.ts';

let picked: string | undefined;
let unfollow: (() => void) | undefined;

export function initPlay(): void {
  onTab('play', (ref) => {
    if (ref) picked = ref;
    void render();
  });
  onCatalogue(() => {
    if (byId('play').classList.contains('on')) void render();
  });
}

async function render(): Promise<void> {
  const host = byId('play');
  clear(host);
  const onPick = (ref: string): void => {
    picked = ref;
    void render();
  };
  const panel = await scenarioPanel(host, { title: 'Play', id: 'play-file', withExperiments: true, picked, prefer: (f) => f.kind === 'scenario', onPick });
  if (!panel) return;
  picked = panel.ref;
  const d = panel.detail;
  const experiment = d.entry.kind === 'experiment';
  const agents: AgentPicker | null = experiment ? null : agentPicker(d, 'play');
  const games = h('input', { id: 'play-games', type: 'text', value: '2000', size: 8 });
  const precision = h('input', { id: 'play-precision', type: 'text', placeholder: 'e.g. 0.01', size: 8 });
  const seed = h('input', { id: 'play-seed', type: 'text', value: String(d.seed), size: 8 });
  const out = h('div', { id: 'play-out' });
  const start = h('button', { class: 'go', id: 'play-start' }, 'Play');
  start.addEventListener('click', () => void run());
  host.append(
    h('p', { class: 'muted small' }, experiment ? `An experiment: its variants, agents and games are in its file (${(d.entry.variants ?? []).join(', ')}).` : `${(d.entry.forces ?? []).map((f) => `${f.side}: ${f.units.join(', ')}`).join(' · ')}`),
    agents?.el ?? '',
    h('div', { class: 'form' }, h('label', {}, 'games', games), h('label', {}, 'or stop at a precision (±, e.g. 0.01)', precision), h('label', {}, 'seed', seed), start),
    out,
  );

  async function run(): Promise<void> {
    unfollow?.();
    clear(out);
    let job: JobInfo;
    try {
      job = await api<JobInfo>('POST', '/api/play', { file: picked, ...(agents ? { agents: agents.values() } : {}), games: precision.value.trim() ? undefined : games.value, precision: precision.value.trim() || undefined, seed: seed.value });
    } catch (e) {
      out.append(errorBox(e));
      return;
    }
    window.salvoLab.play.length = 0;
    const state = h('div', { class: 'state', id: 'play-state' }, job.title);
    const stop = h('button', { class: 'alt', id: 'play-stop' }, 'Stop');
    const resume = h('button', { class: 'alt', id: 'play-resume', disabled: true }, 'Resume');
    stop.addEventListener('click', () => void api('POST', `/api/jobs/${job.id}/stop`).catch((e) => out.append(errorBox(e))));
    resume.addEventListener('click', () => void api('POST', `/api/jobs/${job.id}/resume`).catch((e) => out.append(errorBox(e))));
    const verdict = h('div', { class: 'verdict', id: 'play-verdict', 'aria-live': 'polite' }, 'Waiting for the first batch…');
    const progress = h('div', { class: 'progress', id: 'play-progress' });
    const shape = h('p', { class: 'small', id: 'play-shape' });
    const charts = h('div', { class: 'charts', id: 'play-charts' });
    const report = h('div', { id: 'play-report' });
    out.append(h('div', {}, state, stop, ' ', resume), verdict, progress, charts, shape, report);
    let pending: Extract<LabEvent, { type: 'play' }> | null = null;
    let drawing = false;
    const draw = async () => {
      // Charts are drawn from the latest update only; the verdict text follows every update at once.
      if (drawing) return;
      drawing = true;
      while (pending) {
        const e = pending;
        pending = null;
        await Promise.all(Object.entries(e.specs).map(([k, spec]) => embed(slot(charts, k), spec)));
      }
      drawing = false;
    };
    unfollow = follow(job.id, (e) => {
      if (e.type === 'state') {
        state.textContent = e.message;
        stop.disabled = e.state !== 'running' && e.state !== 'queued';
        resume.disabled = e.state !== 'stopped';
        out.dataset.state = e.state;
      } else if (e.type === 'play') {
        verdict.textContent = e.verdict.join(' ');
        progress.textContent = `${e.games.toLocaleString('en-US')} of ${e.total.toLocaleString('en-US')} games · ${(e.elapsedMs / 1000).toFixed(1)} s · update ${e.seq}`;
        shape.textContent = e.shape.join(' ');
        window.salvoLab.play.push({ t: performance.now(), games: e.games, total: e.total, verdict: verdict.textContent });
        pending = e;
        void draw();
      } else if (e.type === 'report') {
        verdict.textContent = e.verdict.join(' ');
        verdict.dataset.final = 'true';
        clear(report);
        report.append(h('p', {}, 'The full report, saved as salvo run saves it: ', h('a', { href: e.url, target: '_blank', id: 'play-report-link' }, e.dir)), h('iframe', { class: 'report', src: e.url, title: 'report' }));
      } else if (e.type === 'error') out.append(errorBox(e.message));
    });
  }
}
