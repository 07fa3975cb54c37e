#!/usr/bin/env node
// The salvo command. The TypeScript sources are compiled to dist/ by `npm install` / `npm ci`
// (the package's prepare script) or `npm run build`.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('salvo: dist/ is missing; run `npm ci` (or `npm run build`) in the salvo folder first\n');
  process.exit(1);
}
await import(entry.href);
