/** Discovery decides a shell pane's agent from its foreground process group, never from a background job. */
import { describe, expect, it } from 'vitest';
import { detectRuntime, isInteractiveShell } from '../../../main/engine/observe/discovery.ts';
import type { ProcessEntry } from '../../../main/engine/platform/process-table.ts';
import { RUNTIMES } from '../../../main/engine/runtimes/catalog.ts';
import type { PaneInfo } from '../../../main/engine/tmux/types.ts';

const pane = (currentCommand: string, pid = 100) => ({ pid, currentCommand, dead: false }) as PaneInfo;
const proc = (pid: number, ppid: number, comm: string, argv: string, pgrp: number, tpgid: number): ProcessEntry => ({
  pid,
  ppid,
  comm,
  argv,
  pgrp,
  tpgid,
});
const table = (...entries: ProcessEntry[]) => new Map(entries.map((e) => [e.pid, e]));

describe('detectRuntime on a shell pane', () => {
  it('finds claude run in the foreground under npx (one process group)', () => {
    const t = table(proc(100, 1, 'npx', 'npx claude', 100, 100), proc(101, 100, 'claude', 'claude', 100, 100));
    expect(detectRuntime(pane('npx'), RUNTIMES, t)).toBe('claude');
  });

  it('finds claude that an interactive bash runs as its foreground job', () => {
    const t = table(
      proc(100, 1, 'bash', '-bash', 100, 200),
      proc(200, 100, 'node', 'node /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js', 200, 200),
    );
    expect(detectRuntime(pane('node'), RUNTIMES, t)).toBe('claude');
  });

  it('ignores a background job named claude while bash is in the foreground', () => {
    const t = table(proc(100, 1, 'bash', '-bash', 100, 100), proc(300, 100, 'claude', 'claude -p fix', 300, 100));
    expect(detectRuntime(pane('bash'), RUNTIMES, t)).toBeNull();
  });

  it('ignores a claude started by an interactive shell without job control (same process group)', () => {
    const t = table(proc(100, 1, 'bash', 'bash --rcfile /x/rc -i', 100, 100), proc(300, 100, 'claude', 'claude', 100, 100));
    expect(detectRuntime(pane('bash'), RUNTIMES, t)).toBeNull();
  });

  it('finds claude under a non-interactive wrapper shell (sh -c, a script)', () => {
    for (const argv of ['sh -c claude', 'bash run-agent.sh']) {
      const t = table(proc(100, 1, argv.split(' ')[0]!, argv, 100, 100), proc(101, 100, 'claude', 'claude', 100, 100));
      expect(detectRuntime(pane(argv.split(' ')[0]!), RUNTIMES, t)).toBe('claude');
    }
  });

  it('trusts no descendant when the foreground group is unknown', () => {
    const t = table({ pid: 100, ppid: 1, comm: 'bash', argv: 'bash' }, { pid: 101, ppid: 100, comm: 'claude', argv: 'claude' });
    expect(detectRuntime(pane('bash'), RUNTIMES, t)).toBeNull();
  });
});

describe('isInteractiveShell', () => {
  it.each<[string, string, boolean]>([
    ['bash', '-bash', true],
    ['bash', 'bash', true],
    ['bash', 'bash -i', true],
    ['bash', 'bash --noprofile --rcfile /tmp/rc -i', true],
    ['zsh', 'zsh -l', true],
    ['sh', 'sh -c exec claude', false],
    ['bash', 'bash -lc claude', false],
    ['bash', 'bash ./run.sh', false],
    ['node', 'node', false],
  ])('%s %s → %s', (comm, argv, expected) => {
    expect(isInteractiveShell({ pid: 1, ppid: 0, comm, argv })).toBe(expected);
  });
});

describe('detectRuntime when the command name says nothing but the arguments do', () => {
  it("finds Kiro run as Amazon Q's `q chat` (the name q is claimed by no runtime alone)", () => {
    const t = table(proc(100, 1, 'q', 'q chat --trust-tools=fs_read', 100, 100));
    expect(detectRuntime(pane('q'), RUNTIMES, t)).toBe('kiro');
  });

  it('does not take `q` with other arguments for Kiro', () => {
    const t = table(proc(100, 1, 'q', 'q translate hello', 100, 100));
    expect(detectRuntime(pane('q'), RUNTIMES, t)).toBeNull();
  });

  it('finds the agent a wrapper script with a name of its own runs in the foreground', () => {
    const t = table(
      proc(100, 1, 'run-claude', '/bin/bash /home/u/bin/run-claude', 100, 100),
      proc(101, 100, 'claude', 'claude --resume', 100, 100),
    );
    expect(detectRuntime(pane('run-claude'), RUNTIMES, t)).toBe('claude');
  });

  it('finds claude started by npx under its package name', () => {
    const t = table(proc(100, 1, 'npx', 'npx @anthropic-ai/claude-code', 100, 100));
    expect(detectRuntime(pane('npx'), RUNTIMES, t)).toBe('claude');
  });

  it('takes nothing from an editor whose file merely names an agent', () => {
    const t = table(proc(100, 1, 'vim', 'vim notes/claude.md codex.js', 100, 100));
    expect(detectRuntime(pane('vim'), RUNTIMES, t)).toBeNull();
  });

  it('does not look at the processes of a pane whose command a runtime claims outright', () => {
    const t = table(proc(100, 1, 'codex', 'codex', 100, 100), proc(101, 100, 'claude', 'claude', 100, 100));
    expect(detectRuntime(pane('codex'), RUNTIMES, t)).toBe('codex');
  });
});
