/**
 * The Odds panel: every mechanic of every system, its parameters as controls and house rules
 * applied; the exact table and its charts recomputed as a control changes (the time from the
 * change to the last chart drawn is shown), and "print cards" for the card sheet.
 */
import type { OddsAnswer, OddsMechanicInfo, OddsSystemInfo } from '../api.ts';
import { embed, slot } from './charts.ts';
import { byId, clear, h } from './dom.ts';
import { api, errorBox } from './http.ts';
import { label, onTab, playable } from './store.ts';

let systems: OddsSystemInfo[] | null = null;

export function initOdds(): void {
  onTab('odds', () => {
    if (!systems) void render();
  });
}

async function render(): Promise<void> {
  const host = byId('odds');
  clear(host);
  try {
    systems = (await api<{ systems: OddsSystemInfo[] }>('GET', '/api/odds/systems')).systems;
  } catch (e) {
    host.append(errorBox(e));
    return;
  }
  const sys = h('select', { id: 'odds-system' }, ...systems.map((s) => h('option', { value: s.id }, s.name)));
  const mech = h('select', { id: 'odds-mechanic' });
  const params = h('div', { class: 'form', id: 'odds-params' });
  const options = h('div', { class: 'form', id: 'odds-options' });
  const sets = h('textarea', { id: 'odds-sets', rows: 2, cols: 50, placeholder: 'house rules, one path=value a line (e.g. kinetic.dice=3)' });
  const scenario = h('select', { id: 'odds-scenario' }, h('option', { value: '' }, '(no scenario)'), ...playable(false).map((f) => h('option', { value: f.ref }, label(f))));
  const timing = h('div', { class: 'small muted', id: 'odds-timing' });
  const out = h('div', { id: 'odds-out' });
  const size = h('select', { id: 'odds-size' }, ...['poker', 'tarot', 'a6', 'a4-sheet'].map((s) => h('option', { value: s }, s)));
  const print = h('button', { class: 'alt', id: 'odds-print' }, 'Print cards');
  const printed = h('span', { class: 'small', id: 'odds-printed' });
  host.append(
    h('h2', {}, 'Odds'),
    h('div', { class: 'form' }, h('label', {}, 'system', sys), h('label', {}, 'mechanic', mech), h('label', {}, 'scenario (its house rules and forces)', scenario)),
    params,
    h('details', { id: 'odds-house-rules' }, h('summary', {}, `House rules: ${systems.find((s) => s.id === sys.value)?.options.length ?? 0} options and any rules value`), options, h('div', { class: 'form' }, h('label', {}, 'rules values', sets))),
    h('div', { class: 'form' }, h('label', {}, 'card size', size), print, printed),
    timing,
    out,
  );
  const system = () => systems!.find((s) => s.id === sys.value)!;
  const mechanic = (): OddsMechanicInfo | undefined => system().mechanics.find((m) => m.name === mech.value);
  const houseRules = (): string[] => [
    ...Array.from(options.querySelectorAll<HTMLSelectElement>('select[data-option]'))
      .filter((s) => s.value !== s.dataset.default)
      .map((s) => `options.${s.dataset.option}=${s.value}`),
    ...sets.value.split('\n').map((l) => l.trim()).filter(Boolean),
  ];
  const paramValues = (): Record<string, string> => Object.fromEntries(Array.from(params.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-param]')).map((el) => [el.dataset.param!, el.value]));
  let asked = 0;
  const recompute = async (t0: number) => {
    const m = mechanic();
    if (!m) return;
    const n = ++asked;
    let a: OddsAnswer;
    try {
      a = await api<OddsAnswer>('POST', '/api/odds', { system: sys.value, mechanic: m.name, params: paramValues(), sets: houseRules(), scenario: scenario.value });
    } catch (e) {
      if (n !== asked) return;
      clear(out);
      out.append(errorBox(e));
      return;
    }
    if (n !== asked) return; // a later change is on its way
    clear(out);
    const charts = h('div', { class: 'charts' });
    const table = h('div', {});
    table.innerHTML = a.tableHtml; // built by the server from escaped text (src/odds/html.ts)
    out.append(
      h('h3', { id: 'odds-title' }, a.title),
      a.description ? h('p', { class: 'small' }, a.description) : '',
      a.houseRules.length ? h('p', { class: 'small' }, `‡ ${a.changed} values changed by ${a.houseRules.join('; ')}`) : '',
      h('div', { class: 'odds-out' }, charts, table),
      h('p', { class: 'small muted' }, h('code', {}, a.command)),
    );
    await Promise.all(a.specs.map((s, i) => embed(slot(charts, `odds-${i}`), s)));
    const ms = performance.now() - t0;
    timing.textContent = `recomputed and drawn in ${ms.toFixed(0)} ms (the exact table and its chart specs took ${a.ms} ms on the server)`;
    window.salvoLab.odds.push({ ms, serverMs: a.ms, mechanic: m.name });
    out.dataset.ready = String(window.salvoLab.odds.length);
  };
  const changed = () => void recompute(performance.now());
  const fillParams = () => {
    clear(params);
    const m = mechanic();
    if (!m) return;
    for (const [k, p] of Object.entries(m.params)) {
      const control = p.values
        ? h('select', { 'data-param': k, id: `odds-param-${k}` }, ...p.values.map((v) => h('option', { value: String(v), selected: String(v) === String(p.default) }, String(v))))
        : h('input', { 'data-param': k, id: `odds-param-${k}`, type: typeof p.default === 'number' ? 'number' : 'text', value: String(p.default), ...(p.min !== undefined ? { min: p.min } : {}), ...(p.max !== undefined ? { max: p.max } : {}) });
      control.addEventListener('change', changed);
      if (control instanceof HTMLInputElement) control.addEventListener('input', changed);
      params.append(h('label', { title: p.description }, k, control));
    }
  };
  const fillMechanics = () => {
    clear(mech);
    for (const m of system().mechanics) mech.append(h('option', { value: m.name, title: m.description }, `${m.name}${m.needsScenario ? ' (needs a scenario)' : ''}`));
    clear(options);
    for (const o of system().options.filter((x) => x.values)) {
      const s = h('select', { 'data-option': o.name, 'data-default': String(o.value), title: o.description }, ...o.values!.map((v) => h('option', { value: String(v), selected: String(v) === String(o.value) }, String(v))));
      s.addEventListener('change', changed);
      options.append(h('label', {}, o.name, s));
    }
    fillParams();
  };
  sys.addEventListener('change', () => {
    const summary = host.querySelector('#odds-house-rules summary');
    if (summary) summary.textContent = `House rules: ${system().options.length} options and any rules value`;
    fillMechanics();
    changed();
  });
  mech.addEventListener('change', () => {
    fillParams();
    changed();
  });
  scenario.addEventListener('change', changed);
  sets.addEventListener('change', changed);
  print.addEventListener('click', () => {
    clear(printed);
    void api<{ url: string; cards: number; pages: number }>('POST', '/api/cards', { system: sys.value, mechanic: mech.value, params: paramValues(), sets: houseRules(), scenario: scenario.value, size: size.value }).then(
      (r) => {
        printed.append(`${r.cards} cards on ${r.pages} pages: `, h('a', { href: r.url, target: '_blank', id: 'odds-sheet' }, 'open the card sheet to print'));
        window.open(r.url, '_blank');
      },
      (e) => printed.append(errorBox(e)),
    );
  });
  fillMechanics();
  changed();
}
