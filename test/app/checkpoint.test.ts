/** A checkpoint names its merged batches by their starts, so it records the cut they belong to (src/app/checkpoint.ts). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CheckpointWriter, checkpointPath, readCheckpoint } from '../../src/app/checkpoint.ts';
import { scenarioPlan } from '../../src/app/plan-file.ts';
import { emptyTotals } from '../../src/run/summary.ts';
import { ROOT } from '../helpers/bundled.ts';

const dir = mkdtempSync(join(tmpdir(), 'salvo-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function written(skillCheck?: number) {
  const { pf } = scenarioPlan(`${ROOT}/scenarios/duel/high-noon.yaml`, { games: 1000, batchSize: 200, ...(skillCheck ? { skillCheck } : {}) });
  const w = new CheckpointWriter(dir, pf, 0);
  w.offer(new Set([0]), emptyTotals(pf.plan.variants.length));
  w.flush();
  return pf;
}

describe('a checkpoint and the cut of its plan into batches', () => {
  it('resumes under the cut it was written with', () => {
    const pf = written(100);
    expect(JSON.parse(readFileSync(checkpointPath(dir), 'utf8')).layout).toMatch(/^\d+:[0-9a-f]+$/);
    expect([...readCheckpoint(dir, pf)!.merged]).toEqual([0]);
  });

  it("refuses one written before a skill check's games were cut fine (no layout), and says what to do", () => {
    const pf = written(100);
    const c = JSON.parse(readFileSync(checkpointPath(dir), 'utf8'));
    delete c.layout;
    writeFileSync(checkpointPath(dir), JSON.stringify(c));
    expect(() => readCheckpoint(dir, pf)).toThrow(/cut another way .*remove it .*to start over/);
  });

  it('takes an old checkpoint of a plan without a skill check, whose cut has not changed', () => {
    const pf = written();
    const c = JSON.parse(readFileSync(checkpointPath(dir), 'utf8'));
    delete c.layout;
    writeFileSync(checkpointPath(dir), JSON.stringify(c));
    expect([...readCheckpoint(dir, pf)!.merged]).toEqual([0]);
  });
});
