#!/usr/bin/env node
// npm's `prepare` hook: builds dist/ only when it is missing or older than a source file.
// `npm ci` on a fresh clone therefore builds it, and a later `npx salvo ...` (which may run
// `prepare` again) never rebuilds dist/ in place under another salvo run that is using it.
// `npm run build` always rebuilds. Both end with scripts/bind-imports.mjs.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const stamp = join(root, 'dist', 'index.js');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (!existsSync(src)) process.exit(0); // an installed tarball: dist/ ships built
if (existsSync(stamp) && statSync(stamp).mtimeMs >= newest(src)) process.exit(0);
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
if (!existsSync(tsc)) {
  process.stderr.write('salvo: TypeScript is not installed here; dist/ was not rebuilt\n');
  process.exit(0);
}
// the library and CLI, then the lab's page (browser modules: src/lab/page/tsconfig.json)
for (const project of ['tsconfig.build.json', join('src', 'lab', 'page', 'tsconfig.json')]) {
  const r = spawnSync(process.execPath, [tsc, '-p', join(root, project)], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// the build's last step, as in `npm run build` (scripts/bind-imports.mjs says why)
const { bindImports } = await import('./bind-imports.mjs');
bindImports(join(root, 'dist'));
