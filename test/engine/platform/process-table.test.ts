/** The /proc reader names programs by comm, and by argv[0] where the runtime renamed its main thread (Node 24). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { procProcessTable, programName } from '../../../main/engine/platform/process-table.ts';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function fakeProc(entries: readonly { pid: number; ppid: number; comm: string; argv: readonly string[] }[]): string {
  dir = mkdtempSync(join(tmpdir(), 'tb-proc-'));
  for (const e of entries) {
    mkdirSync(join(dir, String(e.pid)));
    writeFileSync(join(dir, String(e.pid), 'stat'), `${e.pid} (${e.comm}) S ${e.ppid} 1 1 0 -1`);
    writeFileSync(join(dir, String(e.pid), 'cmdline'), `${e.argv.join('\0')}\0`);
  }
  return dir;
}

describe('process table', () => {
  it('keeps comm, and reads node for a Node 24 process whose comm is MainThread', () => {
    const table = procProcessTable(
      fakeProc([
        { pid: 10, ppid: 1, comm: 'claude', argv: ['/opt/claude'] },
        { pid: 11, ppid: 1, comm: 'MainThread', argv: ['/usr/local/bin/node', '/lib/@augmentcode/auggie/augment.mjs'] },
        { pid: 12, ppid: 1, comm: 'weird (name)', argv: ['x'] },
      ]),
    ).snapshot();
    expect(table.get(10)).toMatchObject({ comm: 'claude', ppid: 1, argv: '/opt/claude' });
    expect(table.get(11)).toMatchObject({ comm: 'node', argv: '/usr/local/bin/node /lib/@augmentcode/auggie/augment.mjs' });
    expect(table.get(12)?.comm).toBe('weird (name)');
  });

  it('programName leaves a real MainThread-named process without argv alone', () => {
    expect(programName('MainThread', undefined)).toBe('MainThread');
    expect(programName('node', '/x/y')).toBe('node');
  });
});
