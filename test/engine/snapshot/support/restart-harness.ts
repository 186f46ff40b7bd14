/**
 * Restart tests on a private tmux server: scripted agents (test/support/scripted-agent) standing in
 * for Claude or Codex, a temp Claude config dir, and the real pipeline collaborators.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditRecord } from '../../../../main/engine/actions/types.ts';
import { systemClock } from '../../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { realRunner } from '../../../../main/engine/platform/run.ts';
import { RUNTIMES } from '../../../../main/engine/runtimes/catalog.ts';
import { procAgentProcesses } from '../../../../main/engine/snapshot/agent-process.ts';
import type { RestartDeps } from '../../../../main/engine/snapshot/restart-types.ts';
import { openTmuxClient } from '../../../../main/engine/tmux/open.ts';
import type { TmuxClient } from '../../../../main/engine/tmux/types.ts';
import type { Scenario } from '../../../support/scripted-agent/scenario.ts';
import { AGENT_PROGRAM } from '../../../support/scripted-agent/start.ts';
import { readRecords, type StartRecord } from '../../../support/scripted-agent/record.ts';
import type { PrivateTmux } from '../../../support/tmux-server.ts';
import { poll } from '../../../support/poll.ts';

/** A scripted agent launch: its argv (program named like the CLI) and its record file. */
export interface AgentLaunch {
  readonly argv: string[];
  readonly recordPath: string;
}

/** argv that runs `scenario` under a program named `name` (a symlink to this Node). */
export function agentLaunch(dir: string, scenario: Scenario, name = scenario.runtime): AgentLaunch {
  const own = mkdtempSync(join(dir, 'launch-'));
  mkdirSync(join(own, 'bin'));
  const bin = join(own, 'bin', name);
  symlinkSync(process.execPath, bin);
  const scenarioPath = join(own, 'scenario.json');
  writeFileSync(scenarioPath, JSON.stringify(scenario));
  const recordPath = join(own, 'record.jsonl');
  return { argv: [bin, '--disable-warning=ExperimentalWarning', AGENT_PROGRAM, scenarioPath, recordPath], recordPath };
}

/** The pid the agent recorded at start (waits for it). */
export function agentPid(launch: AgentLaunch, timeoutMs = 15_000): Promise<number> {
  return poll(
    () => readRecords(launch.recordPath).find((r): r is StartRecord => r.type === 'start')?.pid,
    `start of ${launch.recordPath}`,
    { timeoutMs },
  );
}

/** Texts the agent got submitted at its prompt. */
export function submissions(launch: AgentLaunch): string[] {
  return readRecords(launch.recordPath).flatMap((r) => (r.type === 'submit' ? [r.text] : []));
}

/** Pipeline collaborators over the private server; audits collected in `audits`. */
export async function restartDeps(
  tmux: PrivateTmux,
  claudeConfigDir: string,
  audits: AuditRecord[],
): Promise<RestartDeps & { tmux: TmuxClient }> {
  const client = await openTmuxClient(tmux.server, realRunner, { mode: 'batch', logger: silentLogger });
  return {
    tmux: client,
    runtimes: RUNTIMES,
    processes: procAgentProcesses(),
    clock: systemClock,
    runner: realRunner,
    audit: (r) => audits.push(r),
    claudeConfigDir,
    logger: silentLogger,
  };
}

/** Write Claude's status file and transcript for `pid`, as Claude Code does (transcript copied from `fixture`). */
export function seedClaudeSession(configDir: string, pid: number, cwd: string, sessionId: string, transcript: string): string {
  mkdirSync(join(configDir, 'sessions'), { recursive: true });
  writeFileSync(join(configDir, 'sessions', `${pid}.json`), JSON.stringify({ pid, sessionId, cwd, status: 'idle' }));
  const dir = join(configDir, 'projects', cwd.replace(/[^a-zA-Z0-9]/g, '-'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${sessionId}.jsonl`);
  writeFileSync(file, transcript);
  return file;
}
