/** The scenarios of docs/scenarios.md validate, with salvo validate and with their JSON Schema. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../src/scenario/load.ts';
import { ROOT } from '../helpers/bundled.ts';

const dir = join(ROOT, 'docs', 'examples');
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));

describe('docs/examples', () => {
  it.each(files)('%s validates and matches its schema', (f) => {
    const loaded = loadScenarioFile(join(dir, f));
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', `${loaded.system.info.id}.scenario.schema.json`), 'utf8'));
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(parse(readFileSync(join(dir, f), 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
  });
  it('the MGV house rule changes the thermal range per point', () => {
    const l = loadScenarioFile(join(dir, 'mgv-thermal-range.yaml'));
    expect((l.data as { weapons: { thermal: { rangePerPoint: number } } }).weapons.thermal.rangePerPoint).toBe(4);
    expect(l.provenance.find((p) => p.path === 'weapons.thermal.rangePerPoint')?.provenance.kind).toBe('override');
  });
});
