/** What the panels share: the catalogue, the scenario picked, and switching tabs. */
import type { ScenarioDetail, ScenarioEntry } from '../api.ts';
import { h } from './dom.ts';
import { api, errorBox } from './http.ts';

let entries: ScenarioEntry[] = [];
const listeners: Array<() => void> = [];

export async function loadCatalogue(): Promise<ScenarioEntry[]> {
  const r = await api<{ folder: string; scenarios: ScenarioEntry[] }>('GET', '/api/scenarios');
  entries = r.scenarios;
  for (const l of listeners) l();
  return entries;
}

export function catalogue(): readonly ScenarioEntry[] {
  return entries;
}

export function onCatalogue(l: () => void): void {
  listeners.push(l);
}

/** Playable files: valid scenarios (and, for Play, experiments). */
export function playable(withExperiments: boolean): ScenarioEntry[] {
  return entries.filter((e) => !e.errors && (withExperiments || e.kind === 'scenario'));
}

export function label(e: ScenarioEntry): string {
  return `${e.systemName ?? e.system ?? '?'} · ${e.name ?? e.path}${e.origin === 'folder' ? ' (your folder)' : ''}${e.kind === 'experiment' ? ' [experiment]' : ''}`;
}

/**
 * A panel's heading and scenario menu (a change calls `onPick`, which re-renders the panel), then the
 * picked file's details; undefined when nothing is playable or the file fails to load (the error is shown).
 */
export async function scenarioPanel(
  host: HTMLElement,
  o: { title: string; id: string; withExperiments: boolean; picked: string | undefined; prefer: (e: ScenarioEntry) => boolean; onPick: (ref: string) => void },
): Promise<{ ref: string; detail: ScenarioDetail } | undefined> {
  const files = playable(o.withExperiments);
  const ref = o.picked ?? (files.find((f) => f.origin === 'bundled' && o.prefer(f)) ?? files[0])?.ref;
  const select = h('select', { id: o.id, 'aria-label': 'scenario' }, ...files.map((f) => h('option', { value: f.ref, selected: f.ref === ref }, label(f))));
  select.addEventListener('change', () => o.onPick(select.value));
  host.append(h('h2', {}, o.title), h('div', { class: 'form' }, h('label', {}, 'scenario', select)));
  if (!ref) return undefined;
  try {
    return { ref, detail: await api<ScenarioDetail>('GET', `/api/scenario?file=${encodeURIComponent(ref)}`) };
  } catch (e) {
    host.append(errorBox(e));
    return undefined;
  }
}

const tabListeners = new Map<string, (ref?: string) => void>();

export function onTab(tab: string, l: (ref?: string) => void): void {
  tabListeners.set(tab, l);
}

export function showTab(tab: string, ref?: string): void {
  for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('nav.tabs button'))) b.classList.toggle('on', b.dataset.tab === tab);
  for (const p of Array.from(document.querySelectorAll<HTMLElement>('section.panel'))) p.classList.toggle('on', p.id === tab);
  tabListeners.get(tab)?.(ref);
}
