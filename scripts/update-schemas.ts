/** Regenerates schemas/*.json from the zod schemas, options and rules data (`npm run schemas`). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { experimentJsonSchema, scenarioJsonSchema, schemaText } from '../src/scenario/json-schema.ts';
import { loadAllSystems } from '../src/systems/index.ts';

const SYSTEMS = await loadAllSystems();
const dir = join(import.meta.dirname, '..', 'schemas');
for (const s of SYSTEMS) writeFileSync(join(dir, `${s.info.id}.scenario.schema.json`), schemaText(scenarioJsonSchema(s)));
writeFileSync(join(dir, 'experiment.schema.json'), schemaText(experimentJsonSchema()));
console.log(`wrote ${SYSTEMS.length + 1} schemas to ${dir}`);
