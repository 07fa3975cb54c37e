/** The committed JSON Schemas: in step with the zod schemas, valid for every bundled file, and strict on typos. */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { experimentJsonSchema, scenarioJsonSchema, schemaText } from '../../src/scenario/json-schema.ts';
import { compileScenarioText } from '../../src/scenario/load.ts';
import { InputError } from '../../src/core/errors.ts';
import { loadAllSystems, findSystem } from '../../src/systems/index.ts';
import { ROOT, bundledExperiments, bundledScenarios } from '../helpers/bundled.ts';

const SYSTEMS = await loadAllSystems();

const committed = (name: string) => readFileSync(join(ROOT, 'schemas', name), 'utf8');

function validator(schema: object) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return ajv.compile(schema);
}

describe('JSON Schemas', () => {
  it.each(SYSTEMS.map((s) => s.info.id))('schemas/%s.scenario.schema.json is what salvo schema generates (run `npm run schemas` after a change)', (id) => {
    expect(committed(`${id}.scenario.schema.json`)).toBe(schemaText(scenarioJsonSchema(findSystem(id)!)));
  });
  it('schemas/experiment.schema.json is in step', () => {
    expect(committed('experiment.schema.json')).toBe(schemaText(experimentJsonSchema()));
  });

  it.each(bundledScenarios().map((f) => [f.slice(ROOT.length + 1), f]))('%s validates against its schema and names it for editors', (_rel, file) => {
    const text = readFileSync(file, 'utf8');
    const system = basename(dirname(file));
    expect(text.split('\n')[0]).toBe(`# yaml-language-server: $schema=../../schemas/${system}.scenario.schema.json`);
    const validate = validator(JSON.parse(committed(`${system}.scenario.schema.json`)));
    const ok = validate(parse(text));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it.each(bundledExperiments().map((f) => [f.slice(ROOT.length + 1), f]))('%s validates against the experiment schema', (_rel, file) => {
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../schemas/experiment.schema.json');
    const validate = validator(JSON.parse(committed('experiment.schema.json')));
    expect(validate(parse(text)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('id fields offer the ids of the rules data for completion (tank ids in Panzer Vor!, models in MGV)', () => {
    const pv = committed('panzervor.scenario.schema.json');
    expect(pv).toMatch(/"examples": \[\s*"pz4d",[^\]]*"tiger1"/);
    expect(committed('mgv.scenario.schema.json')).toMatch(/"examples": \[\s*"Mako",\s*"Whiptail"\s*\]/);
  });

  const fakeBattle = join(ROOT, 'scenarios', 'panzervor', 'fake-battle.yaml');
  const typos: Array<[string, (doc: Record<string, any>) => void, string]> = [
    ['an unknown top-level key', (d) => (d.optionz = {}), 'optionz'],
    ['an unknown option', (d) => (d.options = { wreckge: true }), 'options.wreckge'],
    ['an unknown override path', (d) => (d.overrides = { 'tanks.tiger1.armour.frnt': 3 }), 'overrides.tanks.tiger1.armour.frnt'],
    ['a wrong option type', (d) => (d.options = { wreckage: 'yes' }), 'options.wreckage'],
    ['an unknown key in the system block', (d) => (d.scenario.mapp = {}), 'scenario'],
  ];
  it.each(typos)('%s is rejected by the schema and by salvo validate alike', (_what, edit, path) => {
    const doc = parse(readFileSync(fakeBattle, 'utf8'));
    edit(doc);
    const validate = validator(JSON.parse(committed('panzervor.scenario.schema.json')));
    expect(validate(doc)).toBe(false);
    let err: unknown;
    try {
      compileScenarioText(JSON.stringify(doc, null, 1), 'typo.yaml');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).issues.map((i) => i.path).join(' ')).toContain(path);
  });
});
