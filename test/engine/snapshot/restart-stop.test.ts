import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../main/engine/actions/types.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { RUNTIMES } from '../../../main/engine/runtimes/catalog.ts';
import type { AgentProcesses } from '../../../main/engine/snapshot/agent-process.ts';
import type { RestartPlan } from '../../../main/engine/snapshot/restart-inspect.ts';
import { stopAgent } from '../../../main/engine/snapshot/restart-stop.ts';
import type { RestartDeps } from '../../../main/engine/snapshot/restart-types.ts';
import type { PaneInfo, TmuxClient } from '../../../main/engine/tmux/types.ts';

const basePane: PaneInfo = {
  paneId: '%3',
  sessionName: 's',
  sessionId: '$1',
  windowIndex: 0,
  windowId: '@1',
  paneIndex: 0,
  target: 's:0.0',
  pid: 100,
  currentCommand: 'claude',
  currentPath: '/p',
  width: 120,
  height: 40,
  alternateOn: true,
  dead: false,
  windowActivity: 0,
  title: '',
};

/** A process that ignores the signals in `ignores`; the pane dies with it (remain-on-exit). */
function world(ignores: readonly NodeJS.Signals[]) {
  let alive = true;
  const signals: string[] = [];
  const commands: string[][] = [];
  const processes: AgentProcesses = {
    table: () => new Map(),
    argv: () => ['claude'],
    cwd: () => '/p',
    alive: () => alive,
    signal: (_pid, sig) => {
      signals.push(sig);
      if (!ignores.includes(sig)) alive = false;
    },
  };
  const tmux = {
    server: { kind: 'name', name: 'fake' },
    listPanes: async () => [{ ...basePane, dead: !alive }],
    command: async (args: readonly string[]) => (commands.push([...args]), ''),
  } as unknown as TmuxClient;
  const audits: AuditRecord[] = [];
  const deps: RestartDeps = {
    tmux,
    runtimes: RUNTIMES,
    processes,
    clock: systemClock,
    runner: { run: async () => ({ stdout: '', stderr: '', exitCode: 1 }) },
    audit: (a) => audits.push(a),
    claudeConfigDir: '/nonexistent',
    logger: silentLogger,
  };
  return { deps, signals, commands, audits };
}

const plan = { pane: basePane, agent: { pid: 100, runtime: 'claude', isPaneRoot: true } } as unknown as RestartPlan;
const req = { paneId: '%3', mode: 'force', surface: 'cli', stopTimeoutMs: 60, pollMs: 10 } as const;

describe('stopAgent', () => {
  it('sends SIGTERM and keeps the pane open for the new agent', async () => {
    const w = world([]);
    expect(await stopAgent(w.deps, req, plan, 'L:fake|%3')).toEqual({ previousRemainOnExit: '' });
    expect(w.signals).toEqual(['SIGTERM']);
    expect(w.commands).toEqual([
      ['show-options', '-p', '-t', '%3', '-v', 'remain-on-exit'],
      ['set-option', '-p', '-t', '%3', 'remain-on-exit', 'on'],
    ]);
  });

  it('escalates to SIGKILL when SIGTERM is ignored', async () => {
    const w = world(['SIGTERM']);
    expect(await stopAgent(w.deps, req, plan, 'L:fake|%3')).toEqual({ previousRemainOnExit: '' });
    expect(w.signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(w.audits.map((a) => `${a.payload} → ${a.outcome}`)).toEqual([
      'SIGTERM 100 → sending',
      'SIGKILL 100 → still running after SIGTERM',
      'pid 100 → stopped',
    ]);
  });

  it('reports a process that survives both, and puts remain-on-exit back', async () => {
    const w = world(['SIGTERM', 'SIGKILL']);
    const result = await stopAgent(w.deps, { ...req, stopTimeoutMs: 20 }, plan, 'L:fake|%3');
    expect(result).toEqual({ failed: 'the agent (pid 100) is still running after SIGTERM and SIGKILL' });
    expect(w.commands.at(-1)).toEqual(['set-option', '-p', '-u', '-t', '%3', 'remain-on-exit']);
  }, 10_000);
});
