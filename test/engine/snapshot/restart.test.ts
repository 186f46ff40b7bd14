import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../main/engine/actions/types.ts';
import { procAgentProcesses } from '../../../main/engine/snapshot/agent-process.ts';
import { RESUME_MARKER } from '../../../main/engine/snapshot/briefing.ts';
import { SNAPSHOT_REQUEST_MARKER } from '../../../main/engine/snapshot/prompt-text.ts';
import { restartAgent } from '../../../main/engine/snapshot/restart.ts';
import { AGENT_ENV } from '../../../main/engine/snapshot/restart-start.ts';
import { takeSnapshot, writeSnapshot } from '../../../main/engine/snapshot/snapshot-file.ts';
import { readRecords } from '../../support/scripted-agent/record.ts';
import { shellQuote } from '../../support/scripted-agent/start.ts';
import { claudeIdleWorking, codexExecApproval, FIXTURES_ROOT } from '../../support/scenarios/index.ts';
import { codexIdle, codexWorkingStates } from '../../support/scenarios/codex.ts';
import { assertScenario } from '../../support/scripted-agent/scenario.ts';
import { startPrivateTmux, type PrivateTmux } from '../../support/tmux-server.ts';
import { agentLaunch, agentPid, restartDeps, seedClaudeSession, submissions } from './support/restart-harness.ts';
import { poll } from '../../support/poll.ts';

const TRANSCRIPT = readFileSync(
  join(import.meta.dirname, '../../fixtures/transcripts/claude/bash--c3785f75-9237-4c5b-9d00-07f58fc98e78.jsonl'),
  'utf8',
);
const SESSION = 'c3785f75-9237-4c5b-9d00-07f58fc98e78';
const TIMING = { pollMs: 50, startTimeoutMs: 20_000, readyTimeoutMs: 20_000, stopTimeoutMs: 5000 } as const;

let servers: PrivateTmux[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  servers = [];
});
async function server(): Promise<PrivateTmux> {
  const s = await startPrivateTmux();
  servers.push(s);
  return s;
}
const states = (recordPath: string) => readRecords(recordPath).flatMap((r) => (r.type === 'state' ? [r.state] : []));
const steps = (audits: AuditRecord[]) => audits.map((a) => `${a.reason} → ${a.outcome}`);

describe('restartAgent on a private tmux server', () => {
  it('graceful: an idle Claude saves its own snapshot, is restarted in the same pane, and is briefed exactly once', async () => {
    const tmux = await server();
    const scenario = claudeIdleWorking({ workingStepMs: 50 });
    const old = agentLaunch(tmux.dir, scenario);
    const next = agentLaunch(tmux.dir, scenario);
    // The agent is the pane's own process, and tmux would close the pane when it exits.
    const paneId = await tmux.newPane(`exec ${old.argv.map(shellQuote).join(' ')}`);
    const oldPid = await agentPid(old);
    await poll(() => states(old.recordPath).includes('idle'), 'the old agent idle');
    const audits: AuditRecord[] = [];
    const deps = await restartDeps(tmux, mkdtempSync(join(tmux.dir, 'claude-')), audits);
    const path = join(tmux.dir, '.trailboss/restart/claude.md');
    // The stand-in cannot write files: when the save request arrives, the test writes what the agent would.
    const saver = poll(
      () => submissions(old).find((t) => t.startsWith(SNAPSHOT_REQUEST_MARKER)),
      'the snapshot request typed to the agent',
      { timeoutMs: 20_000 },
    ).then((request) => {
      writeSnapshot(
        path,
        '# Restart Snapshot — claude\n\n=== USER ===\nbuild it\n\n=== ASSISTANT ===\nhalf done\n\n## Resume Plan\n1. finish it\n',
      );
      return request;
    });

    const result = await restartAgent(deps, { paneId, mode: 'graceful', command: next.argv, surface: 'cli', ...TIMING });

    expect(result).toMatchObject({ outcome: 'restarted', snapshotFrom: 'agent', delivery: 'typed', oldPid, snapshotPath: path });
    expect(await saver).toContain(`Write the file ${path}`);
    // Enter has been sent; the agent records the submission when it reads it (later on a loaded machine).
    const briefings = await poll(() => (submissions(next).length > 0 ? submissions(next) : null), 'the briefing submitted');
    expect(briefings).toHaveLength(1);
    expect(briefings[0]).toContain(RESUME_MARKER);
    expect(briefings[0]).toContain('1. finish it');
    expect(existsSync(path)).toBe(false);
    expect(procAgentProcesses().alive(oldPid)).toBe(false);
    expect(result.outcome === 'restarted' && result.newPid).toBe(await agentPid(next));
    expect((await tmux.tmux(['show-options', '-p', '-t', paneId, '-v', 'remain-on-exit'])).trim()).toBe('');
    expect(steps(audits)).toEqual([
      expect.stringMatching(/^restart: inspect → graceful restart of pid \d+/),
      'restart: ask the agent to save its snapshot → sent',
      'restart: snapshot → saved by the agent',
      'restart: stop → sending',
      'restart: stop → stopped',
      'restart: start → sending',
      'restart: start → running',
      'restart: brief the new session with its snapshot → sent',
      'restart: deliver → briefing typed at the first prompt; snapshot deleted',
    ]);
    expect(audits.every((a) => a.action === 'restart' && a.surface === 'cli' && a.paneKey.endsWith(`|${paneId}`))).toBe(true);
  }, 60_000);

  it('graceful fallback: Claude launched from a shell saves nothing in time, so the transcript is extracted; the shell starts the new one and its SessionStart hook primes it', async () => {
    const tmux = await server();
    const scenario = claudeIdleWorking({ workingStepMs: 50 });
    const old = agentLaunch(tmux.dir, scenario);
    const next = agentLaunch(tmux.dir, scenario);
    const paneId = await tmux.newPane('sh');
    await tmux.tmux(['send-keys', '-t', paneId, '-l', old.argv.map(shellQuote).join(' ')]);
    await tmux.tmux(['send-keys', '-t', paneId, 'Enter']);
    const oldPid = await agentPid(old);
    await poll(() => states(old.recordPath).includes('idle'), 'the old agent idle');
    const configDir = mkdtempSync(join(tmux.dir, 'claude-'));
    seedClaudeSession(configDir, oldPid, tmux.dir, SESSION, TRANSCRIPT);
    const audits: AuditRecord[] = [];
    const deps = await restartDeps(tmux, configDir, audits);
    const path = join(tmux.dir, '.trailboss/restart/claude.md');
    // What Claude's SessionStart hook does through `trailboss prime`: take the snapshot once the new session starts.
    let primed: string | null = null;
    const hook = agentPid(next, 30_000).then(() => (primed = takeSnapshot(path)));

    const result = await restartAgent(deps, {
      paneId,
      mode: 'graceful',
      command: next.argv,
      surface: 'cli',
      gracefulTimeoutMs: 1000,
      hookPrimes: true,
      ...TIMING,
    });
    await hook;

    expect(result).toMatchObject({ outcome: 'restarted', snapshotFrom: 'transcript', delivery: 'hook' });
    expect(primed).toContain(`**Session:** ${SESSION} `);
    expect(primed).toContain('=== USER ===\nlab:bash-cmd r13 CMD: touch auto-mode-test.txt');
    expect(submissions(next)).toEqual([]);
    expect(submissions(old)).toEqual([expect.stringContaining(SNAPSHOT_REQUEST_MARKER)]);
    const newPid = await agentPid(next);
    expect(readFileSync(`/proc/${newPid}/environ`, 'utf8').split('\0')).toContain(`${AGENT_ENV}=claude`);
    expect((await tmux.tmux(['display-message', '-p', '-t', paneId, '#{pane_current_command}'])).trim()).toBe('claude');
    expect(steps(audits)).toContain('restart: snapshot → it was asked to save a snapshot but none came within 1 s');
    expect(steps(audits)).toContain('restart: deliver → delivered by the SessionStart hook (trailboss prime)');
    expect(audits.find((a) => a.reason === 'restart: start')?.payload).toMatch(/^TRAILBOSS_AGENT=claude \//);
  }, 60_000);

  it('force, to another runtime: Claude is replaced by Codex, which gets the briefing typed at its first prompt', async () => {
    const tmux = await server();
    const old = agentLaunch(tmux.dir, claudeIdleWorking());
    const codex = assertScenario({
      name: 'codex-idle',
      runtime: 'codex',
      initial: 'idle',
      fixturesRoot: FIXTURES_ROOT,
      states: { ...codexWorkingStates(50), idle: codexIdle('idle-after-turn') },
    });
    const next = agentLaunch(tmux.dir, codex);
    const paneId = await tmux.newPane(`exec ${old.argv.map(shellQuote).join(' ')}`);
    const oldPid = await agentPid(old);
    const configDir = mkdtempSync(join(tmux.dir, 'claude-'));
    seedClaudeSession(configDir, oldPid, tmux.dir, SESSION, TRANSCRIPT);
    const audits: AuditRecord[] = [];
    const deps = await restartDeps(tmux, configDir, audits);

    const result = await restartAgent(deps, { paneId, mode: 'force', runtime: 'codex', command: next.argv, surface: 'cli', ...TIMING });

    expect(result).toMatchObject({
      outcome: 'restarted',
      snapshotFrom: 'transcript',
      delivery: 'typed',
      snapshotPath: join(tmux.dir, '.trailboss/restart/codex.md'),
    });
    expect(result.outcome === 'restarted' && result.message).toMatch(/^restarted Codex/);
    const briefings = await poll(() => (submissions(next).length > 0 ? submissions(next) : null), 'the briefing submitted');
    expect(briefings).toHaveLength(1);
    expect(briefings[0]).toContain('# Restart Snapshot — codex');
    expect(briefings[0]).toContain('lab:bash-cmd r13 CMD: touch auto-mode-test.txt');
    expect(audits.find((a) => a.reason === 'restart: deliver')?.runtime).toBe('codex');
  }, 60_000);

  it.each([
    ['force', 'only Claude Code keeps one; Codex does not'],
    [
      'graceful',
      'it is not at an empty input prompt (it shows: permission), so it was not asked to save a snapshot; it keeps no transcript',
    ],
  ] as const)(
    'refuses a %s restart of a Codex agent at a permission prompt, and changes nothing',
    async (mode, why) => {
      const tmux = await server();
      const old = agentLaunch(tmux.dir, codexExecApproval());
      const paneId = await tmux.newPane(`exec ${old.argv.map(shellQuote).join(' ')}`);
      const oldPid = await agentPid(old);
      await poll(() => states(old.recordPath).length > 0, 'the old agent started');
      const audits: AuditRecord[] = [];
      const deps = await restartDeps(tmux, mkdtempSync(join(tmux.dir, 'claude-')), audits);

      const result = await restartAgent(deps, { paneId, mode, surface: 'cli', ...TIMING });

      expect(result).toEqual({ outcome: 'refused', message: expect.stringContaining(why) });
      expect(procAgentProcesses().alive(oldPid)).toBe(true);
      expect(readRecords(old.recordPath).filter((r) => r.type === 'key')).toEqual([]);
      expect(audits.map((a) => a.reason)).toEqual(mode === 'force' ? [] : ['restart: inspect']);
    },
    60_000,
  );

  it('reports the pane state when the new agent cannot start, and keeps the snapshot', async () => {
    const tmux = await server();
    const old = agentLaunch(tmux.dir, claudeIdleWorking());
    const paneId = await tmux.newPane(`exec ${old.argv.map(shellQuote).join(' ')}`);
    const oldPid = await agentPid(old);
    const configDir = mkdtempSync(join(tmux.dir, 'claude-'));
    seedClaudeSession(configDir, oldPid, tmux.dir, SESSION, TRANSCRIPT);
    const deps = await restartDeps(tmux, configDir, []);

    const result = await restartAgent(deps, {
      paneId,
      mode: 'force',
      command: [join(tmux.dir, 'no-such-claude')],
      surface: 'cli',
      ...TIMING,
      startTimeoutMs: 1500,
    });

    expect(result).toMatchObject({
      outcome: 'failed',
      step: 'start',
      message: expect.stringContaining(
        'the new agent did not start within 2 s (remain-on-exit stays on for the pane, so its last output can be read)',
      ),
    });
    expect(result.outcome === 'failed' && result.paneState).toMatch(new RegExp(`^pane ${paneId} is dead`));
    expect(existsSync(join(tmux.dir, '.trailboss/restart/claude.md'))).toBe(true);
    expect(procAgentProcesses().alive(oldPid)).toBe(false);
  }, 60_000);
});
