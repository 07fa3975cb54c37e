/**
 * The battery can fail: each check is run on a copy of duel broken in one way, and must name the
 * defect in a sentence. (A battery that passes everything proves nothing.)
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentOf } from '../../src/core/agent.ts';
import { defineOptions } from '../../src/core/options.ts';
import type { AnySystem, CompiledGame } from '../../src/core/system.ts';
import { system as duel, type DuelObservation, type DuelState } from '../../src/systems/duel/index.ts';
import { FIRE } from '../../src/systems/duel/actions.ts';
import { odds as duelOdds } from '../../src/systems/duel/odds.ts';
import { options as duelOptions } from '../../src/systems/duel/options.ts';
import { cloneState as clone } from '../../src/systems/duel/state.ts';
import { ROOT } from '../helpers/bundled.ts';
import { conformanceChecks, missingDeterminize, type CheckName } from './battery.ts';
import { declares } from './citations.ts';
import { extras } from './registry-mock.ts';

vi.mock('../../src/systems/index.ts', async (real) => (await import('./registry-mock.ts')).withExtras(await real()));

const EMPTY = mkdtempSync(join(tmpdir(), 'salvo-battery-'));
afterAll(() => rmSync(EMPTY, { recursive: true, force: true }));
beforeEach(() => {
  extras.length = 0;
});

type Game = CompiledGame<DuelState, DuelObservation>;

/** duel with its compiled game patched (and the variant registered under duel's id). */
function broken(patch: (g: Game) => Partial<Game>, more: Partial<AnySystem> = {}): AnySystem {
  const sys: AnySystem = {
    ...duel,
    ...more,
    compile: (input) => {
      const g = duel.compile(input);
      return { ...g, ...patch(g) };
    },
  };
  extras.length = 0;
  extras.push(sys);
  return sys;
}

async function problems(sys: AnySystem, check: CheckName, opts: Parameters<typeof conformanceChecks>[1] = {}): Promise<string[]> {
  const c = conformanceChecks(sys, { workers: false, ...opts }).find((x) => x.name === check)!;
  return c.run();
}

describe('the conformance battery', () => {
  it('passes duel as it is (every check but determinism, which registry.test.ts runs on workers)', async () => {
    extras.push(duel);
    for (const c of conformanceChecks(duel, { workers: false })) if (c.name !== 'determinism') expect(await c.run(), c.name).toEqual([]);
  });

  it('scenarios, RULES.md, tests: says what a new system lacks', async () => {
    extras.push(duel);
    expect(await problems(duel, 'scenarios', { scenarioDir: EMPTY })).toEqual([`duel: no bundled scenario (add at least one under ${EMPTY}/)`]);
    expect(await problems(duel, 'rules-doc', { systemDir: EMPTY })).toEqual([expect.stringMatching(/^duel: no RULES\.md \(/)]);
    expect(await problems(duel, 'tests', { testsDir: EMPTY })).toEqual([expect.stringMatching(/^duel: no tests \(/)]);
    const sys = broken(() => ({}), { options: defineOptions({ ...duelOptions, quickDraw: { default: false, description: 'x', cite: '', kind: 'house-rule' } }) });
    expect(await problems(sys, 'rules-doc')).toEqual([
      'duel: RULES.md does not name option `quickDraw`',
      'duel: option `quickDraw` cites nothing (options.ts: the spec section, seed page or reason of its default)',
    ]);
    const moved = broken(() => ({}), { options: defineOptions({ firstPlayer: { ...duelOptions.firstPlayer, default: 'B' } }) });
    expect(await problems(moved, 'rules-doc')).toEqual(["duel: RULES.md gives option `firstPlayer` the default 'A', options.ts 'B'"]);
  });

  it('RULES.md: a cited file that does not exist, a cited name its file does not declare', async () => {
    extras.push(duel);
    const dir = join(EMPTY, 'duel');
    cpSync(join(ROOT, 'src', 'systems', 'duel'), dir, { recursive: true });
    const doc = readFileSync(join(dir, 'RULES.md'), 'utf8');
    const edit = (from: string, to: string): string => {
      expect(doc).toContain(from);
      return to;
    };
    writeFileSync(
      join(dir, 'RULES.md'),
      doc
        .replace('`rules/turn.ts` `endTurn`', edit('`rules/turn.ts` `endTurn`', '`rules/turn.ts` `endRound`'))
        .replace('`decisions/main.ts` `main.legal`', edit('`decisions/main.ts` `main.legal`', '`decisions/main.ts` `main.close`'))
        .replace('`rules/rolls.ts`, `rules/turn.ts` `resolveShot`', edit('`rules/rolls.ts`, `rules/turn.ts` `resolveShot`', '`rules/dice.ts`, `rules/turn.ts` `resolveShot`')),
    );
    expect(await problems(duel, 'rules-doc', { systemDir: dir })).toEqual([
      'duel: RULES.md cites `rules/turn.ts` `endRound`, which rules/turn.ts does not declare (line 14)',
      'duel: RULES.md cites `decisions/main.ts` `main.close`, which decisions/main.ts does not declare (line 15)',
      'duel: RULES.md cites `rules/dice.ts`, which does not exist (line 16)',
    ]);
    // Declared: a function, a const, an object key, a method; merely called or imported: not.
    const text = "import { roll } from './x.ts';\nexport function endTurn(s) {\n  takeAim(s);\n}\nconst main = {\n  legal(m, s, out) {\n  },\n  apply: (s) => 0,\n};\n";
    expect(['endTurn', 'main', 'legal', 'apply'].filter((n) => declares(text, n))).toEqual(['endTurn', 'main', 'legal', 'apply']);
    expect(['takeAim', 'roll', 's', 'close'].filter((n) => declares(text, n))).toEqual([]);
  });

  it('odds: a missing module, a mechanic with no twin and no reason, a sampler that disagrees', async () => {
    expect(await problems(broken(() => ({}), { odds: undefined }), 'odds')).toEqual([expect.stringMatching(/^duel: no odds module/)]);
    const [hit] = duelOdds.mechanics;
    const sys = broken(() => ({}), {
      odds: {
        mechanics: [
          { ...hit, name: 'lonely', exact: undefined, sample: undefined },
          { ...hit, name: 'derived', exact: undefined, sample: undefined, noSampledTwin: 'computed from hit' },
          { ...hit, name: 'half', exact: undefined },
          { ...hit, name: 'skewed', sample: (_d, _o, _p, rng) => (rng.int(2) === 0 ? 'hit' : 'miss') },
        ],
      },
    });
    const found = await problems(sys, 'odds');
    expect(found[0]).toBe("duel: odds mechanic 'lonely' has neither a sampled twin (exact + sample) nor a reason (noSampledTwin)");
    expect(found[1]).toBe("duel: odds mechanic 'half' has a sampler but no exact distribution");
    expect(found.slice(2).every((p) => p.startsWith("duel: odds mechanic 'skewed' at {\"aim\":") && p.includes('exact and sampled disagree'))).toBe(true);
    expect(found).toHaveLength(5); // skewed fails at aim 0, 1 and 2
  });

  it('playouts: a shallow clone, broken invariants, a legal action listed twice, a game that never ends', async () => {
    const shallow = await problems(broken(() => ({ clone: (s) => ({ ...s }) })), 'playouts');
    expect(shallow[0]).toMatch(/acting on a clone changed the original/);
    expect(shallow[0]).toMatch(/--- last decisions ---\n\[\d\] (Patient|Hasty) /);
    const inv = await problems(broken(() => ({ checkInvariants: (s) => (s.turn > 2 ? ['round past 2'] : []) })), 'playouts');
    expect(inv[0]).toMatch(/invariants broken after the move: round past 2/);
    const twice = broken((g) => ({
      legalActions: (s, out) => {
        const n = g.legalActions(s, out);
        if (n > 1) out[n - 1] = out[0];
        return n;
      },
    }));
    expect((await problems(twice, 'playouts'))[0]).toMatch(/^duel: scenarios\/duel\/high-noon\.yaml: high-noon game 0 \(seed \d+\), decision 0: side 0's legal actions list 0 \(Patient takes aim\) twice \(at 0 and 1 of 2\)/);
    const capped = await problems(broken(() => ({ result: () => null, checkInvariants: () => [], maxDecisions: 40 })), 'playouts');
    expect(capped[0]).toMatch(/no result after the safety cap of 40 decisions/);
  });

  it('agents: one that writes to its observation is caught, with the line that wrote', async () => {
    const meddler = agentOf<DuelState, DuelObservation>()({
      name: 'meddler',
      description: 'writes to what it sees',
      params: {},
      create: () => ({
        decide(ctx) {
          Reflect.set(ctx.observe().wounds, 1, 0);
          return FIRE;
        },
      }),
    });
    expect(await problems(broken(() => ({}), { defaultAgents: ['patient', 'patiant'] }), 'agents')).toEqual(["duel: default agent 'patiant' is not one of its agents (random, trigger-happy, patient)"]);
    const sys = broken(() => ({}), { agents: [...duel.agents, meddler] });
    const found = await problems(sys, 'agents');
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^duel: agent 'meddler' as side 0 in scenarios\/duel\/high-noon\.yaml: .*an agent mutated its observation \(assignment to 1 of observation\.wounds, written at test\/conformance\/battery\.test\.ts:\d+\)/);
  });

  it('serialisation and determinism: state kept outside the state object', async () => {
    const sys = broken((g) => {
      let calls = 0; // hidden state: survives neither JSON nor a change of batch
      return { apply: (s, a, ctx) => g.apply(s, ++calls % 4 === 0 ? FIRE : a, ctx) };
    });
    expect((await problems(sys, 'serialisation'))[0]).toMatch(/^duel: scenarios\/duel\/high-noon\.yaml game \d+: the state at decision \d+ sent through JSON plays on to a different/);
    expect((await problems(sys, 'determinism'))[0]).toMatch(/^duel: scenarios\/duel\/high-noon\.yaml: inline, batches of 5 gives a different summary from inline in one batch \(summaries/);
  });

  it('hidden information: a determinisation that shows a side something else, or none at all', async () => {
    const imperfect = { info: { ...duel.info, information: 'imperfect' as const } };
    const lying = broken(() => ({ determinize: (s: DuelState) => ({ ...clone(s), wounds: [9, 9] }) }), imperfect);
    expect((await problems(lying, 'hidden-information'))[0]).toMatch(/side 0 observes the determinised copy differently from the original \(observation\.wounds\[0\]: 9 ≠ 3\)/);
    const none = broken(() => ({ determinize: undefined }), imperfect);
    expect(await problems(none, 'hidden-information')).toEqual([missingDeterminize('duel')]);
    const aliasing = broken(() => ({ determinize: (s: DuelState) => s }));
    expect((await problems(aliasing, 'hidden-information'))[0]).toMatch(/acting on determinize\(state, 0\) changed the original state/);
    const notACopy = broken(() => ({ determinize: (s: DuelState) => ({ ...clone(s), aim: [1, 1] }) }));
    expect((await problems(notACopy, 'hidden-information'))[0]).toMatch(/information is 'perfect' but determinize\(state, 0\) is not a plain copy \(state\.aim\[0\]: 1 ≠ 0\)/);
  });
});
