/**
 * Clean layers (issue 20 item 4): src/'s import graph, built from the sources, has no runtime
 * import cycle and keeps the layer rules (test/architecture/import-graph.ts):
 *   core ↛ agents, app, answers, run, report, cli, systems (nor analysis, scenario, odds);
 *   run ↛ app, answers, report, cli;  answers ↛ app, cli;  analysis ↛ answers, app, cli, report
 *   (but the leaf report/text.ts);  report ↛ app, cli;  app ↛ cli;  nothing but cli ↛ lab.
 * Known breaks owned by other branches are listed in ALLOWED with their owner; the lead empties
 * the list as those branches land (an entry that is no longer needed fails the test too).
 */
import { describe, expect, it } from 'vitest';
import { importGraph, layerViolations, parseImports, staticCycles, type ModuleImports } from './import-graph.ts';

/** Import edges that still break a rule on this branch, each with the engineer who owns the fix. */
const ALLOWED_EDGES: ReadonlyArray<{ readonly edge: string; readonly owner: string }> = [
  // none: core/agents.ts -> agents/ and run/worker.ts -> app/version.ts are gone on main.
];

/** Runtime cycles still allowed (none: Ma.K's rules/combat.ts <-> rules/fire.ts was broken on main). */
const ALLOWED_CYCLES: ReadonlyArray<{ readonly cycle: string; readonly owner: string }> = [];

const graph = importGraph();

describe('the import graph of src/', () => {
  it('reads runtime imports, not type-only ones, and sees dynamic imports apart', () => {
    const { statics, dynamics } = parseImports(
      [
        "import type { A } from './a.ts';",
        "import { type B } from './b.ts';", // emitted as `import {} from './b.js'` under verbatimModuleSyntax
        'import {',
        '  c,',
        '  type D,',
        "} from './c.ts';",
        "export type { E } from './e.ts';",
        "export { f } from './f.ts';",
        "// import { g } from './g.ts';",
        "/* import { h } from './h.ts'; */",
        "const url = 'redis://x'; import './side-effect.ts';",
        "const later = () => import('./lazy.ts');",
      ].join('\n'),
    );
    expect(statics.sort()).toEqual(['./b.ts', './c.ts', './f.ts', './side-effect.ts']);
    expect(dynamics).toEqual(['./lazy.ts']);
  });

  it('finds a cycle and a layer violation in a constructed graph', () => {
    const g = new Map<string, ModuleImports>([
      ['answers/sprt.ts', { staticImports: ['answers/subject.ts'], dynamicImports: [] }],
      ['answers/subject.ts', { staticImports: ['app/plan-file.ts'], dynamicImports: [] }],
      ['app/plan-file.ts', { staticImports: ['answers/sprt.ts'], dynamicImports: [] }],
      ['analysis/analyze.ts', { staticImports: ['report/text.ts'], dynamicImports: ['answers/probe.ts'] }],
      ['report/text.ts', { staticImports: [], dynamicImports: [] }],
      ['answers/probe.ts', { staticImports: [], dynamicImports: [] }],
    ]);
    expect(staticCycles(g)).toEqual([['answers/sprt.ts', 'answers/subject.ts', 'app/plan-file.ts']]);
    expect(layerViolations(g).map((v) => `${v.from} -> ${v.to} (${v.kind})`)).toEqual(['analysis/analyze.ts -> answers/probe.ts (dynamic)', 'answers/subject.ts -> app/plan-file.ts (static)']);
  });

  it('covers the whole of src/', () => {
    expect(graph.size).toBeGreaterThan(200);
    for (const m of ['index.ts', 'answers/sprt.ts', 'analysis/analyze.ts', 'core/play.ts', 'run/worker.ts']) expect(graph.has(m), m).toBe(true);
    // Every relative import resolves to a module of src/ (the scanner reads paths right).
    const missing = [...graph.entries()].flatMap(([m, i]) => [...i.staticImports, ...i.dynamicImports].filter((t) => !graph.has(t)).map((t) => `${m} -> ${t}`));
    expect(missing).toEqual([]);
  });

  it('has no runtime import cycle (but the allowed ones, owned by other branches)', () => {
    const cycles = staticCycles(graph).map((c) => c.join(' <-> '));
    const allowed = ALLOWED_CYCLES.map((c) => c.cycle);
    expect(cycles.filter((c) => !allowed.includes(c))).toEqual([]);
    // An allowed cycle that is gone must leave the list.
    expect(allowed.filter((c) => !cycles.includes(c))).toEqual([]);
  });

  it('keeps the layer rules (but the allowed edges, owned by other branches)', () => {
    const edges = [...new Set(layerViolations(graph).map((v) => `${v.from} -> ${v.to}`))];
    const allowed = ALLOWED_EDGES.map((e) => e.edge);
    expect(edges.filter((e) => !allowed.includes(e))).toEqual([]);
    expect(allowed.filter((e) => !edges.includes(e))).toEqual([]);
  });

  it('report/text.ts, the words every layer may use, is a leaf', () => {
    const text = graph.get('report/text.ts')!;
    expect([...text.staticImports, ...text.dynamicImports]).toEqual([]);
  });
});
