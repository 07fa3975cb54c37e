/**
 * The What-if panel: pick a rules value (searchable, with its value and provenance), an option or
 * a unit swap, give a new value (absolute or relative), and the change plays against the scenario
 * as written on the same games; every side's paired change narrows live until it is answered.
 * Several what-ifs stand side by side.
 */
import type { JobInfo, PairedSide, RulesValue, WhatIfRequest } from '../api.ts';
import { agentPicker } from './agents.ts';
import { embed, slot } from './charts.ts';
import { byId, clear, h, pct, points } from './dom.ts';
import { api, errorBox, follow } from './http.ts';
import { onCatalogue, onTab, scenarioPanel } from './store.ts';

let picked: string | undefined;
let cards: HTMLElement | undefined;
let count = 0;

export function initWhatIf(): void {
  onTab('whatif', (ref) => {
    if (ref && ref !== picked) {
      picked = ref;
      void render();
    } else if (!byId('whatif').firstChild) void render();
  });
  onCatalogue(() => {
    if (byId('whatif').classList.contains('on') && !byId('whatif').firstChild) void render();
  });
}

interface Created extends JobInfo {
  readonly experiment: { readonly text: string; readonly label: string; readonly numeric: boolean; readonly current: number | null; readonly to: number | null };
}

async function render(): Promise<void> {
  const host = byId('whatif');
  clear(host);
  const onPick = (ref: string): void => {
    picked = ref;
    void render();
  };
  const panel = await scenarioPanel(host, { title: 'What if…', id: 'whatif-file', withExperiments: false, picked, prefer: () => true, onPick });
  if (!panel) return;
  picked = panel.ref;
  const d = panel.detail;
  // What to change: a rules value, an option, or a unit.
  let change: WhatIfRequest['change'] | null = null;
  const chosen = h('div', { id: 'whatif-chosen', class: 'small' }, 'Pick a rules value, an option or a unit.');
  const value = h('input', { id: 'whatif-value', type: 'text', size: 10, placeholder: '10, +2, -1, *1.1' });
  const pick = (c: WhatIfRequest['change'], words: string) => {
    change = c;
    chosen.textContent = words;
  };
  const search = h('input', { id: 'whatif-search', type: 'search', placeholder: 'search rules values (name or path)', size: 40 });
  const body = h('tbody', {});
  const fill = () => {
    clear(body);
    const q = search.value.trim().toLowerCase();
    const list = d.values.filter((v) => !q || v.path.toLowerCase().includes(q) || v.label.toLowerCase().includes(q)).slice(0, 200);
    for (const v of list) body.append(valueRow(v));
  };
  const valueRow = (v: RulesValue) => {
    const tr = h('tr', { 'data-path': v.path }, h('td', {}, v.label, h('div', { class: 'small muted' }, v.path)), h('td', { class: 'num' }, String(v.value)), h('td', {}, h('span', { class: `tag ${v.provenance}`, title: v.ref ?? '' }, v.provenance)));
    tr.addEventListener('click', () => {
      for (const r of Array.from(body.querySelectorAll('tr.picked'))) r.classList.remove('picked');
      tr.classList.add('picked');
      pick({ kind: 'value', path: v.path, value: '' }, `${v.label} (${v.path}), now ${v.value}, ${v.provenance}`);
    });
    return tr;
  };
  search.addEventListener('input', fill);
  fill();
  const option = h('select', { id: 'whatif-option' }, h('option', { value: '' }, '(an option…)'), ...d.options.map((o) => h('option', { value: o.name, title: o.description }, `${o.name} = ${o.value}`)));
  option.addEventListener('change', () => {
    const o = d.options.find((x) => x.name === option.value);
    if (o) pick({ kind: 'option', name: o.name, value: '' }, `option ${o.name}, now ${o.value}${o.values ? ` (${o.values.join(' | ')})` : ''}: ${o.description}`);
  });
  const unit = h('select', { id: 'whatif-unit' }, h('option', { value: '' }, '(a unit…)'), ...d.units.map((u, i) => h('option', { value: String(i) }, `${u.side ? u.side + ': ' : ''}${u.currentName} (${u.path.replace(/^scenario\./, '')})`)));
  unit.addEventListener('change', () => {
    const u = d.units[Number(unit.value)];
    if (u) pick({ kind: 'unit', path: u.path, value: '' }, `${u.side ? u.side + ': ' : ''}${u.currentName}; replace with one of: ${u.choices.map((c) => `${c.id} (${c.name})`).join(', ')}`);
  });
  const agents = agentPicker(d, 'whatif');
  const games = h('input', { id: 'whatif-games', type: 'text', value: '20000', size: 8 });
  const seed = h('input', { id: 'whatif-seed', type: 'text', value: String(d.seed), size: 8 });
  const go = h('button', { class: 'go', id: 'whatif-start' }, 'Play the what-if');
  const err = h('div', {});
  go.addEventListener('click', () => {
    clear(err);
    if (!change) {
      err.append(errorBox('Pick what to change first.'));
      return;
    }
    const c = { ...change, value: value.value };
    void start({ file: picked!, change: c, agents: agents.values(), games: games.value, seed: seed.value }).catch((e) => err.append(errorBox(e)));
  });
  cards = h('div', { class: 'cards-row', id: 'whatif-cards' });
  host.append(
    h('div', { class: 'form' }, h('label', {}, 'rules value', search)),
    h('div', { class: 'values' }, h('table', { id: 'whatif-values' }, h('thead', {}, h('tr', {}, h('th', {}, 'value'), h('th', { class: 'num' }, 'now'), h('th', {}, 'provenance'))), body)),
    h('div', { class: 'form' }, h('label', {}, 'or an option', option), h('label', {}, 'or a unit swap', unit)),
    chosen,
    agents.el,
    h('div', { class: 'form' }, h('label', {}, 'new value (absolute, or +2, -1, *1.1)', value), h('label', {}, 'at most games per variant', games), h('label', {}, 'seed', seed), go),
    err,
    h('p', { class: 'small muted' }, 'The change and the scenario as written play the same games (same seeds, same dice). The run stops once some side’s 95% interval excludes 0, checked after every 500 games; looking that often makes the 95% somewhat optimistic, so confirm a close call with the saved experiment.'),
    cards,
  );
}

function sideRows(sides: readonly PairedSide[]): HTMLElement[] {
  return sides.map((s) => h('tr', {}, h('td', {}, s.side === 'draws' ? 'draws' : `${s.side} wins`), h('td', { class: 'num' }, pct(s.baseline)), h('td', { class: 'num' }, pct(s.variant)), h('td', { class: 'num' }, points(s.diff)), h('td', { class: 'num' }, `${points(s.lo)} to ${points(s.hi)}`), h('td', { class: 'num' }, s.p.toPrecision(2))));
}

async function start(req: WhatIfRequest): Promise<void> {
  const job = await api<Created>('POST', '/api/whatif', req);
  const n = ++count;
  const state = h('div', { class: 'state' }, job.state);
  const progress = h('div', { class: 'progress' });
  const table = h('tbody', {});
  const answer = h('div', { class: 'answer' });
  const chart = h('div', {});
  const tools = h('div', { class: 'form' });
  const card = h(
    'div',
    { class: 'whatif', id: `whatif-${n}`, 'data-job': job.id },
    h('h3', {}, `${n}. What if ${job.experiment.label}?`),
    state,
    progress,
    h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', { class: 'num' }, 'as written'), h('th', { class: 'num' }, 'with the change'), h('th', { class: 'num' }, 'change (points)'), h('th', { class: 'num' }, '95% interval'), h('th', { class: 'num' }, 'p'))), table),
    answer,
    chart,
    tools,
  );
  cards!.prepend(card);
  const stop = h('button', { class: 'alt' }, 'Stop');
  stop.addEventListener('click', () => void api('POST', `/api/jobs/${job.id}/stop`).catch((e) => card.append(errorBox(e))));
  const save = h('button', { class: 'alt', 'data-action': 'save' }, 'Save as experiment');
  const saved = h('span', { class: 'small', 'data-saved': '' });
  save.addEventListener('click', () =>
    void api<{ path: string }>('POST', `/api/whatif/${job.id}/save`, {}).then(
      (r) => {
        saved.textContent = `saved: ${r.path}`;
        saved.dataset.saved = r.path;
      },
      (e) => card.append(errorBox(e)),
    ),
  );
  tools.append(stop, save, saved);
  if (job.experiment.numeric && job.experiment.current !== null) {
    const cur = job.experiment.current;
    const to = job.experiment.to ?? cur;
    const span = Math.max(2, Math.abs(to - cur) * 2);
    const lo = h('input', { type: 'text', size: 5, value: String(Math.round((Math.min(cur, to) - span) * 100) / 100) });
    const hi = h('input', { type: 'text', size: 5, value: String(Math.round((Math.max(cur, to) + span) * 100) / 100) });
    const evenBtn = h('button', { class: 'alt', 'data-action': 'even' }, 'Find the even value');
    const evenOut = h('div', { class: 'small' });
    evenBtn.addEventListener('click', () => void findEven(job.id, lo.value, hi.value, evenOut).catch((e) => evenOut.append(errorBox(e))));
    tools.append(h('label', {}, 'from', lo), h('label', {}, 'to', hi), evenBtn);
    card.append(evenOut);
  }
  follow(job.id, (e) => {
    if (e.type === 'state') {
      state.textContent = e.message;
      card.dataset.state = e.state;
    } else if (e.type === 'whatif') {
      progress.textContent = `${e.games.toLocaleString('en-US')} of at most ${e.total.toLocaleString('en-US')} games per variant · ${(e.elapsedMs / 1000).toFixed(1)} s`;
      clear(table);
      table.append(...sideRows([...e.sides, ...(e.draws && e.draws.baseline + e.draws.variant > 0 ? [e.draws] : [])]));
      card.dataset.games = String(e.games);
      card.dataset.sides = JSON.stringify(e.sides);
      if (e.answer) {
        answer.textContent = e.answer;
        answer.classList.toggle('yes', /^Answered/.test(e.answer));
        card.dataset.answered = 'true';
      }
      window.salvoLab.whatif.push({ t: performance.now(), job: job.id, games: e.games, ...(e.answer ? { answer: e.answer } : {}) });
      void embed(slot(chart, 'forest'), e.spec);
    } else if (e.type === 'error') card.append(errorBox(e.message));
  });
}

async function findEven(whatif: string, lo: string, hi: string, out: HTMLElement): Promise<void> {
  clear(out);
  const job = await api<JobInfo>('POST', `/api/whatif/${whatif}/even`, { lo, hi });
  const state = h('div', { class: 'state' }, job.title);
  const probes = h('ul', {});
  const msg = h('div', { class: 'answer' });
  const chart = h('div', {});
  out.append(state, probes, msg, chart);
  follow(job.id, (e) => {
    if (e.type === 'state') state.textContent = e.message;
    else if (e.type === 'probe') probes.append(h('li', {}, `${e.value}: ${pct(e.p)} (${pct(e.lo)}–${pct(e.hi)}) over ${e.games.toLocaleString('en-US')} games, ${e.status}`));
    else if (e.type === 'even') {
      msg.textContent = e.message;
      out.append(h('div', { class: 'small' }, 'Confirm with: ', h('code', {}, e.confirm)));
      void embed(slot(chart, 'curve'), e.spec);
    } else if (e.type === 'report') out.append(h('div', { class: 'small' }, h('a', { href: e.url, target: '_blank' }, 'the balance report')));
    else if (e.type === 'error') out.append(errorBox(e.message));
  });
}
