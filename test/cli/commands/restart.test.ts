import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../main/cli/program.ts';
import { restartCommand } from '../../../main/cli/commands/restart.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { RESUME_MARKER } from '../../../main/engine/snapshot/briefing.ts';
import { openStore } from '../../../main/engine/store/index.ts';
import { shellQuote } from '../../support/scripted-agent/start.ts';
import { claudeIdleWorking } from '../../support/scenarios/index.ts';
import { startPrivateTmux, type PrivateTmux } from '../../support/tmux-server.ts';
import { runCommand } from '../../engine/snapshot/support/cli-ctx.ts';
import { agentLaunch, agentPid, seedClaudeSession, submissions } from '../../engine/snapshot/support/restart-harness.ts';
import { useTempDirs } from '../../engine/snapshot/support/temp-dir.ts';
import { poll } from '../../support/poll.ts';

const tempDir = useTempDirs('tb-restart-cli-');

const BASH = readFileSync(
  join(import.meta.dirname, '../../fixtures/transcripts/claude/bash--c3785f75-9237-4c5b-9d00-07f58fc98e78.jsonl'),
  'utf8',
);
let tmux: PrivateTmux | null = null;
afterEach(async () => {
  await tmux?.kill();
  tmux = null;
});

describe('trailboss restart', () => {
  it('force-restarts Claude in a pane: snapshot from its transcript, the same command relaunched, briefing typed, every step in the audit log', async () => {
    tmux = await startPrivateTmux({ socketPath: join(tempDir(), 'tmux.sock') });
    const home = tmux.dir;
    const old = agentLaunch(home, claudeIdleWorking({ workingStepMs: 50 }));
    const next = agentLaunch(home, claudeIdleWorking({ workingStepMs: 50 }));
    const paneId = await tmux.newPane(`exec ${old.argv.map(shellQuote).join(' ')}`);
    const oldPid = await agentPid(old);
    const configDir = join(home, 'claude-config');
    seedClaudeSession(configDir, oldPid, home, 'c3785f75-9237-4c5b-9d00-07f58fc98e78', BASH);
    // Claude (Node) rewrites its argv to "claude": the restart relaunches plain `claude`, found on PATH.
    const bin = join(home, 'path-bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec ${next.argv.map(shellQuote).join(' ')}\n`);
    chmodSync(join(bin, 'claude'), 0o755);

    // tmux gives a respawned pane the PATH of the client that asked: the CLI's.
    const run = await runCommand((ctx) => restartCommand(ctx), [paneId, '--force', '--tmux-socket', tmux.name], {
      home,
      env: { CLAUDE_CONFIG_DIR: configDir, PATH: `${bin}:${process.env.PATH}` },
    });

    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      new RegExp(
        `^restarted Claude Code in ${paneId} \\(pid ${oldPid} → \\d+\\); snapshot extracted from the transcript \\(${home}/.trailboss/restart/claude.md\\), briefed at its first prompt\\n$`,
      ),
    );
    expect(run.code).toBe(0);
    const briefing = await poll(() => submissions(next)[0], 'the briefing typed to the new agent');
    expect(briefing).toContain(RESUME_MARKER);
    expect(briefing).toContain('lab:bash-cmd r13 CMD: touch auto-mode-test.txt');
    const store = openStore(join(home, 'tb', 'trailboss.db'), { clock: systemClock, logger: silentLogger });
    try {
      const rows = store.audit.list({ limit: 50 }).reverse();
      expect(rows.map((r) => r.reason)).toEqual([
        'restart: inspect',
        'restart: snapshot',
        'restart: stop',
        'restart: stop',
        'restart: start',
        'restart: start',
        'restart: brief the new session with its snapshot',
        'restart: deliver',
      ]);
      expect(rows.every((r) => r.action === 'restart' && r.surface === 'cli' && r.paneKey === `S:${tmux!.name}|${paneId}`)).toBe(true);
      expect(rows.find((r) => r.reason === 'restart: brief the new session with its snapshot')?.payload).toContain(RESUME_MARKER);
    } finally {
      store.close();
    }
  }, 60_000);

  it('says which panes exist when the reference matches none', async () => {
    tmux = await startPrivateTmux({ socketPath: join(tempDir(), 'tmux.sock') });
    await tmux.newPane('sleep 100');
    const run = await runCommand((ctx) => restartCommand(ctx), ['claude', '--tmux-socket', tmux.name], { home: tmux.dir });
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'trailboss: no agent pane matches "claude" (no agent panes found)\n' });
  });

  it('refuses bad usage', async () => {
    const home = '/nonexistent-home';
    await expect(runCommand((ctx) => restartCommand(ctx), [], { home })).rejects.toThrow(UsageError);
    await expect(runCommand((ctx) => restartCommand(ctx), ['%1', '--runtime', 'vim'], { home })).rejects.toThrow(
      /--runtime <runtime>' argument 'vim' is invalid. Allowed choices are claude, codex/,
    );
    await expect(runCommand((ctx) => restartCommand(ctx), ['%1', '--reason', 'x'], { home })).rejects.toThrow(
      /--reason <reason>' argument 'x' is invalid. Allowed choices are self-initiated/,
    );
  });
});
