/**
 * Words a player uses for a rules-data path: display names from the rules data instead of ids
 * ("tanks.pz4f2.guns.0.firepower" → "Pz IV Ausf. F2 gun firepower"), camelCase split into words.
 */
import { words } from '../report/text.ts';

function singular(key: string): string {
  return key.endsWith('ies') ? key.slice(0, -3) + 'y' : key.endsWith('s') && !key.endsWith('ss') ? key.slice(0, -1) : key;
}

function displayName(node: unknown): string | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const o = node as Record<string, unknown>;
  for (const k of ['name', 'label', 'title']) if (typeof o[k] === 'string' && (o[k] as string).length > 1) return o[k] as string;
  return undefined;
}

export function valueLabel(path: string, data: unknown): string {
  const keys = path.replace(/^overrides\./, '').split('.');
  const parts: string[] = [];
  let node: unknown = data;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const parentIsArray = Array.isArray(node);
    const next: unknown = parentIsArray ? (node as unknown[])[Number(k)] : node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined;
    const last = i === keys.length - 1;
    if (parentIsArray) {
      const len = (node as unknown[]).length;
      const prev = parts.pop() ?? '';
      const base = singular(prev);
      parts.push(len > 1 ? `${base} ${Number(k) + 1}` : base);
    } else {
      const name = last ? undefined : displayName(next);
      const nextIsRecordOfRecords = !last && next && typeof next === 'object' && !Array.isArray(next) && Object.values(next).some((x) => displayName(x) !== undefined);
      if (name) parts.push(name);
      else if (nextIsRecordOfRecords) {
        /* a collection ("tanks"): the record's own name follows */
      } else parts.push(words(k));
    }
    node = next;
  }
  return parts.filter(Boolean).join(' ');
}
