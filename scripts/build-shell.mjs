#!/usr/bin/env node
// Bundles the Electron shell for running and packaging (no npm script needed: `node scripts/build-shell.mjs`):
//   main/shell/main.ts -> dist/main/shell/main.js  (ESM: the package is "type": "module"; the engine runs in-process)
//   preload/index.ts   -> dist/preload/index.js    (CommonJS: a sandboxed preload cannot be an ES module)
// electron and better-sqlite3 stay external (Electron provides the one; the other is a native addon
// loaded from node_modules). The renderer is built separately by vite into dist/renderer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

// CommonJS dependencies bundled into ESM still call require() for Node built-ins; give them one.
const REQUIRE_SHIM =
  "import { createRequire as __tbCreateRequire } from 'node:module'; const require = __tbCreateRequire(import.meta.url);";

/** Builds both bundles into `outDir` (default dist/). Resolves with the files written. */
export async function buildShell({ outDir = join(ROOT, 'dist'), minify = false } = {}) {
  // mainFields: prefer ES module builds (jsonc-parser's UMD "main" requires its parts at run time).
  const common = {
    bundle: true,
    platform: 'node',
    mainFields: ['module', 'main'],
    target: 'node24',
    sourcemap: 'linked',
    minify,
    logLevel: 'warning',
    absWorkingDir: ROOT,
    legalComments: 'none',
  };
  const main = join(outDir, 'main', 'shell', 'main.js');
  const preload = join(outDir, 'preload', 'index.js');
  await build({
    ...common,
    entryPoints: [join(ROOT, 'main/shell/main.ts')],
    outfile: main,
    format: 'esm',
    external: ['electron', 'better-sqlite3'],
    banner: { js: REQUIRE_SHIM },
  });
  await build({ ...common, entryPoints: [join(ROOT, 'preload/index.ts')], outfile: preload, format: 'cjs', external: ['electron'] });
  // Belt and braces: even a loader that honours package.json reads this folder as CommonJS.
  mkdirSync(dirname(preload), { recursive: true });
  writeFileSync(join(dirname(preload), 'package.json'), '{ "type": "commonjs" }\n');
  return { main, preload };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const minify = process.argv.includes('--minify');
  const out = await buildShell({ minify });
  process.stdout.write(`built ${out.main}\nbuilt ${out.preload}\n`);
}
