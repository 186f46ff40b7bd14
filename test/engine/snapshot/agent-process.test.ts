import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProcessEntry } from '../../../main/engine/platform/process-table.ts';
import { RUNTIMES } from '../../../main/engine/runtimes/catalog.ts';
import { findAgentProcess, procAgentProcesses } from '../../../main/engine/snapshot/agent-process.ts';
import type { PaneInfo } from '../../../main/engine/tmux/types.ts';
import { useTempDirs } from './support/temp-dir.ts';

const tempDir = useTempDirs();
const pane = (pid: number, dead = false): PaneInfo => ({
  paneId: '%1',
  sessionName: 's',
  sessionId: '$1',
  windowIndex: 0,
  windowId: '@1',
  paneIndex: 0,
  target: 's:0.0',
  pid,
  currentCommand: 'bash',
  currentPath: '/p',
  width: 120,
  height: 40,
  alternateOn: false,
  dead,
  windowActivity: 0,
  title: '',
});
const table = (...entries: [number, number, string, string][]) =>
  new Map<number, ProcessEntry>(entries.map(([pid, ppid, comm, argv]) => [pid, { pid, ppid, comm, argv }]));

describe('findAgentProcess', () => {
  it('finds an agent started from the pane shell', () => {
    const t = table([10, 1, 'bash', 'bash'], [11, 10, 'claude', 'claude --model opus']);
    expect(findAgentProcess(pane(10), RUNTIMES, t)).toEqual({ pid: 11, runtime: 'claude', isPaneRoot: false });
  });

  it('says when the agent is the pane process itself', () => {
    expect(
      findAgentProcess(pane(20), RUNTIMES, table([20, 1, 'node', 'node /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'])),
    ).toEqual({ pid: 20, runtime: 'claude', isPaneRoot: true });
  });

  it('finds nothing in a plain shell or a dead pane', () => {
    const t = table([10, 1, 'bash', 'bash'], [11, 10, 'vim', 'vim notes.txt']);
    expect(findAgentProcess(pane(10), RUNTIMES, t)).toBeNull();
    expect(findAgentProcess(pane(10, true), RUNTIMES, table([10, 1, 'claude', 'claude']))).toBeNull();
  });
});

describe('procAgentProcesses over a /proc directory', () => {
  function fakeProc(): string {
    const proc = tempDir();
    const add = (pid: number, stat: string, cmdline: string, cwd: string) => {
      mkdirSync(join(proc, String(pid)));
      writeFileSync(join(proc, String(pid), 'stat'), stat);
      writeFileSync(join(proc, String(pid), 'cmdline'), cmdline);
      symlinkSync(cwd, join(proc, String(pid), 'cwd'));
    };
    add(42, '42 (claude) S 7 42 42 0 -1', 'claude\0--add-dir\0/a b\0', '/home/me/project');
    add(43, '43 (my (odd) name) Z 42 43 43 0 -1', '', '/');
    add(44, '44 (claude) S 7 44 44 0 -1', `claude${'\0'.repeat(40)}`, '/');
    return proc;
  }

  it('reads argv with its argument boundaries and the cwd', () => {
    const p = procAgentProcesses(fakeProc());
    expect(p.argv(42)).toEqual(['claude', '--add-dir', '/a b']);
    expect(p.cwd(42)).toBe('/home/me/project');
    expect(p.argv(99)).toBeNull();
    // process.title = 'claude' overwrites argv in place and leaves NUL padding behind.
    expect(p.argv(44)).toEqual(['claude']);
    expect(p.cwd(99)).toBeNull();
  });

  it('counts a zombie as gone', () => {
    const p = procAgentProcesses(fakeProc());
    expect(p.alive(42)).toBe(true);
    expect(p.alive(43)).toBe(false);
    expect(p.alive(99)).toBe(false);
  });

  it('treats signalling a process that is already gone as done', () => {
    // A pid far above pid_max on Linux: kill() fails with ESRCH.
    expect(() => procAgentProcesses().signal(2 ** 30, 'SIGTERM')).not.toThrow();
  });
});
