import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPrivateTmux } from '../support/tmux-server.ts';
import type { PrivateTmux } from '../support/tmux-server.ts';
import { cli } from '../support/cli-context.ts';
import { poll } from '../support/poll.ts';
import { namedSleeper, showFixtureCommand } from '../support/fake-agent-binary.ts';

const FIX = join(import.meta.dirname, '../fixtures/panes');
let tmux: PrivateTmux | null = null;

afterEach(async () => {
  await tmux?.kill();
  tmux = null;
});

/** A one-shot scan reads the screen as it is: wait until the fixture's last line is on it (a loaded machine draws late). */
async function drawn(pane: string, fixture: string): Promise<void> {
  const last =
    readFileSync(join(FIX, fixture), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '')
      .at(-1) ?? '';
  await poll(
    async () => (await (tmux as PrivateTmux).tmux(['capture-pane', '-p', '-t', pane])).includes(last),
    `${fixture} drawn in ${pane}`,
    { intervalMs: 100 },
  );
}

function socketOf(t: PrivateTmux): string {
  if (t.server.kind !== 'socket') throw new Error('status tests need a socket-path server');
  return t.server.path;
}

describe('trailboss status', () => {
  it('reports each agent pane with its state and, for a prompt, the keys', async () => {
    tmux = await startPrivateTmux({ socketPath: join(mkdtempSync(join(tmpdir(), 'tb-status-')), 'sock') });
    const claude = namedSleeper(tmux.dir, 'claude');
    const permPane = await tmux.newPane(showFixtureCommand(join(FIX, 'claude/perm-bash.txt'), claude), {
      width: 120,
      height: 40,
      session: 'work',
    });
    const idlePane = await tmux.newPane(showFixtureCommand(join(FIX, 'claude/idle-after-turn.txt'), claude), {
      width: 120,
      height: 40,
      session: 'work',
    });
    await tmux.newPane('exec sleep 100000', { session: 'other' });
    await drawn(permPane, 'claude/perm-bash.txt');
    await drawn(idlePane, 'claude/idle-after-turn.txt');
    const run = await cli(['status', '--json', '--tmux-socket', socketOf(tmux)], { home: tmux.dir });
    expect(run.code).toBe(0);
    const { agents } = JSON.parse(run.stdout) as { agents: { state: string; runtime: string; prompt?: Record<string, unknown> }[] };
    expect(agents).toHaveLength(2);
    const perm = agents.find((a) => a.state === 'permission');
    expect(perm?.runtime).toBe('claude');
    expect(perm?.prompt).toMatchObject({ kind: 'permission', subject: 'ls -la /tmp', approveKey: '1', denyKey: '4' });
    expect(perm?.prompt?.options).toContainEqual({
      key: '3',
      label: 'Yes, and switch to auto mode · auto mode handles these prompts for you',
      kind: 'always',
    });
    expect(agents.find((a) => a.state === 'idle')).toBeDefined();
  });

  it('prints a readable table', async () => {
    tmux = await startPrivateTmux({ socketPath: join(mkdtempSync(join(tmpdir(), 'tb-status-')), 'sock') });
    const claude = namedSleeper(tmux.dir, 'claude');
    await drawn(
      await tmux.newPane(showFixtureCommand(join(FIX, 'claude/perm-bash.txt'), claude), { width: 120, height: 40, session: 'work' }),
      'claude/perm-bash.txt',
    );
    const run = await cli(['status', '--tmux-socket', socketOf(tmux)], { home: tmux.dir });
    expect(run.stdout).toMatch(/^PANE\s+TARGET\s+RUNTIME\s+STATE/);
    expect(run.stdout).toMatch(/permission .*ls -la \/tmp — approve: 1 \(Yes\)/);
  });

  it('says so plainly when no server runs', async () => {
    tmux = await startPrivateTmux({ socketPath: join(mkdtempSync(join(tmpdir(), 'tb-status-')), 'sock') });
    const run = await cli(['status', '--tmux-socket', socketOf(tmux)], { home: tmux.dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('No agents found in tmux.\n');
  });

  it('exits 2 with a clear message when tmux is not installed', async () => {
    tmux = await startPrivateTmux({ socketPath: join(mkdtempSync(join(tmpdir(), 'tb-status-')), 'sock') });
    // PATH alone no longer hides tmux (the usual directories are searched too, as for an app started
    // from the Dock): a tmux.path naming no file is how "not installed" looks from here.
    writeFileSync(join(tmux.dir, 'config.json'), JSON.stringify({ tmux: { path: '/nonexistent/tmux' } }));
    const run = await cli(['status', '--tmux-socket', socketOf(tmux)], { home: tmux.dir, env: { PATH: '/nonexistent' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/tmux is not installed/);
  });

  it('rejects unknown options as usage errors', async () => {
    const run = await cli(['status', '--bogus'], { home: '/nonexistent' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown option '--bogus'/);
  });
});

describe('trailboss status with a running engine', () => {
  it("reports the daemon's view (state, prompt and keys) when no socket is named", async () => {
    const { startEngineHarness } = await import('../support/engine-harness.ts');

    const { startScriptedAgent } = await import('../support/scripted-agent/start.ts');
    const { claudePermBash } = await import('../support/scenarios/index.ts');
    const h = await startEngineHarness({ api: true });
    try {
      await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
      const home = join(h.home, 'tb');
      const run = await poll(async () => {
        const r = await cli(['status', '--json'], { home: h.home, env: { TRAILBOSS_HOME: home } });
        return r.stdout.includes('"permission"') ? r : null;
      }, 'the engine to report the prompt');
      const { agents } = JSON.parse(run.stdout) as { agents: { state: string; source: string; prompt?: Record<string, unknown> }[] };
      expect(agents).toHaveLength(1);
      expect(agents[0]).toMatchObject({
        state: 'permission',
        source: 'engine',
        prompt: { subject: 'ls -la /tmp', approveKey: '1', denyKey: '4' },
      });
    } finally {
      await h.dispose();
    }
  });
});
