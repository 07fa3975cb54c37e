/**
 * A deep read-only view of an observation, for the battery: an agent that writes to any part of
 * what it observes throws, naming the path it wrote. A Proxy, not Object.freeze: systems may build
 * observations over their live state (mgv shares its arrays for speed and says "do not mutate");
 * freezing those would freeze the state itself, while a view leaves the system free and catches
 * only the agent. Views are cached per object, so identity is kept (o.units === o.units).
 */
export class ObservationMutated extends Error {}

const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'fill', 'copyWithin', 'reverse', 'sort', 'setUint8', 'setInt32', 'setFloat64']);

export function readOnlyView<T>(value: T, label: string): T {
  const views = new WeakMap<object, object>();
  // Paths are built only when a view is first made or a write is caught, never on a read: agents
  // read observations in their hot loops, and the battery plays hundreds of such games.
  const wrap = (v: unknown, pathOf: () => string): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const hit = views.get(v);
    if (hit) return hit;
    const real = v as object;
    const child = (x: unknown, k: string | symbol): unknown => (x === null || typeof x !== 'object' ? x : views.get(x) ?? wrap(x, () => `${pathOf()}.${String(k)}`));
    const builtin = ArrayBuffer.isView(real) || real instanceof Map || real instanceof Set || real instanceof Date;
    const deny = (what: string): never => {
      throw new ObservationMutated(`${label}: an agent mutated its observation (${what} ${pathOf()}${writer()})`);
    };
    // The proxy's target is an empty shadow, so the real object's own invariants (frozen
    // properties) never constrain what the traps return.
    const shadow: object = Array.isArray(real) ? [] : {};
    const view = new Proxy(shadow, {
      get(_, k) {
        const x: unknown = Reflect.get(real, k, real);
        if (typeof x === 'function') {
          if (!builtin) return x;
          if (typeof k === 'string' && MUTATORS.has(k)) return () => deny(`${k}() on`);
          return x.bind(real);
        }
        return child(x, k);
      },
      set: (_, k) => deny(`assignment to ${String(k)} of`),
      defineProperty: (_, k) => deny(`definition of ${String(k)} on`),
      deleteProperty: (_, k) => deny(`deletion of ${String(k)} from`),
      setPrototypeOf: () => deny('setPrototypeOf on'),
      preventExtensions: () => deny('preventExtensions on'),
      has: (_, k) => Reflect.has(real, k),
      ownKeys: () => Reflect.ownKeys(real),
      getPrototypeOf: () => Reflect.getPrototypeOf(real),
      getOwnPropertyDescriptor(_, k) {
        const d = Reflect.getOwnPropertyDescriptor(real, k);
        if (d === undefined) return undefined;
        if (Array.isArray(real) && k === 'length') return { value: d.value, writable: true, enumerable: false, configurable: false };
        if ('value' in d) return { value: child(d.value, k), writable: false, enumerable: d.enumerable, configurable: true };
        return { ...d, configurable: true };
      },
    });
    views.set(real, view);
    return view;
  };
  return wrap(value, () => 'observation') as T;
}

/** ", written at file:line" of the first stack frame outside this file (who wrote). */
function writer(): string {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  for (const f of frames) {
    if (f.includes('read-only.ts')) continue;
    const m = /\(?((?:file:\/\/)?[^()\s]+:\d+):\d+\)?\s*$/.exec(f);
    if (m) return `, written at ${m[1].replace(/^.*?\/(src|test)\//, '$1/')}`;
  }
  return '';
}
