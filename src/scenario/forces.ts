/**
 * What each side fields, read from a validated scenario block without asking the system: every
 * list named `units` or `aircraft` under a side (or `units` with a `side` field on each unit), each unit by its kind
 * (`tank`, `model`, `type`, `profile`) shown with the rules data's display name when the data has
 * a record of that id, times its `count`, with its `character`/`pilot`/`hero` and `weapon` when it
 * names one. Systems without units in their block (the duel, the set-up generator) give none.
 */

export interface SideForces {
  readonly side: string;
  readonly units: readonly string[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const KIND_KEYS = ['tank', 'model', 'type', 'profile', 'unit', 'kind'] as const;
const WITH_KEYS = ['character', 'pilot', 'hero', 'officer'] as const;
/** The lists under a side that hold what it fields (Ma.K's aircraft fly beside its units). */
const LIST_KEYS = ['units', 'aircraft'] as const;

/** The display name of an id in the rules data: a record of that id in any top-level collection with a name. */
function displayName(id: string, data: unknown): string {
  if (isRec(data)) {
    for (const coll of Object.values(data)) {
      const r = isRec(coll) ? coll[id] : undefined;
      if (isRec(r)) for (const k of ['name', 'label', 'short']) if (typeof r[k] === 'string' && (r[k] as string).length > 1) return r[k] as string;
    }
  }
  return id;
}

function unitWords(u: Rec, data: unknown): string | undefined {
  const kindKey = KIND_KEYS.find((k) => typeof u[k] === 'string');
  if (!kindKey) return undefined;
  const name = displayName(u[kindKey] as string, data);
  const extras: string[] = [];
  for (const k of WITH_KEYS) {
    const w = u[k];
    const id = typeof w === 'string' ? w : isRec(w) && typeof w.id === 'string' ? w.id : undefined;
    if (id) extras.push(displayName(id, data));
  }
  if (typeof u.weapon === 'string') extras.push(displayName(u.weapon, data));
  const count = typeof u.count === 'number' && u.count > 1 ? ` ×${u.count}` : '';
  return `${name}${count}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

/** Each side's units, in the order of `sides` (the compiled game's side names); [] when the block has no units. */
export function sideForces(body: unknown, data: unknown, sides: readonly string[]): SideForces[] {
  const bySide = new Map<string, string[]>();
  const add = (side: string, words: string | undefined) => {
    if (!words) return;
    const list = bySide.get(side) ?? [];
    list.push(words);
    bySide.set(side, list);
  };
  const sideOf = (key: string, holder: Rec): string => {
    const named = [holder.name, holder.id].find((x): x is string => typeof x === 'string');
    const byName = named !== undefined ? sides.find((s) => s.toLowerCase() === named.toLowerCase()) : undefined;
    if (byName) return byName;
    const byKey = sides.find((s) => s.toLowerCase() === key.toLowerCase());
    if (byKey) return byKey;
    const letter = /^[A-Z]$/.test(key) ? sides[key.charCodeAt(0) - 65] : /^\d+$/.test(key) ? sides[Number(key)] : undefined;
    return letter ?? named ?? key;
  };
  if (!isRec(body)) return [];
  // Units listed under each side: sides.<key>.units or sides[i].units (and their aircraft).
  const sidesNode = body.sides;
  const entries: Array<[string, unknown]> = Array.isArray(sidesNode) ? sidesNode.map((s, i) => [String(i), s]) : isRec(sidesNode) ? Object.entries(sidesNode) : [];
  for (const [key, s] of entries) {
    if (!isRec(s)) continue;
    for (const list of LIST_KEYS) {
      const units = s[list];
      if (Array.isArray(units)) for (const u of units) if (isRec(u)) add(sideOf(key, s), unitWords(u, data));
    }
  }
  // Units listed once, each naming its side.
  if (Array.isArray(body.units)) for (const u of body.units) if (isRec(u) && typeof u.side === 'string') add(sideOf(u.side, {}), unitWords(u, data));
  const order = (s: string) => (sides.indexOf(s) < 0 ? sides.length : sides.indexOf(s));
  return [...bySide.entries()].sort((a, b) => order(a[0]) - order(b[0])).map(([side, units]) => ({ side, units: grouped(units) }));
}

/** "PKA, PKA, PKA" → "3 × PKA" (first appearance order). */
function grouped(units: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const u of units) counts.set(u, (counts.get(u) ?? 0) + 1);
  return [...counts.entries()].map(([u, n]) => (n > 1 ? `${n} × ${u}` : u));
}
