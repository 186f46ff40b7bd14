#!/usr/bin/env node
// Bundles the CLI and the engine it runs into plain JavaScript for the npm package (no TypeScript
// loader at run time): main/cli/main.ts -> dist/cli/trailboss.mjs plus chunks that load on demand,
// so `trailboss --help` parses only the command table and commander, not the engine.
// better-sqlite3 stays external: a native addon, loaded from node_modules. The terminal UI (Ink, React)
// is a chunk of its own, loaded by `trailboss tui` only, with React's production build.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { useGetBuiltinModule } from './builtin-imports.mjs';
import { prebuiltHelp } from './prebuilt-help.mjs';
import { yogaWithoutFetch } from './yoga-without-fetch.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

// CommonJS dependencies bundled into ESM still call require() for Node built-ins; give them one.
// From getBuiltinModule, as every other built-in (builtin-imports.mjs says why).
const REQUIRE_SHIM = "const require = globalThis.process.getBuiltinModule('node:module').createRequire(import.meta.url);";

/** Build into `outDir` (default dist/cli, emptied first). Resolves with the entry file written. */
export async function buildCli({ outDir = join(ROOT, 'dist', 'cli') } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
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
    // react-devtools-core: Ink imports it only under DEV=true (its optional peer); not shipped.
    external: ['better-sqlite3', 'react-devtools-core'],
    // React's production build for the terminal UI: without this React, its reconciler and scheduler
    // pick their development builds at run time (NODE_ENV unset), twice the code to compile and
    // slower renders; minifySyntax then drops the development builds from the chunk altogether.
    define: { 'process.env.NODE_ENV': '"production"' },
    // yoga (Ink's layout) reads its WebAssembly without fetch(): yoga-without-fetch.mjs says why.
    plugins: [yogaWithoutFetch],
    banner: { js: REQUIRE_SHIM },
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    metafile: true,
  });
  for (const file of result.outputFiles) {
    const { code, count } = useGetBuiltinModule(file.text);
    // Every import statement of a built-in esbuild wrote must have been rewritten, and nothing else.
    const expected = result.metafile.outputs[relative(ROOT, file.path)]?.imports.filter(
      (i) => i.external && i.kind === 'import-statement' && i.path.startsWith('node:'),
    ).length;
    if (count !== expected) throw new Error(`${file.path}: rewrote ${count} built-in imports, esbuild wrote ${expected}`);
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, code);
  }
  // The launcher prints `trailboss --help` from this file without loading the CLI (prebuilt-help.mjs).
  const programChunk = Object.entries(result.metafile.outputs).find(([, o]) => o.exports.includes('buildProgram'))?.[0];
  if (!programChunk) throw new Error('no chunk exports buildProgram');
  const { buildProgram } = await import(pathToFileURL(join(ROOT, programChunk)).href);
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  writeFileSync(join(outDir, 'help.json'), JSON.stringify(prebuiltHelp(buildProgram, version)));
  return join(outDir, 'trailboss.mjs');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`built ${await buildCli()}\n`);
}
