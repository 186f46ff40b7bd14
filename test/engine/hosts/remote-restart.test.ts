/**
 * Snapshots and restart of an agent on a "remote" host over real OpenSSH: a private sshd whose
 * sessions have a HOME of their own (so the remote ~/.claude is not this machine's), a private tmux
 * behind it, scripted agents recording every key, and the live host set the engine uses.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../main/engine/actions/types.ts';
import type { HostTmuxClient } from '../../../main/engine/hosts/host-client.ts';
import { HostSet } from '../../../main/engine/hosts/host-set.ts';
import { HostShellError } from '../../../main/engine/hosts/host-shell.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { RUNTIMES } from '../../../main/engine/runtimes/catalog.ts';
import { procAgentProcesses } from '../../../main/engine/snapshot/agent-process.ts';
import { localSite } from '../../../main/engine/snapshot/agent-site.ts';
import { RESUME_MARKER } from '../../../main/engine/snapshot/briefing.ts';
import { saveParsedSnapshot } from '../../../main/engine/snapshot/extract.ts';
import { remoteSite } from '../../../main/engine/snapshot/remote-site.ts';
import { restartAgent } from '../../../main/engine/snapshot/restart.ts';
import type { RestartDeps } from '../../../main/engine/snapshot/restart-types.ts';
import type { TmuxClient } from '../../../main/engine/tmux/types.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { poll } from '../../support/poll.ts';
import { codexIdle, codexWorkingStates } from '../../support/scenarios/codex.ts';
import { claudeIdleWorking, claudePermBash, FIXTURES_ROOT } from '../../support/scenarios/index.ts';
import { assertScenario } from '../../support/scripted-agent/scenario.ts';
import { readRecords } from '../../support/scripted-agent/record.ts';
import { shellQuote, startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { TestSshd } from '../../support/sshd.ts';
import { startSshd } from '../../support/sshd.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import type { RemoteHarness } from '../../support/remote-harness.ts';
import { REMOTE_HOST, startRemoteHarness } from '../../support/remote-harness.ts';
import { isolatedGitRunner, makeRepo } from '../snapshot/support/git.ts';
import { agentLaunch, agentPid, seedClaudeSession, submissions } from '../snapshot/support/restart-harness.ts';
import { transcriptLines } from '../snapshot/support/transcript-gen.ts';

const FIXTURE = join(import.meta.dirname, '../../fixtures/transcripts/claude/bash--c3785f75-9237-4c5b-9d00-07f58fc98e78.jsonl');
const SESSION = 'c3785f75-9237-4c5b-9d00-07f58fc98e78';
const TIMING = { pollMs: 50, startTimeoutMs: 20_000, readyTimeoutMs: 20_000, stopTimeoutMs: 5000 } as const;

interface Remote {
  readonly sshd: TestSshd;
  readonly tmux: PrivateTmux;
  readonly set: HostSet;
  readonly client: HostTmuxClient;
  /** The remote user's HOME (sshd's SetEnv): its ~/.claude holds the transcripts. */
  readonly home: string;
  /** This machine's directory for remote snapshots. */
  readonly local: string;
}

let remote: Remote | null = null;
let harness: RemoteHarness | null = null;
afterEach(async () => {
  if (remote) {
    await remote.set.dispose();
    await remote.tmux.kill();
    await remote.sshd.dispose();
    rmSync(remote.home, { recursive: true, force: true });
    rmSync(remote.local, { recursive: true, force: true });
  }
  remote = null;
  await harness?.dispose();
  harness = null;
});

async function startRemote(): Promise<Remote> {
  const home = mkdtempSync('/tmp/tb-remote-home-');
  const local = mkdtempSync('/tmp/tb-local-snapshots-');
  const sshd = await startSshd({ sessionEnv: { HOME: home } });
  const tmux = await startPrivateTmux({ socketPath: join(sshd.dir, 'remote-tmux.sock') });
  const clients: TmuxClient[] = [];
  const set = new HostSet({ clients, runner: realRunner, clock: systemClock, logger: silentLogger, onRemove: () => {} });
  // The tmux server must run before the host connects (else it is "no-server" for a while).
  await tmux.newPane('sleep 3600');
  await set.apply([
    { name: REMOTE_HOST, destination: sshd.alias, sockets: [join(sshd.dir, 'remote-tmux.sock')], sshConfig: sshd.sshConfig, enabled: true },
  ]);
  const client = clients[0] as HostTmuxClient;
  await poll(() => client.status().kind === 'up', 'the host connected', { timeoutMs: 20_000 });
  remote = { sshd, tmux, set, client, home, local };
  return remote;
}

function siteOf(r: Remote) {
  return remoteSite({ shell: r.client.shell!, snapshotsDir: r.local, logger: silentLogger });
}

function deps(r: Remote, audits: AuditRecord[]): RestartDeps {
  return {
    tmux: r.client,
    runtimes: RUNTIMES,
    // Not used: the remote site answers for the host's processes.
    processes: procAgentProcesses('/nonexistent'),
    clock: systemClock,
    runner: realRunner,
    audit: (a) => audits.push(a),
    claudeConfigDir: '/nonexistent',
    logger: silentLogger,
    site: siteOf(r),
  };
}

describe('snapshots of a remote Claude session', () => {
  it('the session is found under the remote HOME and gives the same snapshot as locally, branch included, with the host named', async () => {
    const r = await startRemote();
    expect((await r.client.shell!.run(['sh', '-c', 'echo "$HOME"'])).stdout.trim()).toBe(r.home);
    const project = join(r.home, 'work', 'project');
    mkdirSync(project, { recursive: true });
    const git = isolatedGitRunner(r.home);
    await makeRepo(git, project, [{ message: 'start the lab', files: { 'README.md': 'x' } }]);
    await git.run('git', ['-C', project, 'switch', '-q', '-c', 'feature/remote']);
    writeFileSync(join(project, 'dirty.txt'), 'y');
    // A big transcript (several MiB, so the stream crosses many chunks) next to the fixture session.
    const big = [
      ...transcriptLines({ seed: 7, turns: 400, toolResultBytes: 12_000, cwd: project }, {
        messages: [],
        usage: null,
        malformed: 0,
      } as never),
    ];
    const transcript = seedClaudeSession(join(r.home, '.claude'), 4242, project, SESSION, readFileSync(FIXTURE, 'utf8'));
    const other = join(r.home, '.claude', 'projects', project.replace(/[^a-zA-Z0-9]/g, '-'), 'big.jsonl');
    writeFileSync(other, `${big.join('\n')}\n`);

    const site = siteOf(r);
    const local = localSite({
      processes: procAgentProcesses(),
      runner: git,
      claudeConfigDir: join(r.home, '.claude'),
      logger: silentLogger,
    });
    expect(await site.claudeSession(4242)).toMatchObject({ sessionId: SESSION, cwd: project });
    expect(await site.claudeSession(4243)).toBeNull();
    expect(await site.locateTranscript({ sessionId: SESSION, cwd: project })).toEqual({ path: transcript, source: 'session' });
    expect(await site.locateTranscript({ sessionId: SESSION, cwd: '/elsewhere' })).toEqual({ path: transcript, source: 'session' });
    expect(await site.locateTranscript({ sessionId: null, cwd: project })).toEqual(
      await local.locateTranscript({ sessionId: null, cwd: project }),
    );
    expect(await site.locateTranscript({ sessionId: 'no-such-session', cwd: project })).toEqual({
      error: `no transcript for session no-such-session under ${join(r.home, '.claude', 'projects')} on host ${REMOTE_HOST}`,
    });

    for (const file of [transcript, other]) {
      const remoteParsed = await site.parseTranscript(file, 200);
      expect(remoteParsed).toEqual(await local.parseTranscript(file, 200));
    }
    expect((await site.parseTranscript(other, 200)).stats.bytes).toBeGreaterThan(4 << 20);

    const clock = new ManualClock(Date.UTC(2026, 10, 26, 1, 0, 0));
    const save = (s: typeof site, file: string) =>
      s
        .parseTranscript(transcript, 40)
        .then((parsed) =>
          saveParsedSnapshot(
            { clock, runner: s.gitRunner },
            { parsed, projectDir: project, file, agent: 'claude', reason: 'external', maxLines: 40, host: s.host },
          ),
        );
    const there = await save(site, join(r.local, 'remote.md'));
    const here = await save(local, join(r.local, 'local.md'));
    expect(there.text).toContain('## Branch (git status --branch)\n    feature/remote\n');
    expect(there.text).toContain('    ?? dirty.txt');
    expect(there.text.split('\n')[1]).toBe(`${here.text.split('\n')[1]} **Host:** ${REMOTE_HOST}`);
    expect(there.text.split('\n').slice(2)).toEqual(here.text.split('\n').slice(2));
  }, 90_000);
});

describe('restart of a remote pane', () => {
  it('graceful: not asked to save (its file would be on the host); the transcript is read over ssh, the agent stopped and started there, the briefing typed once', async () => {
    const r = await startRemote();
    const project = join(r.home, 'work', 'project');
    mkdirSync(project, { recursive: true });
    const old = agentLaunch(r.tmux.dir, claudeIdleWorking({ workingStepMs: 50 }));
    const next = agentLaunch(r.tmux.dir, claudeIdleWorking({ workingStepMs: 50 }));
    // Launched from a shell in the project, as a user does.
    const paneId = await r.tmux.newPane('sh');
    await r.tmux.tmux(['send-keys', '-t', paneId, '-l', `cd ${shellQuote(project)} && ${old.argv.map(shellQuote).join(' ')}`]);
    await r.tmux.tmux(['send-keys', '-t', paneId, 'Enter']);
    const oldPid = await agentPid(old);
    await poll(() => readRecords(old.recordPath).some((x) => x.type === 'state' && x.state === 'idle'), 'the old agent idle');
    seedClaudeSession(join(r.home, '.claude'), oldPid, project, SESSION, readFileSync(FIXTURE, 'utf8'));
    const audits: AuditRecord[] = [];

    const result = await restartAgent(deps(r, audits), { paneId, mode: 'graceful', command: next.argv, surface: 'cli', ...TIMING });

    const file = join(r.local, REMOTE_HOST, project.replace(/[^a-zA-Z0-9]/g, '-'), '.trailboss', 'restart', 'claude.md');
    expect(result).toMatchObject({ outcome: 'restarted', snapshotFrom: 'transcript', delivery: 'typed', oldPid, snapshotPath: file });
    expect(result.message).toContain(`in ${paneId} on host ${REMOTE_HOST}`);
    // Not asked to save its own snapshot (the file would be on the host): nothing typed to the old agent.
    expect(submissions(old)).toEqual([]);
    // The Enter is sent; the agent records the submission when it reads it.
    const briefings = await poll(() => (submissions(next).length > 0 ? submissions(next) : null), 'the briefing submitted');
    expect(briefings).toHaveLength(1);
    expect(briefings[0]).toContain(RESUME_MARKER);
    expect(briefings[0]).toContain(`**Session:** ${SESSION} `);
    expect(briefings[0]).toContain(`**Host:** ${REMOTE_HOST}`);
    expect(briefings[0]).toContain('lab:bash-cmd r13 CMD: touch auto-mode-test.txt');
    expect(procAgentProcesses().alive(oldPid)).toBe(false);
    expect(result.outcome === 'restarted' && result.newPid).toBe(await agentPid(next));
    expect(audits.every((a) => a.paneKey.startsWith(`@${REMOTE_HOST}:S:`) && a.paneKey.endsWith(`|${paneId}`))).toBe(true);
    expect(audits.map((a) => a.reason)).toEqual([
      'restart: inspect',
      'restart: snapshot',
      'restart: snapshot',
      'restart: stop',
      'restart: stop',
      'restart: start',
      'restart: start',
      'restart: brief the new session with its snapshot',
      'restart: deliver',
    ]);
    expect(audits[1]!.outcome).toBe(`it runs on host ${REMOTE_HOST}, so it was not asked to save its own snapshot`);
    expect(audits[2]!.outcome).toMatch(new RegExp(`^extracted from .* on host ${REMOTE_HOST} \\(session;`));
  }, 90_000);

  it('a Codex agent on a host is refused with the reason (no transcript to extract), and nothing is changed', async () => {
    const r = await startRemote();
    const codex = agentLaunch(
      r.tmux.dir,
      assertScenario({
        name: 'codex-idle',
        runtime: 'codex',
        initial: 'idle',
        fixturesRoot: FIXTURES_ROOT,
        states: { ...codexWorkingStates(50), idle: codexIdle('idle-after-turn') },
      }),
    );
    const paneId = await r.tmux.newPane(`exec ${codex.argv.map(shellQuote).join(' ')}`);
    const pid = await agentPid(codex);
    const force = await restartAgent(deps(r, []), { paneId, mode: 'force', surface: 'cli', ...TIMING });
    expect(force).toMatchObject({ outcome: 'refused', message: expect.stringContaining('only Claude Code keeps one') });
    const graceful = await restartAgent(deps(r, []), { paneId, mode: 'graceful', surface: 'cli', ...TIMING });
    expect(graceful).toEqual({
      outcome: 'refused',
      message: `Codex in ${paneId} on host ${REMOTE_HOST}: it runs on host ${REMOTE_HOST}, so it was not asked to save its own snapshot; it keeps no transcript to extract one from. Nothing was restarted.`,
    });
    expect(procAgentProcesses().alive(pid)).toBe(true);
  }, 60_000);
});

describe('the host shell', () => {
  it('runs and streams (3 MB, chunk by chunk) on the host; with sshd gone a run fails with a HostShellError naming the host', async () => {
    const r = await startRemote();
    const shell = r.client.shell!;
    expect((await shell.run(['sh', '-c', 'exit 3'])).exitCode).toBe(3);
    const chunks: number[] = [];
    const streamed = await shell.stream(['sh', '-c', 'head -c 3000000 /dev/zero'], (c) => chunks.push(c.length));
    expect([streamed.exitCode, chunks.reduce((a, b) => a + b, 0)]).toEqual([0, 3_000_000]);
    await r.sshd.stop();
    // sshd's stop kills every session, the master too: the next run connects on its own and is refused.
    const failed = await shell.run(['true']).then(
      (ok) => ok,
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(HostShellError);
    expect((failed as HostShellError).message).toMatch(new RegExp(`^host ${REMOTE_HOST}: the host cannot be reached`));
  }, 90_000);
});

describe('restart through the engine', () => {
  it('an item on a host that went down is refused with the host reason, never queued; nothing reaches the agent', async () => {
    harness = await startRemoteHarness();
    const agent = await startScriptedAgent(harness.remote, claudePermBash(), { session: 'gpu-worker' });
    const item = await poll(
      async () => {
        const q = await harness!.h.engine.api['queue:list']({});
        return q.ok ? q.value.find((i) => i.host === REMOTE_HOST && i.reason === 'permission') : undefined;
      },
      'a remote permission item',
      { timeoutMs: 20_000 },
    );
    await harness.sshd.stop();
    await poll(
      async () => {
        const q = await harness!.h.engine.api['queue:list']({});
        return q.ok && q.value.find((i) => i.id === item.id)?.unreachable;
      },
      'the item marked unreachable',
      { timeoutMs: 30_000 },
    );
    const result = await harness.h.engine.api['item:restart']({ id: item.id, runtime: null });
    expect(result).toMatchObject({
      ok: true,
      value: {
        outcome: 'refused',
        message: expect.stringMatching(new RegExp(`^host ${REMOTE_HOST} unreachable since .*; nothing was restarted$`)),
      },
    });
    await harness.sshd.start();
    await poll(
      async () => {
        const q = await harness!.h.engine.api['queue:list']({});
        return q.ok && q.value.find((i) => i.id === item.id && i.unreachable === null);
      },
      'the host back',
      { timeoutMs: 60_000 },
    );
    expect(await agent.keyNames()).toEqual([]);
  }, 120_000);
});
