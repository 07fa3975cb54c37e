/**
 * Every system's `scenario:` block in docs/scenarios.md validates as written (inside a minimal
 * envelope) and plays a game: the page is a working reference for authors, not prose (issue 21
 * item 7).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileScenarioText } from '../../src/scenario/load.ts';
import { SYSTEM_IDS } from '../../src/systems/index.ts';
import { ROOT } from '../helpers/bundled.ts';
import { checkRandomPlayouts } from '../helpers/playout.ts';

const page = readFileSync(join(ROOT, 'docs', 'scenarios.md'), 'utf8');
/** The first ```yaml block starting with `scenario:` under each "## <system id> (" heading. */
const blocks = page
  .split(/^## /m)
  .map((sec) => [sec.split(/[\s(]/)[0], /```yaml\n(scenario:[\s\S]*?)```/.exec(sec)?.[1]] as const)
  .filter((b): b is readonly [string, string] => SYSTEM_IDS.includes(b[0]) && b[1] !== undefined);

describe('docs/scenarios.md', () => {
  it('documents every system with a scenario: block', () => {
    expect(blocks.map(([id]) => id).sort()).toEqual([...SYSTEM_IDS].sort());
  });
  it.each(blocks)('the %s block validates and plays', (id, block) => {
    const text = `system: ${id}\nid: docs-${id}\nname: "docs/scenarios.md"\n${block}`;
    const loaded = compileScenarioText(text, `docs/scenarios.md (${id})`);
    expect(loaded.system.info.id).toBe(id);
    expect(checkRandomPlayouts({ scenario: loaded, games: 2 }).games).toBe(2);
  });
});
