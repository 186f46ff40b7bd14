import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../main/cli/program.ts';
import { snapshotCommand, type SnapshotCommandDeps } from '../../../main/cli/commands/snapshot.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import type { ProcessEntry } from '../../../main/engine/platform/process-table.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { procAgentProcesses } from '../../../main/engine/snapshot/agent-process.ts';
import { snapshotPath, writeSnapshot } from '../../../main/engine/snapshot/snapshot-file.ts';
import { runCommand } from '../../engine/snapshot/support/cli-ctx.ts';
import { useTempDirs } from '../../engine/snapshot/support/temp-dir.ts';
import { agentLaunch, agentPid, seedClaudeSession } from '../../engine/snapshot/support/restart-harness.ts';
import { shellQuote } from '../../support/scripted-agent/start.ts';
import { claudeIdleWorking, codexExecApproval } from '../../support/scenarios/index.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/transcripts/claude');
const BASH = join(FIXTURES, 'bash--c3785f75-9237-4c5b-9d00-07f58fc98e78.jsonl');
const tempDir = useTempDirs('tb-snapcli-');
const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));

/** Deps with a process table in which this CLI (pid 900) runs under a shell under Claude (pid 4242). */
function deps(table: [number, number, string, string][] = []): SnapshotCommandDeps {
  const map = new Map<number, ProcessEntry>(table.map(([pid, ppid, comm, argv]) => [pid, { pid, ppid, comm, argv }]));
  return { runner: realRunner, processes: { ...procAgentProcesses(), table: () => map }, selfPid: 900 };
}
const save = (argv: string[], home: string, extra: { cwd?: string; env?: Record<string, string>; deps?: SnapshotCommandDeps } = {}) =>
  runCommand((ctx) => snapshotCommand(ctx, extra.deps ?? deps()), ['save', ...argv], { home, clock, ...extra });

describe('trailboss snapshot save', () => {
  it('saves from a given transcript into <cwd>/.trailboss/restart/<agent>.md', async () => {
    const home = tempDir();
    const project = join(home, 'project');
    mkdirSync(project);
    const run = await save(['--transcript', BASH, '--cwd', project, '--reason', 'external', '--max-lines', '20'], home);
    expect(run).toEqual({
      code: 0,
      stdout: `saved ${project}/.trailboss/restart/claude.md (13 prompts, 20 answers from ${BASH})\n`,
      stderr: '',
    });
    const text = readFileSync(snapshotPath(project, 'claude'), 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual([
      '# Restart Snapshot — claude',
      '**Session:** c3785f75-9237-4c5b-9d00-07f58fc98e78 **Saved:** 2026-11-21T09:00:00.000Z **Reason:** external',
    ]);
  });

  it('finds the Claude session it runs under (an agent calling it from its shell tool)', async () => {
    const home = tempDir();
    const project = join(home, 'work', 'my_repo.v2');
    mkdirSync(project, { recursive: true });
    const configDir = join(home, 'claude-config');
    seedClaudeSession(configDir, 4242, project, 'c3785f75-9237-4c5b-9d00-07f58fc98e78', readFileSync(BASH, 'utf8'));
    // Another, newer session in the same project must not be picked.
    seedClaudeSession(configDir, 5000, project, 'ffffffff-0000-4000-a000-000000000000', '{"type":"user","message":{"content":"other"}}\n');
    const table: [number, number, string, string][] = [
      [4242, 1, 'claude', 'claude'],
      [4300, 4242, 'bash', 'bash -c trailboss snapshot save'],
      [900, 4300, 'node', 'node trailboss snapshot save'],
    ];
    const run = await save([], home, { cwd: join(project), env: { CLAUDE_CONFIG_DIR: configDir }, deps: deps(table) });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${project}/.trailboss/restart/claude.md (13 prompts`);
    expect(readFileSync(snapshotPath(project, 'claude'), 'utf8')).toContain('**Reason:** self-initiated');
  });

  it('falls back to the newest transcript of the directory', async () => {
    const home = tempDir();
    const configDir = join(home, '.claude');
    seedClaudeSession(configDir, 1, home, 's-1', readFileSync(BASH, 'utf8'));
    const run = await save(['--agent', 'worker-2'], home);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${home}/.trailboss/restart/worker-2.md`);
  });

  it('snapshots the Claude session in --pane (its pid → status file → transcript), and refuses another runtime', async () => {
    const tmux = await startPrivateTmux({ socketPath: join(tempDir(), 'tmux.sock') });
    try {
      const home = tmux.dir;
      const claude = agentLaunch(home, claudeIdleWorking());
      const codex = agentLaunch(home, codexExecApproval());
      const claudePane = await tmux.newPane(`exec ${claude.argv.map(shellQuote).join(' ')}`);
      const codexPane = await tmux.newPane(`exec ${codex.argv.map(shellQuote).join(' ')}`);
      const configDir = join(home, 'claude-config');
      seedClaudeSession(configDir, await agentPid(claude), home, 'c3785f75-9237-4c5b-9d00-07f58fc98e78', readFileSync(BASH, 'utf8'));
      await agentPid(codex);
      const env = { CLAUDE_CONFIG_DIR: configDir };
      const run = await save(['--pane', claudePane, '--tmux-socket', tmux.name], home, {
        env,
        deps: { ...deps(), processes: procAgentProcesses() },
      });
      expect(run.stdout).toBe(
        `saved ${home}/.trailboss/restart/claude.md (13 prompts, 20 answers from ${configDir}/projects/${home.replace(/[^a-zA-Z0-9]/g, '-')}/c3785f75-9237-4c5b-9d00-07f58fc98e78.jsonl)\n`,
      );
      const other = await save(['--pane', codexPane, '--tmux-socket', tmux.name], home, {
        env,
        deps: { ...deps(), processes: procAgentProcesses() },
      });
      expect(other).toEqual({
        code: 1,
        stdout: '',
        stderr: `trailboss: snapshot save reads Claude Code transcripts; pane ${codexPane} runs codex\n`,
      });
    } finally {
      await tmux.kill();
    }
  }, 60_000);

  it('says so when there is no transcript', async () => {
    const home = tempDir();
    const run = await save([], home);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^trailboss: no transcript for /);
  });

  it('refuses bad options', async () => {
    const home = tempDir();
    await expect(save(['--reason', 'bored'], home)).rejects.toThrow(UsageError);
    await expect(save(['--agent', '../x'], home)).rejects.toThrow(UsageError);
    await expect(save(['--max-lines', '3'], home)).rejects.toThrow(UsageError);
    await expect(runCommand((ctx) => snapshotCommand(ctx, deps()), ['frobnicate'], { home })).rejects.toThrow(UsageError);
  });
});

describe('trailboss snapshot restore / check', () => {
  it('restore prints and deletes; then check and restore say there is none', async () => {
    const home = tempDir();
    writeSnapshot(snapshotPath(home, 'claude'), '# Restart Snapshot — claude\nbody\n');
    const cmd = (argv: string[]) => runCommand((ctx) => snapshotCommand(ctx, deps()), argv, { home });
    expect(await cmd(['check'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await cmd(['restore'])).toEqual({ code: 0, stdout: '# Restart Snapshot — claude\nbody\n', stderr: '' });
    expect(await cmd(['check'])).toEqual({ code: 1, stdout: '', stderr: '' });
    expect((await cmd(['restore'])).code).toBe(1);
  });

  it('finds the project from a subdirectory, and picks the only snapshot there', async () => {
    const home = tempDir();
    writeSnapshot(snapshotPath(home, 'codex'), 'codex snapshot\n');
    const sub = join(home, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    const run = await runCommand((ctx) => snapshotCommand(ctx, deps()), ['restore'], { home, cwd: sub });
    expect(run).toEqual({ code: 0, stdout: 'codex snapshot\n', stderr: '' });
  });

  it('uses --agent, else TRAILBOSS_AGENT, when several snapshots exist', async () => {
    const home = tempDir();
    writeSnapshot(snapshotPath(home, 'a'), 'A\n');
    writeSnapshot(snapshotPath(home, 'b'), 'B\n');
    const cmd = (argv: string[], env: Record<string, string> = {}) =>
      runCommand((ctx) => snapshotCommand(ctx, deps()), argv, { home, env });
    expect((await cmd(['restore', '--agent', 'b'])).stdout).toBe('B\n');
    expect((await cmd(['restore'], { TRAILBOSS_AGENT: 'a' })).stdout).toBe('A\n');
  });
});

describe('trailboss snapshot list', () => {
  it("lists the project's snapshots and those kept for agents on hosts, each line naming its host", async () => {
    const home = tempDir();
    const project = join(home, 'project');
    writeSnapshot(snapshotPath(project, 'claude'), '# Restart Snapshot — claude\n');
    const remote = join(home, 'tb', 'snapshots', 'gpu', '-home-dev-api');
    writeSnapshot(snapshotPath(remote, 'claude'), '# Restart Snapshot — claude\n**Host:** gpu\n');
    const cmd = (argv: string[]) => runCommand((ctx) => snapshotCommand(ctx, deps()), ['list', ...argv], { home, cwd: project });

    const table = await cmd([]);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^HOST\s+AGENT\s+SAVED\s+FILE$/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^-\\s+claude\\s+\\S+Z\\s+${project}/\\.trailboss/restart/claude\\.md$`)),
      expect.stringMatching(new RegExp(`^gpu\\s+claude\\s+\\S+Z\\s+${remote}/\\.trailboss/restart/claude\\.md$`)),
    ]);
    const json = JSON.parse((await cmd(['--json'])).stdout) as { snapshots: { host: string | null; project: string }[] };
    expect(json.snapshots.map((s) => [s.host, s.project])).toEqual([
      [null, project],
      ['gpu', '-home-dev-api'],
    ]);
    const empty = tempDir();
    expect((await runCommand((ctx) => snapshotCommand(ctx, deps()), ['list'], { home: empty })).stdout).toBe('No snapshots.\n');
  });
});
