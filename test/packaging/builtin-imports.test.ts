import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useGetBuiltinModule } from '../../scripts/builtin-imports.mjs';

const BANNER = "const require = globalThis.process.getBuiltinModule('node:module').createRequire(import.meta.url);";

describe('useGetBuiltinModule: the CLI bundle takes built-ins from process.getBuiltinModule', () => {
  it('rewrites every form esbuild writes into constants after the banner, and counts them', () => {
    const code = [
      BANNER,
      'import{readFileSync,existsSync as existsSync2}from"node:fs";import{x}from"./chunk-A.mjs";import process from"node:process";',
      'import path,{join}from"node:path";var a=1;import*as os from"node:os";import"node:tty";',
      'const s="import{y}from\\"./not-a-builtin.mjs\\"";',
    ].join('\n');
    const out = useGetBuiltinModule(code);
    expect(out.count).toBe(5);
    const [banner, body] = [out.code.slice(0, out.code.indexOf('\n')), out.code.slice(out.code.indexOf('\n') + 1)];
    expect(banner).toBe(BANNER);
    expect(body).not.toMatch(/from"node:/);
    expect(body).toContain('const{readFileSync,existsSync:existsSync2}=globalThis.process.getBuiltinModule("node:fs");');
    // `process` is the chunk's own name for the module: the call must not read it before it exists.
    expect(body).toContain('const process=globalThis.process.getBuiltinModule("node:process");');
    expect(body).toContain('const path=globalThis.process.getBuiltinModule("node:path");');
    expect(body).toContain('const{join}=globalThis.process.getBuiltinModule("node:path");');
    expect(body).toContain('const os=globalThis.process.getBuiltinModule("node:os");');
    expect(body).toContain('globalThis.process.getBuiltinModule("node:tty");');
    // Imports of other chunks stay ES module imports.
    expect(body).toContain('import{x}from"./chunk-A.mjs";');
  });

  it('runs: named and default imports work, and a default node:child_process loads only when used', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tb-builtins-'));
    try {
      const code = useGetBuiltinModule(
        [
          BANNER,
          'import{readFileSync}from"node:fs";import childProcess from"node:child_process";import process from"node:process";',
          'const loaded=()=>process.moduleLoadList.includes("NativeModule child_process");',
          'const before=loaded();const out=childProcess.spawnSync(process.execPath,["-p","40+2"],{encoding:"utf8"}).stdout.trim();',
          'process.stdout.write(JSON.stringify({before,after:loaded(),out,self:readFileSync(new URL(import.meta.url),"utf8").length>0}));',
        ].join('\n'),
      ).code;
      writeFileSync(join(dir, 'chunk.mjs'), code);
      const run = spawnSync(process.execPath, [join(dir, 'chunk.mjs')], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({ before: false, after: true, out: '42', self: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
