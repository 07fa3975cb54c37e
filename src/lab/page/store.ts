/** What the panels share: the catalogue, the scenario picked, and switching tabs. */
import type { ScenarioEntry } from '../api.ts';
import { api } from './http.ts';

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

const tabListeners = new Map<string, (ref?: string) => void>();

export function onTab(tab: string, l: (ref?: string) => void): void {
  tabListeners.set(tab, l);
}

export function showTab(tab: string, ref?: string): void {
  for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('nav.tabs button'))) b.classList.toggle('on', b.dataset.tab === tab);
  for (const p of Array.from(document.querySelectorAll<HTMLElement>('section.panel'))) p.classList.toggle('on', p.id === tab);
  tabListeners.get(tab)?.(ref);
}
