/**
 * `trailboss wake` and `trailboss loop` in-process against a real engine (loopback API, private
 * tmux, scripted agents): exit 0 done, 1 refused with the reason, 2 no engine or bad usage.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeIdleWorking, claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import type { EngineHarness } from '../support/engine-harness.ts';
import { cli } from '../support/cli-context.ts';
import { paneKeyOf, queue, startWatchdogEngine, submissionsReach } from '../engine/watchdog-integration/support.ts';
import { poll } from '../support/poll.ts';

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const run = (argv: string[]) => cli(argv, { home: join(h!.home, 'tb') });

async function idleAgent(watchdog: Record<string, unknown> = {}) {
  h = await startWatchdogEngine(watchdog, { api: true });
  const agent = await startScriptedAgent(h.tmux, claudeIdleWorking(), { session: 'work' });
  await paneKeyOf(h, agent);
  await poll(async () => (await queue(h!)).find((i) => i.reason === 'idle'), 'the idle item');
  return agent;
}

describe('trailboss wake', () => {
  it('types the message into the idle agent and exits 0', async () => {
    const agent = await idleAgent();
    const r = await run(['wake', agent.paneId, 'pick', 'up', 'ticket', '42']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^woke work:\d+\.\d+ \(.*\): typed "pick up ticket 42"\n$/);
    const [submitted] = await submissionsReach(agent, 1, 5000);
    expect(submitted!.text).toBe('pick up ticket 42');
  }, 30_000);

  it('without a message types the configured continue message', async () => {
    const agent = await idleAgent({ message: 'keep going with the plan' });
    // Named by its tmux target this time.
    expect(await run(['wake', 'work:0.0'])).toMatchObject({ code: 0, stderr: '' });
    const [submitted] = await submissionsReach(agent, 1, 5000);
    expect(submitted!.text).toBe('keep going with the plan');
  }, 30_000);

  it('is refused at a permission prompt with the reason, exit 1, and no key sent', async () => {
    h = await startWatchdogEngine({}, { api: true });
    const agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'work' });
    await poll(async () => (await queue(h!)).find((i) => i.reason === 'permission'), 'the permission item');
    const r = await run(['wake', agent.paneId, 'continue']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not woken \(refused\): the agent is not at its input prompt/);
    expect(await agent.keys()).toEqual([]);
  }, 30_000);

  it('exits 1 naming the reference when no watched pane matches', async () => {
    await idleAgent();
    const r = await run(['wake', '%99', 'hello']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no watched agent pane matches '%99'/);
  }, 30_000);

  it('exits 2 without a pane', async () => {
    const r = await cli(['wake'], { home: '/nonexistent' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing required argument 'pane'/);
  });

  it('exits 2 when no engine runs for the home', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-cli-'));
    try {
      const r = await cli(['wake', '%1', 'hello'], { home });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/no Trail Boss engine is running/);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('trailboss loop', () => {
  it('active: exits 0, reports the mode, and the watchdog nudges the idle agent', async () => {
    const agent = await idleAgent();
    const r = await run(['loop', agent.paneId, 'active']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/: loop mode active\n$/);
    const [submitted] = await submissionsReach(agent, 1, 10_000);
    expect(submitted!.text).toBe('continue');
  }, 30_000);

  it('task-only --directive records the directive and the watchdog re-injects it', async () => {
    const agent = await idleAgent();
    const r = await run(['loop', agent.paneId, 'task-only', '--directive', 'finish the migration']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/loop mode task-only, directive "finish the migration"/);
    const [submitted] = await submissionsReach(agent, 1, 10_000);
    expect(submitted!.text).toBe('finish the migration');
  }, 30_000);

  it('--json prints the agent with its new mode', async () => {
    const agent = await idleAgent();
    const r = await run(['loop', agent.paneId, 'active', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ loopMode: 'active', target: expect.stringMatching(/^work:/) });
  }, 30_000);

  it('exits 2 on an unknown mode, naming it', async () => {
    const r = await cli(['loop', '%1', 'sometimes'], { home: '/nonexistent' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown mode 'sometimes'/);
  });

  it('exits 1 when no watched pane matches', async () => {
    await idleAgent();
    const r = await run(['loop', '%99', 'active']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no watched agent pane matches '%99'/);
  }, 30_000);
});
