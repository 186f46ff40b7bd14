#!/usr/bin/env node
// Bundles the CLI and the engine it runs into plain JavaScript for the npm package (no TypeScript
// loader at run time): main/cli/main.ts -> dist/cli/trailboss.mjs plus chunks that load on demand,
// so `trailboss --help` parses only the command table and commander, not the engine.
// better-sqlite3 stays external: a native addon, loaded from node_modules.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

// CommonJS dependencies bundled into ESM still call require() for Node built-ins; give them one.
const REQUIRE_SHIM =
  "import { createRequire as __tbCreateRequire } from 'node:module'; const require = __tbCreateRequire(import.meta.url);";

/** Build into `outDir` (default dist/cli, emptied first). Resolves with the entry file written. */
export async function buildCli({ outDir = join(ROOT, 'dist', 'cli') } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: { trailboss: join(ROOT, 'main/cli/main.ts') },
    outdir: outDir,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    // Prefer a package's ES module build: jsonc-parser's "main" is a UMD file whose factory requires
    // its own parts at run time, which a bundle cannot resolve.
    mainFields: ['module', 'main'],
    target: 'node22',
    external: ['better-sqlite3'],
    banner: { js: REQUIRE_SHIM },
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return join(outDir, 'trailboss.mjs');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`built ${await buildCli()}\n`);
}
