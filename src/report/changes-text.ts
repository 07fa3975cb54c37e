/** What variants change, in words: "Pz IV F2 armour front 10 → 12 (+2); option wreckage false → true". */
import { valueLabel } from '../answers/labels.ts';
import { changeText, type VariantChange } from '../scenario/changes.ts';

const key = (c: VariantChange) => `${c.kind}\u0000${c.path}\u0000${JSON.stringify(c.to)}`;

/** The words for what a change is about: a rules value by its display name, an option, a scenario path, the agents. */
export function changeSubject(c: VariantChange, data: unknown): string {
  if (c.kind === 'rules') return valueLabel(c.path, data);
  if (c.kind === 'option') return `option ${c.path}`;
  if (c.kind === 'agents') return 'agents';
  return c.path;
}

export function changeWords(c: VariantChange, data: unknown): string {
  return `${changeSubject(c, data)} ${changeText(c)}`;
}

/** Changes every variant makes alike (a `--set`, a value the whole experiment shares): said once. */
export function sharedChanges(all: ReadonlyArray<readonly VariantChange[]>): VariantChange[] {
  if (all.length < 2) return [];
  const counts = new Map<string, number>();
  for (const list of all) for (const c of new Set(list.map(key))) counts.set(c, (counts.get(c) ?? 0) + 1);
  return all[0].filter((c) => counts.get(key(c)) === all.length);
}

/**
 * Changes in words, rules values grouped under their parent ("Pz IV Ausf. F2 armour: front
 * 10 → 15 (+5), side 8 → 13 (+5)"), at most `max` groups.
 */
export function changesText(list: readonly VariantChange[], data: unknown, max = 4): string {
  const groups = new Map<string, { title?: string; items: string[] }>();
  for (const c of list) {
    const dot = c.path.lastIndexOf('.');
    if (c.kind !== 'rules' || dot < 0) {
      groups.set(`${c.kind}\u0000${c.path}`, { items: [changeWords(c, data)] });
      continue;
    }
    const parent = valueLabel(c.path.slice(0, dot), data);
    const full = valueLabel(c.path, data);
    const leaf = full.startsWith(parent + ' ') ? full.slice(parent.length + 1) : full;
    const g = groups.get(parent) ?? { title: parent, items: [] };
    g.items.push(`${leaf} ${changeText(c)}`);
    groups.set(parent, g);
  }
  const words = [...groups.values()].map((g) => (g.title ? `${g.title}: ${g.items.join(', ')}` : g.items[0]));
  return words.length > max ? `${words.slice(0, max).join('; ')}; and ${words.length - max} more` : words.join('; ');
}

/** A variant's own changes (the shared ones left out), in words; '' when it makes none. */
export function ownChangesText(list: readonly VariantChange[], shared: readonly VariantChange[], data: unknown, max = 4): string {
  const skip = new Set(shared.map(key));
  const own = list.filter((c) => !skip.has(key(c)));
  return own.length ? changesText(own, data, max) : '';
}
