/** The shell build (scripts/build-shell.mjs) into a temp dir: externals stay external, and the preload bundle exposes exactly the contract. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../preload/contract/channels.ts';
import { buildShell } from '../../scripts/build-shell.mjs';

let out: string;
let files: { main: string; preload: string };

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'tb-build-'));
  files = await buildShell({ outDir: out });
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('buildShell', () => {
  it('writes the main bundle as ESM importing electron and better-sqlite3 from outside', () => {
    const main = readFileSync(files.main, 'utf8');
    expect(main).toMatch(/^import \{[^}]*\bapp\b[^}]*\} from "electron";$/m);
    expect(main).toMatch(/^import \w+ from "better-sqlite3";$/m);
    // Electron's npm package (which would try to download a binary) must not be inlined.
    expect(main).not.toContain('Downloading Electron binary');
  });

  it('writes the preload as CommonJS, marked so by its own package.json', () => {
    expect(readFileSync(files.preload, 'utf8')).toMatch(/require\("electron"\)/);
    expect(JSON.parse(readFileSync(join(out, 'preload', 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
  });

  it('gives a preload that exposes exactly the contract’s channels under window.trailboss', async () => {
    const exposed: Record<string, { api: Record<string, (a: unknown) => Promise<unknown>>; on: unknown }> = {};
    const invoked: [string, unknown][] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (name: string, value: never) => void (exposed[name] = value) },
      ipcRenderer: {
        invoke: async (channel: string, args: unknown) => (invoked.push([channel, args]), { ok: true, value: 1 }),
        on: () => {},
        removeListener: () => {},
      },
    };
    const sandboxRequire = (name: string): unknown => {
      if (name === 'electron') return electron;
      throw new Error(`a sandboxed preload cannot require ${name}`);
    };
    const module = { exports: {} };
    vm.runInNewContext(readFileSync(files.preload, 'utf8'), { require: sandboxRequire, module, exports: module.exports });
    const api = exposed['trailboss']?.api ?? {};
    expect(Object.keys(api).sort()).toEqual([...CHANNEL_NAMES].sort());
    expect(await api['item:jump']?.({ id: 'a' })).toEqual({ ok: true, value: 1 });
    expect(invoked).toEqual([['item:jump', { id: 'a' }]]);
  });
});
