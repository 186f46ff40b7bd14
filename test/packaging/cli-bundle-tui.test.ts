/**
 * The terminal UI's chunk of the CLI bundle (scripts/build-cli.mjs) as `trailboss tui` loads it:
 * React's production build only, and yoga's WebAssembly read from its own string, never through
 * fetch() (which would load Node's whole fetch implementation before the first frame).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../scripts/build-cli.mjs';
import { yogaWithoutFetch } from '../../scripts/yoga-without-fetch.mjs';
import { PINNED_NODE } from '../support/run-node.ts';

let dir = '';
let chunks = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tb-cli-tui-'));
  await buildCli({ outDir: join(dir, 'cli') });
  chunks = join(dir, 'cli', 'chunks');
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const uiChunk = () => join(chunks, readdirSync(chunks).find((f) => f.startsWith('run-tui-')) ?? 'no run-tui chunk');

describe('the CLI bundle’s terminal UI chunk', () => {
  it('carries React’s production build and no development build', () => {
    const code = readFileSync(uiChunk(), 'utf8');
    expect(code).toContain('react-reconciler.production');
    expect(code).not.toMatch(/\.development\.js/);
    expect(code).not.toContain('process.env.NODE_ENV');
  });

  it('loads yoga without calling fetch or loading Node’s fetch implementation', () => {
    const probe = [
      'let fetched = 0;',
      'globalThis.fetch = () => { fetched++; throw new Error("fetch called"); };',
      `await import(${JSON.stringify(pathToFileURL(uiChunk()).href)});`,
      'const undici = process.moduleLoadList.some((m) => m.includes("undici"));',
      'process.stdout.write(JSON.stringify({ fetched, undici }));',
    ].join('\n');
    const run = spawnSync(PINNED_NODE, ['--input-type=module', '-e', probe], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ fetched: 0, undici: false });
  });
});

describe('yogaWithoutFetch', () => {
  it('fails the build when yoga’s loader no longer has the fetch test it rewrites', async () => {
    const fake = join(dir, 'node_modules', 'yoga-layout', 'dist', 'binaries');
    mkdirSync(fake, { recursive: true });
    writeFileSync(join(fake, 'yoga-wasm-base64-esm.js'), 'export default async () => ({});\n');
    writeFileSync(
      join(dir, 'entry.mjs'),
      "import load from './node_modules/yoga-layout/dist/binaries/yoga-wasm-base64-esm.js';\nawait load();\n",
    );
    await expect(
      build({
        entryPoints: [join(dir, 'entry.mjs')],
        bundle: true,
        write: false,
        format: 'esm',
        logLevel: 'silent',
        plugins: [yogaWithoutFetch],
      }),
    ).rejects.toThrow(/expected its fetch test once, found it 0 times/);
  });
});
