/**
 * Seeded mutations of scenario and experiment files for the hostile-input fuzz test. Each case
 * says whether the file MUST be rejected ('reject') or may go either way ('either').
 */
import { parse, stringify } from 'yaml';

export interface FuzzCase {
  readonly name: string;
  readonly text: string;
  readonly expect: 'reject' | 'either';
}

/** mulberry32: a small seeded generator (test-only; the product's randomness is src/core/rng). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Node = Record<string, unknown> | unknown[];
type Path = Array<string | number>;

function paths(data: unknown): { maps: Path[]; leaves: Array<{ path: Path; value: unknown }> } {
  const maps: Path[] = [];
  const leaves: Array<{ path: Path; value: unknown }> = [];
  const walk = (v: unknown, p: Path): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...p, i]));
    else if (v && typeof v === 'object') {
      maps.push(p);
      for (const [k, x] of Object.entries(v)) walk(x, [...p, k]);
    } else leaves.push({ path: p, value: v });
  };
  walk(data, []);
  return { maps, leaves };
}

function getAt(root: unknown, p: Path): unknown {
  return p.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], root);
}

function setAt(root: unknown, p: Path, value: unknown): void {
  const parent = getAt(root, p.slice(0, -1)) as Record<string | number, unknown>;
  parent[p[p.length - 1]] = value;
}

function deleteAt(root: unknown, p: Path): void {
  const parent = getAt(root, p.slice(0, -1)) as Node;
  const k = p[p.length - 1];
  if (Array.isArray(parent)) parent.splice(Number(k), 1);
  else delete parent[k as string];
}

/** Adds an own property even when the key is '__proto__'. */
function defineKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'a.__proto__.polluted', '__proto__.polluted', 'constructor.prototype.polluted', 'x.constructor.y'];

export function mutations(original: string, isExperiment: boolean, seed: number, count: number): FuzzCase[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const base = parse(original) as Record<string, unknown>;
  const { maps, leaves } = paths(base);
  const numeric = leaves.filter((l) => typeof l.value === 'number');
  const out: FuzzCase[] = [];
  const doc = (): Record<string, unknown> => structuredClone(base);
  const yaml = (d: unknown): string => stringify(d, { aliasDuplicateObjects: false });

  const kinds: Array<() => FuzzCase | undefined> = [
    () => {
      const d = doc();
      d[pick(['optionz', 'scenarios', 'sytem', 'overide', 'run2', 'variant'])] = 1;
      return { name: 'unknown top-level key', text: yaml(d), expect: 'reject' };
    },
    () => {
      const d = doc();
      const at = pick(maps);
      const key = pick(PROTO_KEYS);
      defineKey(getAt(d, at) as Record<string, unknown>, key, pick([{ polluted: 'yes' }, 'yes', 1, { prototype: { polluted: 1 } }]));
      return { name: `prototype key '${key}' at ${at.join('.') || 'top'}`, text: yaml(d), expect: 'reject' };
    },
    () => {
      if (!numeric.length) return undefined;
      const d = doc();
      const l = pick(numeric);
      setAt(d, l.path, pick([NaN, Infinity, -Infinity]));
      return { name: `non-finite number at ${l.path.join('.')}`, text: yaml(d), expect: 'reject' };
    },
    () => {
      const d = doc();
      const bad = pick([1e12, -5, 2.5, 0, '100', 2 ** 53 + 2, 1e300]);
      if (isExperiment) d.games = bad;
      else d.run = { ...((d.run as object) ?? {}), games: bad };
      return { name: `games ${bad}`, text: yaml(d), expect: 'reject' };
    },
    () => {
      const lines = original.split('\n');
      const first = lines.findIndex((l) => /^[a-z]+:/.test(l));
      return { name: 'duplicate top-level key', text: [...lines.slice(0, first + 1), lines[first], ...lines.slice(first + 1)].join('\n'), expect: 'reject' };
    },
    () => ({ name: 'alias bomb', text: `${original}\nbomb0: &a0 [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 9 }, (_, i) => `bomb${i + 1}: &a${i + 1} [${new Array(10).fill(`*a${i}`).join(', ')}]`).join('\n')}\n`, expect: 'reject' }),
    () => ({ name: 'deep nesting', text: `${original}\ndeep: ${'['.repeat(3000)}${']'.repeat(3000)}\n`, expect: 'reject' }),
    () => ({ name: 'deep mapping', text: `${original}\ndeep:\n${Array.from({ length: 60 }, (_, i) => `${' '.repeat(2 * i + 2)}k${i}:`).join('\n')} 1\n`, expect: 'reject' }),
    () => {
      const d = doc();
      d.description = 'x'.repeat(pick([30_000, 2_000_000]));
      return { name: 'huge string', text: yaml(d), expect: 'reject' };
    },
    () => ({ name: 'not a mapping', text: pick(['- a\n- b\n', '', 'just text\n', '42\n', 'null\n', '~\n', '\u0000\u0001\u0002binary\u00ff']), expect: 'reject' }),
    () => {
      if (isExperiment) return undefined;
      const d = doc();
      d.system = pick(['panzervor2', 'MGV', '', 'constructor', 'toString', 'x'.repeat(5000)]);
      return { name: `unknown system`, text: yaml(d), expect: 'reject' };
    },
    () => {
      const l = pick(leaves);
      const d = doc();
      setAt(d, l.path, pick(['text', [], {}, true, null, -1, 0, 1, 2 ** 31, 2 ** 31 - 1, 1.5, 1e9, -1e9, 'x'.repeat(300)]));
      return { name: `random value at ${l.path.join('.')}`, text: yaml(d), expect: 'either' };
    },
    () => {
      const l = pick(leaves);
      const d = doc();
      deleteAt(d, l.path);
      return { name: `deleted ${l.path.join('.')}`, text: yaml(d), expect: 'either' };
    },
    () => {
      const chars = [...original];
      for (let i = 0; i < 3; i++) chars[Math.floor(r() * chars.length)] = pick([':', '-', '[', '{', '&', '*', '!', '"', '\t', '\n', '#', '%', '@', '|', '>', 'Z']);
      return { name: 'corrupted characters', text: chars.join(''), expect: 'either' };
    },
    () => ({ name: 'truncated', text: original.slice(0, Math.floor(r() * original.length)), expect: 'either' }),
    () => {
      const d = doc();
      const key = isExperiment ? 'variants' : 'overrides';
      if (isExperiment) d.variants = [{ name: 'v', overrides: { [pick(['__proto__.polluted', 'constructor.prototype.polluted', 'a.b.c.d'])]: 1 } }];
      else d.overrides = { [pick(['__proto__.polluted', 'constructor.prototype.polluted', 'prototype', 'nope.nope', ''])]: 1 };
      return { name: `bad ${key} path`, text: yaml(d), expect: 'reject' };
    },
    () => {
      if (!isExperiment) return undefined;
      const d = doc();
      const v = pick([
        { grid: [{ tag: 't', set: pick(['overrides.__proto__.polluted', 'options.constructor', 'patch.__proto__.x', 'agents.__proto__']), values: [1, 2] }] },
        { variants: [{ name: 'v', agents: [{ name: 'random', params: { ['__proto__']: 1 } }, 'random'] }] },
        { variants: [{ name: 'v', patch: { '__proto__.polluted': 1 } }] },
        { variants: [{ name: 'v', options: { constructor: 1 } }] },
        { variants: [{ name: 'v', tags: { prototype: 'x' } }] },
      ]);
      const agentsParams = (v as { variants?: Array<{ agents?: Array<{ params?: Record<string, unknown> }> }> }).variants?.[0]?.agents?.[0]?.params;
      if (agentsParams) {
        delete agentsParams.__proto__;
        defineKey(agentsParams, '__proto__', 1);
      }
      Object.assign(d, v);
      return { name: `experiment prototype vector ${JSON.stringify(Object.keys(v))}`, text: yaml(d), expect: 'reject' };
    },
    () => {
      if (!isExperiment) return undefined;
      const d = doc();
      d.grid = Array.from({ length: 8 }, (_, i) => ({ tag: `t${i}`, set: `options.o${i}`, values: Array.from({ length: 10 }, (_, j) => j) }));
      return { name: 'grid of 8 axes x 10 values', text: yaml(d), expect: 'reject' };
    },
  ];
  let guard = 0;
  while (out.length < count && guard++ < count * 10) {
    const c = pick(kinds)();
    if (c) out.push(c);
  }
  return out;
}
