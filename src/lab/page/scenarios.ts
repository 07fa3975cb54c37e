/** The Scenarios panel: every bundled scenario and every file of the folder, by system. */
import type { ScenarioEntry } from '../api.ts';
import { byId, clear, h } from './dom.ts';
import { errorBox } from './http.ts';
import { catalogue, loadCatalogue, showTab } from './store.ts';

function row(e: ScenarioEntry): HTMLElement {
  const ph = e.placeholders;
  const actions = e.errors
    ? ''
    : h('span', {}, h('button', { class: 'alt', onclick: () => showTab('play', e.ref) }, 'Play'), ' ', e.kind === 'scenario' ? h('button', { class: 'alt', onclick: () => showTab('whatif', e.ref) }, 'What if…') : '');
  return h(
    'tr',
    { 'data-ref': e.ref },
    h('td', {}, h('b', {}, e.name ?? e.path), h('div', { class: 'small muted' }, `${e.path}${e.origin === 'folder' ? ' (your folder)' : ''}${e.kind === 'experiment' ? ` · experiment: ${(e.variants ?? []).length} variants` : ''}`)),
    h('td', {}, ...(e.forces?.length ? e.forces.map((f) => h('div', {}, h('b', {}, f.side || '—'), ': ', f.units.join(', '))) : [(e.sides ?? []).join(' v ')])),
    h('td', { class: 'source', title: e.source ?? '' }, (e.source ?? '').length > 160 ? `${(e.source ?? '').slice(0, 160)}…` : (e.source ?? '')),
    h('td', { class: 'num' }, ph ? `${ph.count} of ${ph.total}` : ''),
    h('td', {}, e.errors ? h('div', { class: 'error' }, e.errors.join('\n')) : actions),
  );
}

export function renderScenarios(): void {
  const host = byId('scenarios');
  clear(host);
  const list = catalogue();
  const bySystem = new Map<string, ScenarioEntry[]>();
  for (const e of list) {
    const k = e.errors ? 'Files that do not validate' : (e.systemName ?? e.system ?? '?');
    bySystem.set(k, [...(bySystem.get(k) ?? []), e]);
  }
  host.append(
    h('p', { class: 'muted' }, `${list.filter((e) => e.origin === 'bundled').length} bundled files and ${list.filter((e) => e.origin === 'folder').length} of your folder. Placeholders: numeric rules values in play that are not from the rulebook.`),
    h('button', { class: 'alt', onclick: () => void loadCatalogue().then(renderScenarios, (e) => host.prepend(errorBox(e))) }, 'Reload'),
  );
  for (const [system, entries] of bySystem) {
    host.append(
      h('div', { class: 'sys' }, h('h3', {}, system), h('table', { class: 'scenarios' }, h('thead', {}, h('tr', {}, h('th', {}, 'scenario'), h('th', {}, 'sides and forces'), h('th', {}, 'source'), h('th', { class: 'num' }, 'placeholders'), h('th', {}, ''))), h('tbody', {}, ...entries.map(row)))),
    );
  }
}
